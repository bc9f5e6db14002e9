"""A log whose records are rows of fields each in angle brackets: "<…> <…> <…> …".

Some servers write every field of a record between "<" and ">" ('####<Mar 1, 2024 12:00:07
AM UTC> <Error> <Deployer> <web-1> … <BEA-149205> <Failed to deploy the application.>').
Cut at blanks, a field's own blanks part it and the header's columns never line up: every
template then holds the header's fields. Read as a row of bracketed fields (a bracket
inside a field, "<<WLS Kernel>>", is the field's own), the roles are found by the values,
as a CSV log's are (:mod:`.csv_records`): the level is the field whose values are a small
closed set of level words on most rows; the message the field of the most distinct words
(a thread's name repeats a few words; a counter's digits say nothing new); the time the
first field of stamps. The last field runs to the line's last ">" (a message may hold a
">" of its own: "a -> b"). The roles travel as the format's name (``angles:{…}``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.block_roles import worded_variety
from gapless.engine.extractive.logs.formats import Parser, Record, _record
from gapless.engine.extractive.logs.level_words import SET_SIZE
from gapless.engine.extractive.logs.stamps import stamp_of

PREFIX = "angles:"
_WIDTH = 5  # fields of a row, at least
_LEAD = re.compile(r"^[^\s<>\w]{0,8}")  # (a mark before the first field: "####")
_SANE = re.compile(r"^\d{4}-\d\d-\d\dT(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d")


def _fields(line: str, limit: int = 0) -> tuple[list[str], int] | None:
    """The bracketed fields of a line (only blanks between them), at most ``limit`` of them
    when it is given, and where the rest of the line starts; None when a field is unclosed
    or something else stands between them."""
    out: list[str] = []
    pos = _LEAD.match(line).end()  # type: ignore[union-attr]
    n = len(line)
    while pos < n and not (limit and len(out) == limit):
        if line[pos] != "<":
            return None
        depth, end = 0, pos
        while end < n:
            depth += {"<": 1, ">": -1}.get(line[end], 0)
            if depth == 0:
                break
            end += 1
        if end >= n:
            return None
        out.append(line[pos + 1:end])
        pos = end + 1
        while pos < n and line[pos] in " \t":
            pos += 1
    return out, pos


def _row(line: str, width: int) -> list[str] | None:
    """A line's ``width`` fields, the last from its "<" to the line's last ">" (a message
    may hold a bracket of its own), or None."""
    found = _fields(line, width - 1)
    if found is None or len(found[0]) < width - 1:
        return None
    fields, pos = found
    rest = line[pos:].rstrip()
    if not rest.startswith("<") or not rest.endswith(">"):
        return None
    return [*fields, rest[1:-1]]


def learn_angles(lines: Sequence[str], need_of: Callable[[int], float]) -> str | None:
    """The format of a log of rows of bracketed fields, or None; ``need_of(n)``: the lines
    of ``n`` that must be records."""
    rows = [r[0] for r in map(_fields, lines) if r is not None and len(r[0]) >= _WIDTH]
    need = need_of(len(lines))
    if len(rows) < need:
        return None
    widths = Counter(len(r) for r in rows)
    width, count = widths.most_common(1)[0]
    if count < need:
        return None
    rows = [r for r in rows if len(r) == width]
    cols = [Counter(r[j].strip() for r in rows) for j in range(width)]
    levels = [j for j in range(width) if len(cols[j]) <= SET_SIZE
              and sum(c for v, c in cols[j].items() if level_of(v) is not None) * 2 >= len(rows)]
    times = [j for j in range(width) if sum(c for v, c in cols[j].items() if _time(v)) * 2
             >= len(rows)]
    message = max(range(width), key=lambda j: (worded_variety(cols[j]), j))
    if not levels or not times or message in (levels[0], times[0]):
        return None
    roles = {"width": width, "level": levels[0], "message": message, "time": times[0]}
    return PREFIX + json.dumps(roles, sort_keys=True)


def _time(value: str) -> str | None:
    stamp = stamp_of(value.split())
    return stamp if stamp is not None and _SANE.match(stamp) else None


def is_angles(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


@lru_cache(maxsize=8)
def angles_parser(fmt: str) -> Parser:
    """The parser of a learned format of bracketed fields."""
    roles = json.loads(fmt[len(PREFIX):])
    width, at_level, at_message, at_time = (roles["width"], roles["level"], roles["message"],
                                            roles["time"])

    def parse(line: str) -> Record | None:
        row = _row(line, width)
        if row is None:
            return None
        level = row[at_level].strip() or None
        return _record(_time(row[at_time]), level, row[at_message].strip() or line, {})

    return parse
