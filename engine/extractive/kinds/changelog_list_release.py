"""A release written as a list item of its own: ``- :release:`3.4.0 <2023-12-18>```.

Some changelogs are one bullet list, newest first, in which each release is an item that
holds nothing but its version and its date (markup and one word of lead aside: an
interpreted-text role, brackets, backticks), between the items of the changes it ships
(Sphinx's ``releases`` extension, paramiko's and invoke's changelogs). An item that holds a
version and a date and nothing else says no change: it is a record of a release, as a
table's row is (:func:`engine.extractive.kinds.changelog_headings.candidate`). An item with
words besides ("- Bump zlib from 1.2.11 to 1.2.13 (2022-10-12)") is a change, and a "* "
line stays an outline heading's, read as before.
"""

from __future__ import annotations

import re

__all__ = ["item_release"]

_ITEM = ("- ", "+ ")  # a list item's bullet (a "* " line may be an outline's heading)
_MARKUP = re.compile(r"[:`<>\[\]()*_]")  # a role's colons, backticks, brackets, emphasis
_APART = " -\u2013\u2014/,"  # what may stand between the version and the date


def item_release(line: str, version: re.Pattern[str], date: re.Pattern[str]) -> str | None:
    """The version of the release ``line`` writes as a list item of its own, or None."""
    if not line.startswith(_ITEM):
        return None
    text = _MARKUP.sub(" ", line[2:])
    v = version.search(text)
    if v is None:
        return None
    lead = text[: v.start()].split()
    if len(lead) > 1 or any(not w.isalpha() for w in lead):
        return None
    rest = " ".join(text[v.end():].strip(_APART).split())
    return v.group(0) if date.fullmatch(rest) else None
