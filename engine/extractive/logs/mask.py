"""Masking: the variable parts of a log message become ``<*>`` before template mining.

One pass of one regex: dates and times, IPv4 addresses (with a port), ``key=value`` values
holding digits or dots (hosts, addresses), UUIDs, hex ids, and numbers standing alone or
after ``_`` / ``-`` (``blk_-6952…``), never the digits inside a word (``ssh2``,
``sha256``). A message is cut
at :data:`MAX_CHARS` first, so one huge line costs what a normal one does.

Only the dates and times can match across a space, so a message without one is masked a
whitespace-separated token at a time, each short word (a token the mask leaves as it is)
remembered (:data:`_TOKEN_CAP` of them): the same text as masking it whole, at a fraction
of the cost (most words of a log repeat; its values rarely do).
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
# Every match of _MASK holding a space holds one of these (its first two alternatives).
_ACROSS = re.compile(r"\d{4}-\d{2}-\d{2} \d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +"
                     r"\d{1,2},? \d{1,2}:")
_TOKEN_CAP = 10_000  # words of at most _TOKEN_CHARS remembered (2 MB at most)
_TOKEN_CHARS = 40
_tokens: dict[str, str] = {}


def _token(token: str) -> str:
    masked = _tokens.get(token)
    if masked is None:
        masked = _MASK.sub(WILDCARD, token)
        if masked == token and len(token) <= _TOKEN_CHARS:  # a word; values rarely repeat
            if len(_tokens) >= _TOKEN_CAP:
                _tokens.clear()
            _tokens[token] = masked
    return masked


def mask(message: str) -> str:
    """``message`` with its variable parts as ``<*>`` and its spaces collapsed."""
    text = message[:MAX_CHARS] if len(message) > MAX_CHARS else message
    if ":" in text and _ACROSS.search(text) is not None:
        masked = _MASK.sub(WILDCARD, text)
        return _SPACES.sub(" ", masked).strip() or "(empty)"
    # No match spans a space, and at a token's edge every lookaround of _MASK sees a space
    # or the end alike: token by token is the same text.
    return " ".join([_token(t) for t in text.split()]) or "(empty)"


def mask_whole(message: str) -> str:
    """:func:`mask` without the token shortcut (tests compare the two)."""
    text = message[:MAX_CHARS] if len(message) > MAX_CHARS else message
    return _SPACES.sub(" ", _MASK.sub(WILDCARD, text)).strip() or "(empty)"
