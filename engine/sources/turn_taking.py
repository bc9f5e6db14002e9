"""Voices that take turns, told from records that merely share a field with a ``user`` value.

A list of accounts (``{"name": …, "role": "admin" | "user" | "guest", "bio": …}``) has a
small field whose values change from record to record and one of which names the person,
as a chat's speaker field does. What parts them is the order. In a conversation the
person's records and the others' come in runs that follow who speaks: strictly alternating
(an ask, an answer) or in bursts (several messages each) — either way far from what a random
order of the same records gives. Accounts, or events sorted by anything but who speaks,
change voice as often as chance makes them (a runs test). Where a role word names another
voice (``assistant``, ``bot``) the field is a speaker however the records are ordered; this
is for the rest. Records that carry a time (a number, or a date and time written out) list
them in order, either way, when they are what was said one after the other; a list whose
every time both rises and falls is sorted by something else (a name, an id) — accounts with
a ``created_at``, not turns — however few its records are.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

MIN_RECORDS = 50  # fewer tell too little: a short exchange is read as a conversation
CHANCE_Z = 2.0  # runs within this many standard deviations of a random order's are chance


def in_random_order(voices: Sequence[str], person: frozenset[str]) -> bool:
    """Whether the person's records and the other voices' come in runs no different from a
    random order of the same records (``voices``: each record's speaker, in order)."""
    mine = [v in person for v in voices]
    n = len(mine)
    ours = sum(mine)
    theirs = n - ours
    if n < MIN_RECORDS or not ours or not theirs:
        return False
    runs = 1 + sum(1 for a, b in itertools.pairwise(mine) if a != b)
    expected = 2 * ours * theirs / n + 1
    variance = 2 * ours * theirs * (2 * ours * theirs - n) / (n * n * (n - 1))
    return variance > 0 and abs(runs - expected) < CHANCE_Z * math.sqrt(variance)


MIN_TIMES = 6  # records carrying a time, at least, for their order to tell anything
TIME_COVER = 0.8  # of the records that carry the time
_WRITTEN_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")


def times_in_no_order(items: Sequence[dict[str, Any]],
                      is_time: Callable[[str], bool]) -> bool | None:
    """Whether ``items`` list their times in no order: every time they carry (fields
    ``is_time`` names, on most records: numbers, or dates and times written out) both rises
    and falls from record to record. None when they carry no such time."""
    keys = dict.fromkeys(k for x in items[:50] for k in x if is_time(k))
    seen = False
    for key in keys:
        values: list[Any] = [x.get(key) for x in items]
        got = [v for v in values if _comparable(v)]
        if len(got) < max(MIN_TIMES, TIME_COVER * len(items)) or len(
                {type(v) is str for v in got}) != 1:
            continue
        pairs = list(itertools.pairwise(got))
        if not (any(a < b for a, b in pairs) and any(a > b for a, b in pairs)):
            return False  # a time in order (oldest or newest first)
        seen = True
    return True if seen else None


def _comparable(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int | float) or (isinstance(value, str)
                                              and bool(_WRITTEN_TIME.match(value)))
