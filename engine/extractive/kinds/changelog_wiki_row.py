"""A release written as a row of a MediaWiki table: ``| {{Version |o |1.2.3}} || 2014-05-06
|| notes``.

A wiki's version history is often a table whose rows, apart by ``|-`` lines, each open
with a bar and hold their cells apart by two bars (``||``), one row a release, as a
markdown table's (``| 1.2.3 | 2024-01-01 |``). A cell may be a template's call
(``{{name |arg |arg}}``, its arguments apart by single bars inside the braces) that marks
the row's state beside the value it shows: such a cell's value is the one argument that is
a version. A row is a release when its first cell is a version and another cell a date,
each the whole cell; a row with no date (a table of supported versions) is none.
"""

from __future__ import annotations

import re

__all__ = ["wiki_row_release"]

_CALL = re.compile(r"\{\{[^{}|]+((?:\|[^{}|]*)+)\}\}")  # a template's call and its arguments
_NOT_A_ROW = ("|-", "|}", "|+")  # a row's separator, the table's end, its caption


def wiki_row_release(line: str, version: re.Pattern[str], date: re.Pattern[str]) -> str | None:
    """The version of the release ``line`` writes as a wiki table's row, or None."""
    if not line.startswith("|") or line.startswith(_NOT_A_ROW) or "||" not in line:
        return None
    cells = [_value(c, version) for c in line[1:].split("||")]
    if len(cells) < 2 or version.fullmatch(cells[0]) is None:
        return None
    return cells[0] if any(date.fullmatch(c) for c in cells[1:]) else None


def _value(cell: str, version: re.Pattern[str]) -> str:
    """A cell's value: a template call's one argument that is a version, else its text."""
    cell = cell.strip()
    call = _CALL.fullmatch(cell)
    if call is None:
        return cell
    found = [a.strip() for a in call.group(1).split("|")[1:] if version.fullmatch(a.strip())]
    return found[0] if len(found) == 1 else cell
