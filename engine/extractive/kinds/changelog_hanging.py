"""A release written as a row of a two-column table: its version, then its first item.

Some NEWS files are a table under a "VERSION   DESCRIPTION" head: each release's version
at the line's start, a gap of spaces, its first item, and its other items on the lines
under it, indented to the column the first item starts at (a hanging indent; deeper where
the first item wraps), with no
blank line between the rows (pacman's NEWS). The row is set off by that column as a
heading is by a blank line: its text hangs, so the version stands alone in its column. A
line whose next line does not hang at that column is read as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["hanging_row"]

# a version at the line's start, two spaces or more, the first item's words
_ROW = re.compile(r"^(v?\d+(?:\.\d+)+[\w.\-]*)( {2,})\S")


def hanging_row(lines: Sequence[str], i: int, version: re.Pattern[str]) -> bool:
    """Whether line ``i`` opens a table's row: a version alone in the first column, the
    text after its gap continued on the next line, indented to that column or deeper."""
    m = _ROW.match(lines[i])
    if m is None or version.fullmatch(m.group(1)) is None or i + 1 >= len(lines):
        return False
    col = m.end() - 1
    below = lines[i + 1]
    return below[:col] == " " * col and below[col:].strip() != "" and "\t" not in below[:col]
