"""A message padded to a fixed width, its context's pairs after it.

Some loggers write a record's event, pad it with blanks to a fixed column, and write the
record's context after it as ``key=value`` pairs (go-ethereum's and log15's terminal
format, CometBFT's, Nim's chronicles: ``Chain head was updated     number=5 hash=0x1f``)
or as ``key: value`` pairs parted by ", " (slog's terminal format: ``Synced     slot: 9``).
The event is the template; the pairs are values, and a template mined on the whole line
is one per set of keys, under a name no reader would give the event. By structure: in most
of the records whose message holds a run of two or more blanks, the first such run ends at
one column (the padding's width); that width is learned once, with the shape, and each
record's message is cut there. An event as long as the width or longer has no padding: a
single blank parts it from its pairs, which are cut when the rest is pairs alone; a record
with no context keeps its message whole.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from gapless.engine.extractive.weights import LOG

PADDED = "E"  # the class of the mark of the padding's width (with the width)
_MARK = re.compile(r"^E(\d{1,3})$")
_WIDE = re.compile(r" {2,}")
_PAIRS = re.compile(r'^(?: [A-Za-z_][\w.-]{0,40}=(?:"(?:[^"\\]|\\.)*"|\S*))+$')
# (or "key: value" pairs parted by ", ": slog's terminal format; a value may hold commas
# of its own, so the pairs are the parts between ", " that each open with "key: ")
_COLON_PAIR = re.compile(r"[A-Za-z_][\w.-]{0,40}: \S")
_COLON_SEP = re.compile(r", (?=[A-Za-z_][\w.-]{0,40}: \S)")
_COLON_PAIRS = 2  # (one "word: text" is a sentence's as often as a context's)
_MIN_WIDTH = 16  # (a narrower run is alignment inside the message, not its padding)


def _pairs(rest: str) -> bool:
    """Whether ``rest`` (from the blank before it) is context pairs alone: ``key=value``
    pairs, or two or more ``key: value`` pairs parted by ", "."""
    if _PAIRS.match(rest):
        return True
    parts = _COLON_SEP.split(rest[1:]) if rest[:1] == " " else []
    return len(parts) >= _COLON_PAIRS and all(_COLON_PAIR.match(p) for p in parts)


def padded_width(messages: Sequence[str]) -> int | None:
    """The column the context starts at in (nearly) every padded message, when most
    messages hold such a run and the rest after it opens with a pair; else None."""
    ends: Counter[int] = Counter()
    for m in messages:
        run = _WIDE.search(m)
        if run is not None and run.start() > 0 and _pairs(" " + m[run.end():]):
            ends[run.end()] += 1
    if not ends:
        return None
    width, held = ends.most_common(1)[0]
    if width < _MIN_WIDTH or held < LOG.min_share * len(messages) or held < (
            LOG.level_share * sum(ends.values())):
        return None
    return width


def is_mark(klass: str) -> int | None:
    """The width a shape's last column marks, or None when it is no such mark."""
    m = _MARK.match(klass)
    return int(m.group(1)) if m is not None else None


def event_of(message: str, width: int) -> str:
    """A message without the context pairs after its padding (or after the single blank
    that follows an event as long as the padding's width or longer)."""
    run = _WIDE.search(message)
    if run is not None and run.end() == width and run.start() > 0:
        return message[:run.start()]
    cut = message.find(" ", width - 1)
    while cut > 0:
        if _pairs(message[cut:]):
            return message[:cut]
        cut = message.find(" ", cut + 1)
    return message
