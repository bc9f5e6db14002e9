"""Words whose UTF-8 bytes were written one code point each (``BelÃ©m`` for ``Belém``).

Some exports escape every byte of a UTF-8 string as its own ``\\u00XX`` code point, so a
parsed string holds the bytes read as Latin-1. Such a string is all code points below 256
with a lead byte of a multi-byte sequence among them, and it decodes as UTF-8 again; real
Latin-1 text almost never does (an accented letter alone is not a valid sequence), so a
string that decodes is given back decoded and any other is left as it is.
"""

from __future__ import annotations

import re

_LEAD = re.compile(b"[\xc2-\xf4]")  # a lead byte of a multi-byte UTF-8 sequence


def repaired(text: str) -> str:
    """``text`` with its UTF-8 bytes read back when it was written byte by byte (every test
    in C: it runs on every string of a chat export's records)."""
    if text.isascii():
        return text
    try:
        raw = text.encode("latin-1")  # (fails on a code point past 255 at once)
    except UnicodeEncodeError:
        return text
    if _LEAD.search(raw) is None:
        return text
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return text
