"""Lines that each open with a bar and are cut by bars into as many cells, read as records.

Some chat clients keep a contact's history as such lines — ``|time|kind|to or from|flags|
words`` — with no row naming the columns: a table all the same, whose records the
structural chat reader (:mod:`.chat_shape`) reads as it reads a CSV's (:mod:`.csv_rows`),
each column named by its place. A bar after a backslash is no separator; a line of dashes
between bars (a Markdown table's rule under its names) makes the text a table drawn for
reading, not records.
"""

from __future__ import annotations

import re

from gapless.engine.sources.common import JsonObj
from gapless.engine.sources.csv_rows import MIN_COLUMNS, MIN_ROWS

_CUT = re.compile(r"(?<!\\)\|")
_RULE = re.compile(r"^[ \t]*\|[ \t|:-]*-[ \t|:-]*$")


def bar_records(text: str, *, partial: bool = False) -> list[JsonObj] | None:
    """The lines as records of their cells (``column 1``, ``column 2``, …), or None when
    ``text`` is no such table (``partial``: the text is a file's start, its last line maybe
    cut)."""
    lines = [ln.rstrip("\r") for ln in text.lstrip("\ufeff").split("\n") if ln.strip()]
    if not lines or not all(ln.startswith("|") for ln in lines):
        return None
    if any(_RULE.match(ln) for ln in lines):
        return None
    rows = [_CUT.split(ln)[1:] for ln in lines]
    if partial and len(rows) > 1 and len(rows[-1]) != len(rows[0]):
        rows = rows[:-1]  # a line cut by the end of the sample
    width = len(rows[0])
    if len(rows) < MIN_ROWS or width < MIN_COLUMNS or any(len(r) != width for r in rows):
        return None
    return [{f"column {k}": c for k, c in enumerate(r, 1) if c.strip()} for r in rows]
