"""A release written as a row of comma-separated values: ``4.1.2,2021-11-16,patch,notes``.

A releases.csv (a spreadsheet's export, a file a release script appends to) holds one
release a line, the first field its version and another its date, each the whole field; a
line is a record by itself, so any part of the file counts its own rows, as a markdown
table's rows (``| 1.2.3 | 2024-01-01 |``). A row with no date (a list of dependencies and
their versions) is none, nor a line of prose that happens to hold commas, nor a row that
opens with four small numbers (an IPv4 address: a log's client, not a release; a
four-number version is left uncounted rather than a log's rows counted).
"""

from __future__ import annotations

import csv
import re

__all__ = ["csv_release"]

_FIELDS = re.compile(r"^[^\s,\"][^,\s]*,")  # a first field with no blank, a comma after it
_ADDRESS = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")


def csv_release(line: str, version: re.Pattern[str], date: re.Pattern[str]) -> str | None:
    """The version of the release ``line`` writes as a CSV row, or None."""
    if _FIELDS.match(line) is None:
        return None
    try:
        cells = next(csv.reader([line]))
    except (csv.Error, StopIteration):
        return None
    if len(cells) < 2 or version.fullmatch(cells[0]) is None or _ADDRESS.fullmatch(cells[0]):
        return None
    return cells[0] if any(date.fullmatch(c.strip()) for c in cells[1:]) else None
