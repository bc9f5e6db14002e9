"""A cell of blanks between two bars: a column's value left empty.

A table-like header parts its columns by ``|`` and pads each cell to its width; a record
with no value for a column writes the cell blank ("|INFO |Accounting |   |message"). Read
as a separator only, the blank cell is no field, so the record's fields shift by one and the
column misses the share a column needs (the message then opens with the other records'
value). By structure: a run of blanks closed by a bar, right after a bar, is an empty field
of whatever column stands there; it agrees with any class (:func:`.field_classes.column_of`)
and a parse takes it as that column's value (:mod:`.shape`).
"""

from __future__ import annotations

EMPTY = "E"  # the class of an empty cell between two bars


def empty_cell(line: str, pos: int, previous: str) -> int:
    """The end of the empty cell's closing bar (and the blanks after it) when ``line`` holds
    one at ``pos``, right after a field parted by a bar (separator code ``previous``), else
    -1."""
    if previous != "p" or not line.startswith("|", pos):
        return -1
    end = pos + 1
    while end < len(line) and line[end] in " \t":
        end += 1
    return end
