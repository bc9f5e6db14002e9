"""A bracket column that holds a level on some records only: the level column all the same.

A logger may write in one bracket what wrote the record and, after it, the level
("[namespace#info]", "[main/WARN]"), while its other records write in that same bracket
only a context of no level ("[-]", "[HTTPChannel,3,10.0.0.1]"): two writers of one log,
one of them writing no level. A level column is held by (nearly) every record, so read so
the column is none, and every record would be counted as of no level, which the log's own
levels contradict. A column that is a bracket in (nearly) every row and holds a level word
in most of them is the log's level column; a record whose bracket holds none writes no
level (the level is read from the bracket's words, never from a context's).
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.level_words import level_word
from gapless.engine.extractive.weights import LOG

BRACKET_LEVEL = "LB"  # the class of such a column


def is_bracket(field: str) -> bool:
    return len(field) > 2 and field[0] == "[" and field[-1] == "]"


def bracket_levels(rows: Sequence[list[tuple[str, str, int]]], j: int) -> int | None:
    """The rows whose field ``j`` is a bracket, when it is one in (nearly) every row and
    holds a level word in most (see the module); else None."""
    fields = [r[j][0] for r in rows if len(r) > j]
    bracketed = [f for f in fields if is_bracket(f)]
    leveled = sum(1 for f in bracketed if level_word(f) is not None)
    if len(bracketed) < LOG.level_share * len(rows) or leveled < LOG.min_share * len(rows):
        return None
    return len(bracketed)
