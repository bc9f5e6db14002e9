"""Records listed newest first, put back in the order they were said.

An API that pages a conversation's messages often lists the newest first; read as it is,
the last question would open the conversation and answers would come before what they
answer. When the records carry a time (a field named for one, on most records) that never
rises from one record to the next and falls at least once — and no other time field
rises — they were listed newest first and are read in reverse. A field is a time by its
name or by its values: numbers that all count seconds (or milliseconds, or microseconds)
since 1970 into this century are one whatever the field is called. A record that is one field
holding the message (``{"messageCreate": {…}}``) is read by the times of the message.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from gapless.engine.sources.common import JsonObj

MIN_RECORDS = 3
COVER = 0.8  # of the records that carry the time
_EPOCH_SCALES = (0, 3, 6)  # powers of ten over seconds: seconds, milli- and microseconds


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


def epoch_fields(items: list[JsonObj]) -> set[str]:
    """The fields whose values are all numbers of one scale of time since 1970 (seconds,
    milliseconds or microseconds between 2001 and 2096), whatever their name
    (``origin_server_ts``): a moment written as a number, as an ISO string is one by its
    shape."""
    seen: dict[str, set[int]] = {}
    for x in items[:50]:
        for k, v in unwrapped(x).items():
            if isinstance(v, int | float) and not isinstance(v, bool):
                seen.setdefault(k, set()).add(next(
                    (e for e in _EPOCH_SCALES if 1e9 * 10**e <= v < 4e9 * 10**e), -1))
    return {k for k, scales in seen.items() if len(scales) == 1 and -1 not in scales}


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
