"""Masking: the variable parts of a log message become ``<*>`` before template mining.

One pass of one regex: dates and times, IPv4 addresses and host names with a port,
``key=value`` values holding digits or dots (hosts, addresses) or paths, UUIDs, hex ids
(upper-case ones of eight characters or more when they mix digits and letters), MAC
addresses, a version
with its package's revision and a distribution's letters (``2.35-0ubuntu3.6``), and
numbers standing alone or after ``_`` / ``-`` (``blk_-6952…``), numbers with a unit of
time or size (``350ms``, ``126MB``: loghub's templates take the whole token as the value;
``3m2s``, ``1h2m3.5s``, a duration of several units, alike; ``1.2 KB``, ``1 sec`` with the
unit apart too: one quantity, not a number and a word), never the digits inside a word
(``ssh2``, ``sha256``) nor the number that names an event (``%ASA-6-302013:``). A
message is cut at :data:`MAX_CHARS` first, so one huge line costs what a normal one does.

Only the dates and times and the quantities with their unit apart can match across a
space, so a message without one is masked a whitespace-separated token at a time, each
short word (a token the mask leaves as it is) remembered; and most messages are not masked
at all but looked up by their shape (see :data:`_ONES`): the same text as masking it whole,
at a fraction of the cost.
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
    r"|(?<![\w.-])[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+:\d{1,5}(?![\w.])"  # host.name:port
    r"|(?<==)(?:/(?=[^\s,;=\"'()\[\]])|[^\s,;=\"'()\[\]]*[\d.])[^\s,;=\"'()\[\]]*"
    # (key=value holding digits or dots, or a path below the root: "=/" alone is no value)
    r"|\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
    r"|\b0x[0-9a-fA-F]+\b"
    # a MAC address, six hex pairs joined by one mark: one value (its pairs of digits
    # alone would be masked and those holding a letter kept, one template per device)
    r"|(?<![\w:.-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?![\w:.-])"
    r"|(?<![A-Za-z0-9])[0-9a-f]{12,}(?![A-Za-z0-9])"  # hashes, long hex ids
    # an upper-case hex id of digits and letters (a mail queue's "4F9D195432"): no word is
    r"|(?<![A-Za-z0-9])(?=[A-F]*[0-9])(?=[0-9]*[A-F])[0-9A-F]{8,}(?![A-Za-z0-9])"
    # a duration of several units, as Go writes one (3m2s, 1h2m3.5s, 5m0s): one value
    r"|(?<![A-Za-z0-9.])\d+(?:\.\d+)?[hm](?:\d+(?:\.\d+)?(?:[mun\u00b5]?s|m))+(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9.])\d+(?:\.\d+)?(?:[mun\u00b5]?s|secs?|min|[hd]|[kKMGT]i?[Bb]|[Bb]|bytes)"
    r"(?![A-Za-z0-9])"  # durations and sizes: 350ms, 1.5s, 126MB, 4KiB
    r"|(?<![A-Za-z0-9.])\d+(?:\.\d+)? (?:[mun\u00b5]?s|secs?|min|[kKMGT]i?B)(?![A-Za-z0-9])"
    # a version and its package's revision after a "-", a distribution's letters in it
    # (1:2.35-0ubuntu3.6, 6.7.5.arch1-1): one value, as a package manager writes it (the
    # letters would keep it whole and unmasked; one of digits only is masked part by part)
    r"|(?<![A-Za-z0-9.])(?=[\d.:~+-]*[A-Za-z])(?:\d+:)?\d+(?:\.\d+)+[0-9A-Za-z.~+]*-\d"
    r"[0-9A-Za-z.~+]*(?![\w-])"
    # numbers, times, versions; never the number naming an event after its severity digit
    # ("%ASA-6-302013:": the event's name, as a word names a router's, "%LINK-3-UPDOWN:")
    r"|(?<![A-Za-z0-9.])(?!(?<=[A-Za-z]-[0-7]-)\d+:)[-+]?\d+(?:[.,:]\d+)*(?![A-Za-z0-9])"
    r"|(?<=[A-Za-z]\.)\d+(?![\w.])"  # a name's numbered suffix: core.6959, part.3
)
_SPACES = re.compile(r"\s+")
# Every match of _MASK holding a space holds one of these (a date and time, or a quantity
# with its unit apart).
_ACROSS = re.compile(r"\d{4}-\d{2}-\d{2} \d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +"
                     r"\d{1,2},? \d{1,2}:|\d (?:[mun\u00b5]?s|secs?|min|[kKMGT]i?B)(?![A-Za-z0-9])")
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


def _by_tokens(text: str) -> str:
    if _ACROSS.search(text) is not None:
        masked = _MASK.sub(WILDCARD, text)
        return _SPACES.sub(" ", masked).strip() or "(empty)"
    # No match spans a space, and at a token's edge every lookaround of _MASK sees a space
    # or the end alike: token by token is the same text.
    return " ".join([_token(t) for t in text.split()]) or "(empty)"


# A message's shape: its digits read as "1". Every class of _MASK that holds one digit holds
# them all and its only literal digit is the 0 of "0x" (a message holding "0x" is masked as
# it is), so a message and its shape match _MASK at the same places. Values rarely repeat
# but shapes do ("id=48213 in 35ms", "id=90877 in 12ms"): where no digit of a shape is left
# unmasked, its masked text is every such message's, remembered (one translate, one lookup).
_ONES = bytes.maketrans(b"0123456789", b"1111111111")
_SHAPE_CAP = 8_192  # shapes remembered (of at most MAX_CHARS characters each)
_shapes: dict[bytes, str | None] = {}  # None: digits stay in its masked text (ssh2)


def _shape(text: str) -> bytes:
    """``text``'s shape, as UTF-8: the ten ASCII digits are its only bytes that change (no
    byte of a longer character is one), and a byte string translates several times faster
    than a ``str``. Lone surrogates (JSON can hold them) pass as they are."""
    return text.encode("utf-8", "surrogatepass").translate(_ONES)


def mask(message: str) -> str:
    """``message`` with its variable parts as ``<*>`` and its spaces collapsed."""
    text = message[:MAX_CHARS] if len(message) > MAX_CHARS else message
    if "0x" in text:
        return _by_tokens(text)
    shape = _shape(text)
    try:
        hit = _shapes[shape]
    except KeyError:
        masked = _by_tokens(shape.decode("utf-8", "surrogatepass"))
        hit = None if "1" in masked else masked
        if len(_shapes) >= _SHAPE_CAP:
            _shapes.clear()
        _shapes[shape] = hit
    return _by_tokens(text) if hit is None else hit


def mask_whole(message: str) -> str:
    """:func:`mask` without the shapes shortcut (tests compare the two)."""
    text = message[:MAX_CHARS] if len(message) > MAX_CHARS else message
    return _SPACES.sub(" ", _MASK.sub(WILDCARD, text)).strip() or "(empty)"
