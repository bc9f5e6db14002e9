"""A record whose header line holds no message, the message on the indented line below it.

Some servers write each record's header on a line of its own, its time and the place in the
source that logged it ("[2024/03/01 00:00:07.005884,  1] ../../source3/smbd/service.c:1166
(make_connection_snum)"), and the message indented on the next line. Read line by line, the
header is a record whose message is the source's place, or no record at all (a header that
ends its line has no message), and every template is a place. When most lines pair up, a
line at the margin and an indented line after it, and the shape the joined pairs share
covers the whole first line of (nearly) every pair, its message being the second line, a
record is the pair: a paired format (:mod:`.paired`) of that shape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from gapless.engine.extractive.logs.formats import Record
from gapless.engine.extractive.logs.paired import PREFIX, joined
from gapless.engine.extractive.weights import LOG


def _pairs(lines: Sequence[str]) -> list[tuple[str, str]]:
    """Each line at the margin with the indented line after it."""
    return [(a, b) for a, b in pairwise(lines)
            if a.strip() and not a[0].isspace() and b.strip() and b[0].isspace()]


def message_below(lines: Sequence[str], learn: Callable[[Sequence[str]], str | None],
                  parser: Callable[[str], Callable[[str], Record | None]]) -> str | None:
    """The paired format of records whose message is the indented line below a header
    alone, or None."""
    found = _pairs(lines)
    if 2 * len(found) < LOG.min_share * len(lines) or len(found) < LOG.min_records:
        return None
    texts = [joined(a, b) for a, b in found]
    shape = learn(texts)
    if shape is None:
        return None
    parse = parser(shape)
    below = sum(1 for (_, b), text in zip(found, texts, strict=True)
                if (r := parse(text)) is not None and r.message.strip() == b.strip())
    return PREFIX + shape if below >= LOG.shape_share * len(found) else None
