"""A first column that is the record's time as an epoch's seconds in eight hex digits.

OpenLDAP's slapd (2.5 and later, logging to a file or with ``-d``) opens every line with
the time as the seconds since 1970 in hexadecimal (``65f1a2b3 conn=1001 op=2 SRCH …``).
Eight hex digits alone say nothing: a ``git log --oneline`` of abbreviated hashes, a dump of
addresses, open with the same. A column is read as such a time only by what a clock's
column shows as a whole: every value is eight hex digits (a fraction of more may follow a
dot), (nearly) every value is a time of the years an epoch's ten decimal digits cover (2001-2033),
and the values run forward, line after line, as a log's times do (hashes are in no order:
about half of them are smaller than the one before). The judgement is made once per
sample of lines, when a shape is learned (:mod:`.shape`); a line is then read by the match
of its first field alone.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from gapless.engine.extractive.weights import LOG

HEX_EPOCH = "HX"  # the class of the column, in a learned shape
HEX_TIME = re.compile(r"^[0-9a-f]{8}(?:\.[0-9a-f]{1,9})?$")
_EARLIEST, _LATEST = 1_000_000_000, 2_000_000_000  # (EPOCH's decimal range: 2001-2033)


def seconds(field: str) -> int:
    """The epoch's seconds of a field :data:`HEX_TIME` matches."""
    return int(field[:8], 16)


def hex_epochs(rows: Sequence[list[tuple[str, str, int]]]) -> tuple[str, str] | None:
    """The column (its class and separator) of the rows' first fields when (nearly) all are
    a hex epoch's seconds of plausible years, running forward in (nearly) every step; else
    None."""
    firsts = [r[0] for r in rows if r and HEX_TIME.match(r[0][0])]
    if len(firsts) < LOG.min_records or len(firsts) < LOG.level_share * len(rows):
        return None  # (nearly every row: a piece's first line may be cut)
    values = [seconds(f) for f, _, _ in firsts]
    if not all(_EARLIEST <= v < _LATEST for v in values):
        return None
    forward = sum(1 for a, b in itertools.pairwise(values) if b >= a)
    if forward < LOG.level_share * (len(values) - 1):
        return None
    blank = sum(1 for _, sep, _ in firsts if sep in ("s", "w"))
    if blank < LOG.level_share * len(firsts):
        return None
    return HEX_EPOCH, "s"
