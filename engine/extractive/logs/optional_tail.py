"""Header columns after the time and the level that some records go without.

A header's columns after its time and its level may be written on most records but not on
all (a virtual server's ``1 =>`` that a server-wide record has not, a plugin's bracket that
the agent's own records lack). Read as required columns, the records without them would be
no records: their level lost and every count short. By structure: a line whose fields match
the shape's time and level columns (both, in their places) is a record; when a later column
does not hold, the record's message starts where that column would be.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import LEVELS, TIMES


def core_end(klasses: Sequence[str]) -> int | None:
    """The index of the last of a shape's leading time and level columns, when it holds
    both a time and a level column and further columns after them; else None."""
    core = [i for i, k in enumerate(klasses) if k in TIMES or k in LEVELS]
    if not core or not any(klasses[i] in TIMES for i in core) or not any(
            klasses[i] in LEVELS for i in core):
        return None
    last = core[-1]
    return last if last < len(klasses) - 1 else None
