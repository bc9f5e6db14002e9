"""A log written as comma-separated records (a database's CSV log, an event viewer's export):
each line a row of as many columns, a field in double quotes when it holds a comma, a
doubled quote or a newline, and no ``#`` line naming the columns (a first row of names may
open it: no record).

Its columns are read as the ``csv`` module reads them, never as a line-start shape (a
shape takes a slice of the row for its message and finds no level). The columns' roles are
found by their values: a level column is one whose values form a small closed set of level
words on most rows; the message is the column of the most words; the time the first
column of stamps. A log without a level column or a time column is left to the other
readers. The roles travel as the format's name (``csv:{…}``) so every chunk reads the log
alike.

A quoted field may hold newlines: the row's first line, its quote still open, is the
record (its message the field's first line), the lines after it no records, so a record
is counted once whatever piece holds it.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.formats import Parser, Record, _record
from gapless.engine.extractive.logs.level_words import SET_SIZE
from gapless.engine.extractive.logs.stamps import stamp_of

PREFIX = "csv:"
_WIDTH = 4  # columns of a CSV log, at least
_MOST = 0.9  # of the rows whose time column holds a stamp
_WORDS = 3  # words of a message column, on average at least


def _row(line: str) -> list[str] | None:
    """The fields of one line read as a CSV row (an open quote closed at its end), or None
    when the line has no comma."""
    if "," not in line:
        return None
    try:
        row = next(csv.reader([line]))
    except (csv.Error, StopIteration):
        return None
    return row


def _quote_open(line: str) -> bool:
    """Whether a line ends inside a quoted field (its row goes on to the next line)."""
    inside = False
    at_start = True
    for ch in line:
        if ch == '"' and (inside or at_start):
            inside = not inside
            at_start = False
        elif ch == "," and not inside:
            at_start = True
        elif not inside:
            at_start = False
    return inside


def learn_csv(lines: Sequence[str], need_of: Callable[[int], float]) -> str | None:
    """The format of a log of CSV rows, or None; ``need_of(n)``: the lines of ``n`` that
    must be records."""
    rows = [r for r in map(_row, lines) if r is not None]
    need = need_of(len(lines))
    if len(rows) < need:
        return None
    widths = [len(r) for r in rows]
    width = max(set(widths), key=lambda w: (widths.count(w), w))
    if width < _WIDTH or widths.count(width) < need:
        return None
    rows = [r for r in rows if len(r) == width]
    cols = [[r[j].strip() for r in rows] for j in range(width)]
    levels = [j for j in range(width) if len(set(cols[j])) <= SET_SIZE
              and sum(1 for v in cols[j] if level_of(v) is not None) * 2 >= len(rows)]
    times = [j for j in range(width)
             if sum(1 for v in cols[j] if v and stamp_of(v.split())) >= _MOST * len(rows)]
    words = [sum(len(v.split()) for v in cols[j]) / len(rows) for j in range(width)]
    message = max(range(width), key=lambda j: (words[j], -j))
    if not levels or not times or words[message] < _WORDS or message in (levels[0], times[0]):
        return None
    roles = {"width": width, "level": levels[0], "message": message, "time": times[0]}
    return PREFIX + json.dumps(roles, sort_keys=True)


def is_csv(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


@lru_cache(maxsize=16)
def csv_parser(fmt: str) -> Parser:
    """The parser of a learned CSV format: a row of its width, or the first line of one
    whose quoted field runs on (to the message column at least); a row of names (no level
    word where the level goes, no digit anywhere) is no record."""
    roles = json.loads(fmt[len(PREFIX):])
    width, at_level, at_message, at_time = (roles["width"], roles["level"], roles["message"],
                                            roles["time"])
    reach = max(at_level, at_message, at_time)

    def parse(line: str) -> Record | None:
        row = _row(line)
        if row is None:
            return None
        if len(row) != width and not (len(row) > reach and _quote_open(line)):
            return None
        level = row[at_level].strip()
        if level_of(level) is None and not any(c.isdigit() for c in line):
            return None  # (the first row: the columns' names)
        message = row[at_message].split("\n", 1)[0]
        return _record(stamp_of(row[at_time].split()), level or None, message, {})

    return parse
