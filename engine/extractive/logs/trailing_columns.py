"""Columns written after the message: a logger and a thread after " | ".

A log whose header's columns are parted by ``|`` may go on with columns after the message
(ActiveMQ's ``%d | %-5p | %m | %c | %t``: the message between the level and the logger).
Read as the message, the logger's name and the thread's (a connection's address in it) would
split each event into one template per logger and thread. By structure: when the header's
last column is parted by ``|`` and (nearly) every record's message holds the same number of
`` | `` parts (one or more), those last parts are columns, not the message's; the count is
learned once, with the shape, and each record is cut by it (a record holding fewer keeps
its message whole).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from gapless.engine.extractive.weights import LOG

TRAILING = "R"  # the class of the mark of the columns after the message (with their count)
_BAR = re.compile(r"[ \t]+\|[ \t]+")
MAX_TRAILING = 4


def trailing_count(messages: Iterable[str]) -> int:
    """How many `` | ``-parted columns follow (nearly) every message; 0 for none."""
    counts = Counter(len(_BAR.findall(m)) for m in messages)
    if not counts:
        return 0
    k, held = counts.most_common(1)[0]
    if not 1 <= k <= MAX_TRAILING or held < LOG.level_share * counts.total():
        return 0
    return k


def cut(message: str, k: int) -> tuple[str, str | None]:
    """A record's message without its ``k`` trailing columns, and the first of them (the
    logger's name); the message whole when it holds fewer."""
    bars = list(_BAR.finditer(message))
    if len(bars) < k:
        return message, None
    first = bars[-k]
    rest = message[first.end():]
    name = rest[:bars[-k + 1].start() - first.end()] if k > 1 else rest
    return message[:first.start()], name.strip() or None
