"""A bracket after the level that only most records open their message with.

A message may open with a bracket that names what it is about (CUPS's ``[Job 12]``,
``[Client 7]``) on most records but not on all of them (``Expiring subscriptions...``). Read
as a header column, the records without it would be no records and lose their level. By
structure: after the header's level column, a bracket column that nearly every record does
not hold is the message's first word, not a column (a header's columns are on nearly every
record, as a level column is).
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import LEVELS, field_class
from gapless.engine.extractive.weights import LOG


def message_bracket(rows: Sequence[list[tuple[str, str, int]]], j: int,
                    cols: Sequence[tuple[str, str]]) -> bool:
    """Whether column ``j``, a bracket after the level, is held by too few of the rows to be
    a column of the header (see the module)."""
    if not any(k in LEVELS for k, _ in cols):
        return False
    held = sum(1 for r in rows if len(r) > j and field_class(r[j][0]) == "B")
    return held < LOG.level_share * len(rows)
