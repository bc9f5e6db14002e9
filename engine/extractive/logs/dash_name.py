"""A name closed by a colon after the dash that follows a level.

Some headers part their level from a program's name by a dash, then close the name with a
colon ("L, [stamp #pid] ERROR -- orders: …"). The dash alone does not end such a header:
when the field after it is a "name:" on nearly every record (as a level column is held to),
that name is the header's last column, not the message's first word. Where the name is
empty (" -- : "), the colon is no name and the header ends at the dash as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import LEVELS, column_of
from gapless.engine.extractive.weights import LOG


def name_after_dash(rows: Sequence[list[tuple[str, str, int]]], j: int,
                    cols: Sequence[tuple[str, str]]) -> bool:
    """Whether column ``j`` (a dash, the last of ``cols``) follows a level and is followed by
    a "name:" column on nearly every one of ``rows``."""
    if len(cols) < 2 or cols[-2][0] not in LEVELS:
        return False
    after = column_of(rows, j + 1, LOG.level_share * len(rows))
    return after is not None and after[0] == "C"
