"""A release's date written in the signature that closes its section, not on its heading.

A release's notes may be written as a letter: the heading at the margin, the whole body
indented under it, and a signature as the body's last line — a dash, a place or a name,
the date ("— Edinburgh, 2023-12-06"). Such a heading may name a bare whole number
("CHANGES WITH 255:"), which is read as a version only where a date notes it: the
signature is that note. A section of that build closed with no signature is not signed
off yet: the release in development.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_DASHES = ("--", "\u2014", "\u2013")  # a signature's opening dash: two hyphens, em, en
_SIGNATURE_CHARS = 48  # a place or a name and a date, not a sentence


def section_close(lines: Sequence[str], i: int, date: re.Pattern[str]) -> tuple[bool, str]:
    """(closed, date) of heading ``i``'s indented body: closed when an unindented line of
    substance follows the body within ``lines``, or the body's last line is a signature;
    the signature's date, or "". (False, "") when no indented body is under the heading or
    it runs on to the text's end unsigned (what closes it is the next part's)."""
    last = ""
    for j in range(i + 1, len(lines)):
        s = lines[j]
        if not s.strip():
            continue
        if not s[0].isspace():
            return bool(last), _signed(last, date)
        last = s.strip()
    signed = _signed(last, date)
    return bool(signed), signed


def _signed(line: str, date: re.Pattern[str]) -> str:
    """The date of a signature line (a dash, a short name, a date at its end), or ""."""
    if not line.startswith(_DASHES) or len(line) > _SIGNATURE_CHARS:
        return ""
    found = list(date.finditer(line))
    if len(found) != 1 or line[found[0].end():].strip(" .)"):
        return ""
    return found[0].group(0)
