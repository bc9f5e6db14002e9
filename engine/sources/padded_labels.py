"""Labels padded to one column: a list of records' fields, not speakers' turns.

A tool that prints records as "Name : value" lines (a shell's list view of objects, a
diagnostic dump) pads its shorter names with blanks so that every colon falls in one
column. People's names before what they said are written as they are: a transcript never
pads "Ann" to the width of "Christopher". So labelled lines whose colons share one column,
reached by blanks of different widths, are fields, and the text is no meeting.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

_PADDED = re.compile(r"^(\S(?:.*?\S)?)( {2,}| ?)(?=:)")
_MIN_WIDTHS = 2  # distinct paddings that reach the one column, at least


def padded_to_one_column(lines: Sequence[str], share: float) -> bool:
    """Whether at least ``share`` of ``lines`` are labels whose colon sits in the column
    most of them share, some padded to it by two blanks or more and of different widths."""
    columns: Counter[int] = Counter()
    pads: dict[int, set[int]] = {}
    for line in lines:
        m = _PADDED.match(line)
        if m is None:
            continue
        columns[m.end()] += 1
        pads.setdefault(m.end(), set()).add(len(m.group(2)))
    if not columns:
        return False
    column, count = columns.most_common(1)[0]
    widths = pads[column]
    return count >= share * len(lines) and len(widths) >= _MIN_WIDTHS and max(widths) >= 2
