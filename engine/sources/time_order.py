"""Records listed newest first, put back in the order they were said.

An API that pages a conversation's messages often lists the newest first; read as it is,
the last question would open the conversation and answers would come before what they
answer. When the records carry a time (a field named for one, on most records) that never
rises from one record to the next and falls at least once — and no other time field
rises — they were listed newest first and are read in reverse. A record that is one field
holding the message (``{"messageCreate": {…}}``) is read by the times of the message.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from gapless.engine.sources.common import JsonObj

MIN_RECORDS = 3
COVER = 0.8  # of the records that carry the time


def unwrapped(record: JsonObj) -> JsonObj:
    """The record, or the one object it wraps when it is one field holding an object."""
    if len(record) == 1:
        (inner,) = record.values()
        if isinstance(inner, dict):
            return inner
    return record


def _times(items: list[JsonObj], key: str) -> list[Any]:
    vals = [unwrapped(x).get(key) for x in items]
    got = [v for v in vals if isinstance(v, str | int | float) and not isinstance(v, bool)]
    if len(got) < max(MIN_RECORDS, COVER * len(items)):
        return []
    kinds = {type(v) is str for v in got}
    return got if len(kinds) == 1 else []


def newest_first(items: list[JsonObj], is_time: Callable[[str], bool]) -> bool:
    """Whether ``items`` are listed newest first by their times (the fields ``is_time``
    names one)."""
    if len(items) < MIN_RECORDS:
        return False
    keys = dict.fromkeys(k for x in items[:50] for k in unwrapped(x) if is_time(k))
    falls = False
    for key in keys:
        got = _times(items, key)
        if not got:
            continue
        pairs = list(itertools.pairwise(got))
        if any(a < b for a, b in pairs):
            return False  # a time that rises: listed oldest first (or in no order)
        falls = falls or any(a > b for a, b in pairs)
    return falls
