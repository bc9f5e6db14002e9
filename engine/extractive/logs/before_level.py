"""A header column some records go without, just before the level column.

A prefix may hold a field that only some records have (PostgreSQL's ``%q%u@%d``: a
session's user and database, absent on a background process's lines), so the level sits one
field further on in those records than in the others. Read by position, the level column is
then found in neither place, and no level is read. By structure: when the level word is at
column ``j`` in some rows and at ``j + 1`` in the others (each on a small share of them, two
records at least, together on nearly all; the shares taken of the records, not of the lines
written flush under them), and the rows of the level at ``j + 1`` hold one token before it,
that token is an optional column: the records without it get an empty field there, and the
level column is read at ``j + 1`` in every record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import LEVELS, field_class
from gapless.engine.extractive.weights import LOG

Fields = list[tuple[str, str, int]]

GONE = "Q"  # the class of a column some records go without, before the level
_SIDE = 0.02  # the least share of records on each side (with the column, without it)
_FEWEST = 2  # and the fewest records on each side: one record alike is no column's absence


def _level(field: str) -> bool:
    return field_class(field) in LEVELS


def _opening_alike(rows: Sequence[Fields]) -> list[Fields]:
    """The rows whose first field is of the class most rows open with (a time, a bracket):
    a line written flush under a record (its query's text, a crash report's lines) opens
    otherwise, and is no record whose level could be at either place."""
    classes = Counter(field_class(r[0][0]) for r in rows if r)
    if not classes:
        return []
    top = classes.most_common(1)[0][0]
    return [r for r in rows if r and field_class(r[0][0]) == top]


def goes_without(rows: Sequence[Fields], j: int) -> bool:
    """Whether column ``j`` is an optional column before the level (see the module), the
    shares taken of the records (:func:`_opening_alike`)."""
    without = with_it = 0
    rows = _opening_alike(rows)
    for r in rows:
        if len(r) > j + 1 and _level(r[j][0]):
            without += 1
        elif len(r) > j + 2 and _level(r[j + 1][0]) and r[j][1] == "s":
            with_it += 1
    n = len(rows)
    return (min(without, with_it) >= max(_FEWEST, _SIDE * n)
            and without + with_it >= LOG.level_share * n)


def _closing_word(field: str) -> bool:
    """A capitalised word closed by a colon: a level column's word of no known level
    ("FAILURE:") where the level closes the header (a user@db never ends so)."""
    return field.endswith(":") and field[:-1].isalpha() and field[:-1].isupper()


def filled(fields: Fields, j: int) -> Fields:
    """``fields`` with an empty field at ``j`` when the record goes without the column (its
    level is at ``j``): the level column is then at ``j + 1`` as in the other records."""
    if len(fields) > j and (_level(fields[j][0]) or _closing_word(fields[j][0])):
        start = fields[j - 1][2] if j > 0 else 0
        return [*fields[:j], ("", "s", start), *fields[j:]]
    return fields
