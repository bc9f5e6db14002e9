"""Masking: the variable parts of a log message become ``<*>`` before template mining.

One pass of one regex: dates and times, IPv4 addresses (with a port), ``key=value`` values
holding digits or dots (hosts, addresses), UUIDs, hex ids, and numbers standing alone or
after ``_`` / ``-`` (``blk_-6952…``), never the digits inside a word (``ssh2``,
``sha256``). A message is cut
at :data:`MAX_CHARS` first, so one huge line costs what a normal one does.
"""

from __future__ import annotations

import re

WILDCARD = "<*>"
MAX_CHARS = 600

_MASK = re.compile(
    r"\b(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? )?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|"
    r"Dec) +\d{1,2},? \d{1,2}:\d{2}:\d{2}(?: \d{4})?\b"  # a date and time inside a message
    r"|\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?(?![\w.])"  # IPv4[:port]
    r"|(?<==)[^\s,;=\"'()\[\]]*[\d.][^\s,;=\"'()\[\]]*"  # key=value holding digits or dots
    r"|\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
    r"|\b0x[0-9a-fA-F]+\b"
    r"|(?<![A-Za-z0-9])[0-9a-f]{12,}(?![A-Za-z0-9])"  # hashes, long hex ids
    r"|(?<![A-Za-z0-9.])[-+]?\d+(?:[.,:]\d+)*(?![A-Za-z0-9])"  # numbers, times, versions
)
_SPACES = re.compile(r"\s+")


def mask(message: str) -> str:
    """``message`` with its variable parts as ``<*>`` and its spaces collapsed."""
    text = message[:MAX_CHARS] if len(message) > MAX_CHARS else message
    masked = _MASK.sub(WILDCARD, text)
    return _SPACES.sub(" ", masked).strip() or "(empty)"
