"""A JSON text written on one line (an API's minified answer) that a window cuts anywhere:
a part may open or end inside a token, a string's text or the structure.

A part cannot tell from its own text whether it opens inside a string, so it reads itself
both ways — from its first character (past a bare word cut in two, the "ue" of "true") and
past its first unescaped quote — and keeps the reading that tokenizes to its end; when both
do, or neither, it tells nothing. It reads its own tokens from its first structural token
(``,`` ``{`` ``[`` ``}`` ``]``) to its last: what comes before is the end of the member the
part before was cut inside (the *head*), what comes after the start of the member the next
part ends (the *tail*). A fold joins a tail and the next head, the member whole again, and
reads its value as a field of the record the cut fell in
(:func:`engine.extractive.kinds.changelog_json.settle`). A fragment too long to carry is
a long value: no version and no date.
"""

from __future__ import annotations

import re

__all__ = ["FRAGMENT", "LONG", "SAFE", "carried", "readings", "trailing_partial"]

SAFE = frozenset(",{[}]")  # the structural tokens a part's own reading starts and ends at
FRAGMENT = -1  # the level of the mark carrying a head or a tail (no container's)
LONG = "\x00"  # a fragment too long to carry (a long string: no version, no date)
_CARRIED = 400  # characters of a fragment carried, at most
_BARE = re.compile(r"[\w.+\-]*")
_PARTIAL = re.compile(r'\s*(?:"(?:[^"\\]|\\.)*\\?|[\w.+\-]+)\s*')


def readings(text: str) -> list[int]:
    """Where a part's tokens may start: past a cut bare word (it opens outside a string),
    and past its first unescaped quote (it opens inside one)."""
    bare = _BARE.match(text)
    out = [bare.end() if bare else 0]
    slashes = 0
    for i, c in enumerate(text):
        if c == '"' and slashes % 2 == 0:
            out.append(i + 1)
            break
        slashes = slashes + 1 if c == "\\" else 0
    return out


def trailing_partial(text: str, at: int, end: int) -> bool:
    """Whether ``text[at:end]``, where a reading failed, is a token the cut split: a string
    left open or a bare word."""
    m = _PARTIAL.fullmatch(text, at, end)
    return m is not None


def carried(fragment: str) -> str:
    """A head or a tail as a part reports it: itself, or :data:`LONG`."""
    return fragment if len(fragment) <= _CARRIED else LONG
