"""Records whose header opens with blanks: a right-aligned first field, or every line
indented alike.

A line that opens with a blank is read as the continuation of the record above it (a
stack frame, a wrapped message). Some loggers open every record with blanks all the same:
a process id right-aligned in a column of fixed width ("   812:20240301:…", " 23011:…"), or
every line indented by the same blanks. That is told by structure: on (nearly) every line
the first field ends at one column (right-aligned: the blanks before it pad the column,
and some lines have them) or starts at one column past the margin (indented alike). The
blanks are then part of the header, no continuation: a learned shape (:mod:`.shape`)
marks it with :data:`MARK` before its columns, and its parser reads each line from its
first field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import field_class
from gapless.engine.extractive.weights import LOG

MARK = ">"  # before a learned shape's columns: its lines may open with blanks
_BLANKS = " \t"


def aligned(lines: Sequence[str]) -> bool:
    """Whether the first fields of ``lines`` are aligned behind blanks: each ends at one
    column (some of them padded with blanks), or each starts at one column past the margin,
    on (nearly) every non-blank line, and at least a few lines open with blanks."""
    starts: Counter[int] = Counter()
    ends: Counter[int] = Counter()
    padded_words: dict[int, list[str]] = {}
    kinds: dict[int, Counter[str]] = {}  # (the classes of the fields at the margin, by end)
    n = 0
    for ln in lines:
        body = ln.lstrip(_BLANKS)
        if not body:
            continue
        n += 1
        at = len(ln) - len(body)
        end = at + len(body.split(None, 1)[0])
        starts[at] += 1
        ends[end] += 1
        if at:
            padded_words.setdefault(end, []).append(body[:end - at])
        else:
            kinds.setdefault(end, Counter())[field_class(body[:end])] += 1
    if not n:
        return False
    need = LOG.level_share * n
    column, count = starts.most_common(1)[0]
    if column > 0 and count >= need and count >= LOG.min_records:
        return True  # indented alike
    column, count = ends.most_common(1)[0]
    # right-aligned: the padded fields are values of the column, not one word repeated (a
    # stack frame's "    at" that happens to end where the records' first field does), and
    # of the class its values at the margin are: a traceback's source lines ("    return
    # int(value)", "    result = …") may end where a date does, words of no date's class
    kind = kinds[column].most_common(1)[0][0] if column in kinds else None
    padded = [w for w in padded_words.get(column, []) if kind is None or field_class(w) == kind]
    return count >= need and len(padded) >= LOG.min_records and len(set(padded)) > 1


def unmarked(columns: str) -> tuple[str, bool]:
    """A shape's columns without the mark, and whether it was there."""
    if columns.startswith(MARK):
        return columns[len(MARK):], True
    return columns, False


def from_first_field(line: str) -> str:
    """A line of an aligned shape as its parser reads it: from its first field."""
    return line.lstrip(_BLANKS)
