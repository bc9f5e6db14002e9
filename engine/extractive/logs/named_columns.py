"""A log that names its columns in a comment line (``#Fields: date time c-ip …``,
``#fields\tts\tuid\t…``): its records are the data lines, each column's role found by its
values, not by its name.

The naming line is a ``#`` line whose names (after its first token) are as many as the data
lines' columns, split by tabs when the data is, else by blanks (a part of the log past it
reads as one when its lines are a table of as many columns: of requests, or parted by tabs
with a time, a level and a message column). A column of times (a date,
a time of day, an epoch) gives the record's time; a column of upper-case words of a small
set beside a column of paths (``/…``) gives a request (method and route, the template, as
an access log's); a column of three-digit codes of a small set its status; the column of
IPv4 addresses of most distinct values its client; a column of level words its level (a
qualified enum's name, ``Reporter::WARNING``, by its last part). Outside an access log, the
column of words (a blank in most values) of the most distinct values is the message, the
other columns (a source's location, a flag) its context; a log without one has its columns'
values as its message. The roles travel as the format's name (``columns:{…}``) so every chunk
reads the log alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.formats import Parser, Record, _record, route

PREFIX = "columns:"
_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_STATUS = re.compile(r"^[1-5][0-2]\d$")  # (an HTTP status: 200, 304, 404, 503)
_METHOD = re.compile(r"^[A-Z]{3,10}$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_CLOCK = re.compile(r"^\d{2}:\d{2}:\d{2}(?:\.\d+)?$")
_EPOCH = re.compile(r"^1\d{9}(?:\.\d+)?$")
_SMALL = 12  # distinct values of a method, status or level column, at most
_TABLE = 8  # columns of a table read without its naming line, at least
_ALL = 0.95  # of its data lines as wide


def data_lines(lines: Sequence[str]) -> list[str]:
    """The lines that are no ``#`` directive (those are lines of no record)."""
    return [ln for ln in lines if ln and not ln.startswith("#")]


def learn_columns(lines: Sequence[str], need_of: Callable[[int], float]) -> str | None:
    """The format of a log whose columns a ``#`` line names, or None; ``need_of(n)``: the
    data lines of ``n`` that must be records (a part of many sections may be half
    directives)."""
    data = data_lines(lines)
    need = need_of(len(data))
    if not data or len(data) < need:
        return None
    sep = "\t" if sum(1 for ln in data if "\t" in ln) >= need else None
    width = max(set(counts := [len(ln.split(sep)) for ln in data]), key=counts.count)
    named = any(ln.startswith("#") and len(ln.split(sep)) - 1 == width
                for ln in lines)
    # a part of the log without its naming line: a table of requests all as wide (as a
    # named one), so each part of a log reads it alike
    # (but for its first and last lines, which a part's edges may cut)
    even = counts.count(width) >= _ALL * len(data) - 2
    wide, tabbed = even and width >= _TABLE, even and sep == "\t"
    if not (named or wide or tabbed) or counts.count(width) < need or width < 3:
        return None
    rows = [ln.split(sep) for ln in data if len(ln.split(sep)) == width]
    roles = _roles(rows, width)
    if "time" not in roles or not (named or (wide and "method" in roles) or (
            tabbed and "level" in roles and "message" in roles)):
        return None  # (a table without its naming line: one of requests, or of tab-parted
        # records each with a time, a level and a message)
    return PREFIX + json.dumps({"sep": sep, "width": width, **roles}, sort_keys=True)


def level_word(value: str) -> str | None:
    """The level a column's value names: a level word, or a qualified enum's name whose last
    part is one (``Reporter::WARNING``, ``Level::Error``)."""
    return level_of(value) or (level_of(value.rsplit("::", 1)[1]) if "::" in value else None)


def _roles(rows: Sequence[list[str]], width: int) -> dict[str, object]:
    roles: dict[str, object] = {}
    cols = [[r[j] for r in rows] for j in range(width)]

    def every(j: int, rx: re.Pattern[str]) -> bool:
        return sum(1 for v in cols[j] if rx.match(v)) >= 0.9 * len(rows)

    def small(j: int) -> bool:
        return len(set(cols[j])) <= _SMALL

    times = [j for j in range(width) if every(j, _DATE) or every(j, _CLOCK) or every(j, _EPOCH)]
    if times:
        roles["time"] = times[:2]
    paths = [j for j in range(width) if sum(1 for v in cols[j] if v[:1] == "/") >= 0.9 * len(rows)]
    methods = [j for j in range(width) if small(j) and every(j, _METHOD)]
    if paths and methods:
        roles["method"], roles["path"] = methods[0], paths[0]
    status = [j for j in range(width) if small(j) and every(j, _STATUS)]
    if status:  # (of the most codes: a port is one number; ties to the later)
        roles["status"] = max(status, key=lambda j: (len(set(cols[j])), j))
    ips = [j for j in range(width) if every(j, _IPV4)]
    if ips:
        roles["ip"] = max(ips, key=lambda j: (len(set(cols[j])), j))  # (ties: the later)
    levels = [j for j in range(width) if small(j)
              and sum(1 for v in cols[j] if level_word(v) is not None) * 2 >= len(rows)]
    if levels:
        roles["level"] = levels[0]
    if "method" not in roles:
        worded = [j for j in range(width) if j not in times and j not in levels[:1]
                  and sum(1 for v in cols[j] if " " in v.strip()) * 2 >= len(rows)]
        if worded:  # (ties: the earlier)
            roles["message"] = max(worded, key=lambda j: (len(set(cols[j])), -j))
    return roles


def is_columns(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def requests(fmt: str) -> bool:
    """Whether a named-columns format reads requests (a method and a path)."""
    return is_columns(fmt) and '"method"' in fmt


@lru_cache(maxsize=64)
def columns_parser(fmt: str) -> Parser:
    """The parser of a learned named-columns format."""
    roles = json.loads(fmt[len(PREFIX):])
    sep, width = roles["sep"], roles["width"]

    def parse(line: str) -> Record | None:
        if not line or line[0] == "#":
            return None
        values = line.split(sep)
        if len(values) != width:
            return None
        fields: dict[str, str] = {}
        for role in ("status", "ip"):
            if role in roles:
                fields[role] = values[roles[role]]
        if "method" in roles:
            method, path = values[roles["method"]], values[roles["path"]]
            fields["method"], fields["path"] = method, path.split("?", 1)[0]
            message = f"{method} {route(fields['path'])}"
        elif "message" in roles:
            message = values[roles["message"]]
        else:
            message = " ".join(v for j, v in enumerate(values) if j not in roles["time"])
        level = values[roles["level"]].rsplit("::", 1)[-1] if "level" in roles else None
        return _record(_time([values[j] for j in roles["time"]]), level, message, fields)

    return parse


def _time(parts: Sequence[str]) -> str | None:
    import datetime as dt

    date = next((p for p in parts if _DATE.match(p)), None)
    clock = next((p for p in parts if _CLOCK.match(p)), None)
    if date and clock:
        return f"{date}T{clock[:8]}"
    epoch = next((p for p in parts if _EPOCH.match(p)), None)
    if epoch is not None:
        return dt.datetime.fromtimestamp(float(epoch), tz=dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return None
