"""A record whose first line is its header alone, a bracket of its time and its level, its
message on the lines below.

Android's ``logcat -v long`` writes each record as ``[ 03-01 10:00:00.136  1234: 1286
I/ActivityManager ]`` on a line of its own, the message at the margin on the lines after it,
a blank line after the record. The message line holds no level and may open with any word,
so it is no record's second line by its own look (:mod:`.paired`): the first line is what
says so. A line that is one bracket holding a time and a level, and nothing else, opens such
a record, as a stamp alone on its line does (:mod:`.stamp_alone`); a paired format whose
shape is that bracket alone is one of these.
"""

from __future__ import annotations

from gapless.engine.extractive.logs.field_classes import field_class, first_fields

SHAPE = "shape:BL_s"  # (the shape of such records' headers, joined to their messages)


def header_alone(line: str) -> bool:
    """Whether ``line`` is a bracket of a time and a level and nothing else, at the margin."""
    if not line.startswith("[") or not line.rstrip().endswith("]"):
        return False
    fields = first_fields(line.rstrip(), 2)
    return len(fields) == 1 and field_class(fields[0][0]) == "BL"


def alone_only(shape: str) -> bool:
    """Whether a shape's header is such a bracket alone (a record of this module's)."""
    return shape == SHAPE
