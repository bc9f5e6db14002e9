"""Lines at the margin that are no records: a record's own lines under it, written flush.

Some loggers write a record's data on the lines after its header, at the margin, not
indented: Scrapy writes a scraped item's dict (``{'title': …}``) on the line after its
``Scraped from <200 …>`` record. Such lines do not open with the records' time, so a level
column that every time-opening line holds is held by fewer of all the lines than a level
column must be. When the records open with a time, the lines whose first field is not of the
time's class are continuations: a shape is learned again from the time-opening lines alone
(:func:`.shape.learn`), and kept only when it finds a level column the first reading missed
(a shape found from all the lines stays as it was).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from gapless.engine.extractive.weights import LOG

_OPENING_TIMES = ("T", "BT", "BL", "LT")  # a record's first field, when it is its time


def time_opening(rows: Sequence[list[tuple[str, str, int]]],
                 klass_of: Callable[[str], str]) -> list[list[tuple[str, str, int]]] | None:
    """The rows that open with the class of time most rows open with, when some rows do
    not and at least the share of a log's lines that are records do; else None (no rows
    to drop)."""
    firsts = Counter(klass_of(r[0][0]) for r in rows if r)
    if not firsts:
        return None
    klass, count = firsts.most_common(1)[0]
    if klass not in _OPENING_TIMES or count == len(rows) or count < LOG.min_share * len(rows):
        return None
    return [r for r in rows if r and klass_of(r[0][0]) == klass]

