"""Voices that take turns, told from records that merely share a field with a ``user`` value.

A list of accounts (``{"name": …, "role": "admin" | "user" | "guest", "bio": …}``) has a
small field whose values change from record to record and one of which names the person,
as a chat's speaker field does. What parts them is the order. In a conversation the
person's records and the others' come in runs that follow who speaks: strictly alternating
(an ask, an answer) or in bursts (several messages each) — either way far from what a random
order of the same records gives. Accounts, or events sorted by anything but who speaks,
change voice as often as chance makes them (a runs test). Where a role word names another
voice (``assistant``, ``bot``) the field is a speaker however the records are ordered; this
is for the rest.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

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
