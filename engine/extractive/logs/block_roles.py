"""Which key of block records holds the level, and which the message, by their values.

A level key's values are a small closed set of level words, but a tool's own scale may hold
a rarer member that is no word of the common scale ("Event" beside "Error", "Warning",
"Info"): the set is a level set when its level words are two or more, outnumber its other
values and hold most records (a piece of a few records may hold one of the rarer member).
A message key says different things on different records, in the most distinct words: a
field of a fixed structure repeats a few words, and a counter or an id ("probe:17216", a
thread number) varies on every record but says nothing new, so words are counted with
their digits masked.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from gapless.engine.extractive.weights import LOG

_DIGITS = re.compile(r"\d+")


def level_set(values: Counter[str], is_level: Callable[[str], bool]) -> bool:
    """Whether a key's values (with their counts) are a level set: every one a level word,
    or two or more level words, more than its other values, on most records."""
    words = [v for v in values if is_level(v)]
    if len(words) == len(values):
        return True
    return 2 <= len(words) > len(values) - len(words) and sum(
        values[v] for v in words) >= LOG.min_share * sum(values.values())


def worded_variety(values: Counter[str]) -> int:
    """How many distinct words a key's values hold, their digits masked."""
    return len({_DIGITS.sub("0", w) for v in values for w in v.split()})
