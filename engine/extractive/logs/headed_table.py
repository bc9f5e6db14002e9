"""A table of records under a line that names its columns in capitals, aligned at the names.

A command that lists events prints them as a table: a first line of upper-case names
("NAMESPACE   LAST SEEN   TYPE      REASON   OBJECT   MESSAGE"), each column padded to its
widest value, so every value starts where its name does. Its records are the lines under it;
cut at the names' starts they give each record's columns (a column's value may hold single
blanks: "LAST SEEN" is one name). By their values, not their names: the column of a small
closed set of values holding a level word ("Warning" beside "Normal") is the level, written
as the table writes it; the last column, of words, the message. A table of no level column
or no message of words is no log. The columns' starts travel as the format's name
(``table:{…}``), so a part of the input past the naming line reads alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.formats import Parser, Record, _record
from gapless.engine.extractive.logs.level_words import SET_SIZE

PREFIX = "table:"
_NAMES = re.compile(r"\S+(?: \S+)*")  # names parted by two blanks or more
_NAME = re.compile(r"^[A-Z][A-Z0-9_()]*(?: [A-Z][A-Z0-9_()]*)?$")
_MIN_COLUMNS = 3


def is_table(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def _cut(line: str, starts: Sequence[int]) -> list[str] | None:
    """The values of a line cut at ``starts``, when each value starts there (a blank before
    it, none at it); else None."""
    if not line or line[0].isspace() or len(line) <= starts[-1]:
        return None
    for at in starts[1:]:
        if line[at - 1] != " " or line[at] == " ":
            return None
    ends = [*starts[1:], len(line)]
    return [line[a:b].strip() for a, b in zip(starts, ends, strict=True)]


def learn_table(lines: Sequence[str], need_of: Callable[[int], float]) -> str | None:
    """The format of a table under its naming line (the first of ``lines``), or None;
    ``need_of(n)``: the lines of ``n`` that must be records."""
    if len(lines) < 2 or lines[0][:1].isspace():
        return None
    found = list(_NAMES.finditer(lines[0]))
    if len(found) < _MIN_COLUMNS or not all(_NAME.match(m.group(0)) for m in found):
        return None
    starts = [m.start() for m in found]
    rows = [r for r in (_cut(ln, starts) for ln in lines[1:]) if r is not None]
    if not rows or len(rows) < need_of(len(lines) - 1):
        return None
    last = len(starts) - 1
    messages = [r[last] for r in rows]
    if sum(1 for v in messages if " " in v) * 2 < len(rows):
        return None  # (the last column holds no words: no message)
    level = next((j for j in range(last) if _closed_levels([r[j] for r in rows])), None)
    if level is None:
        return None
    roles = {"starts": starts, "level": level, "names": [m.group(0) for m in found]}
    return PREFIX + json.dumps(roles, sort_keys=True)


def _closed_levels(values: Sequence[str]) -> bool:
    """Whether a column's values are a small closed set, each recurring, one a level word."""
    distinct = set(values)
    return (len(distinct) <= SET_SIZE and len(values) >= 2 * len(distinct)
            and any(level_of(v) is not None for v in distinct) and "" not in distinct)


@lru_cache(maxsize=16)
def table_parser(fmt: str) -> Parser:
    """The parser of a learned table: a line aligned at its columns' starts (not the
    naming line)."""
    roles = json.loads(fmt[len(PREFIX):])
    starts, level, names = roles["starts"], roles["level"], roles["names"]

    def parse(line: str) -> Record | None:
        values = _cut(line, starts)
        if values is None or values == names:
            return None
        return _record(None, values[level] or None, values[-1], {})

    return parse
