"""Records that are blocks of free lines under a header line of one shape, parted by blanks.

A report-style log writes each record as a header line (its kind and its time between
marks: "=ERROR REPORT==== 1-Mar-2024::00:00:01 ===") and the message on the lines below it,
a blank line after. No line after the header shares its shape, and read line by line half
the lines are no record. The blocks are records when (nearly) every block's first line has
one skeleton (its words and numbers masked, the marks between them kept), holds a clock's
time, and one of its words, at one place, takes values of a small closed set of level
words (words, not numbers: a changelog's "3.009  2015-06-07 17:48:37Z" over its notes has a
major version's digit there): that word is the level, the lines under the header the
message.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from gapless.engine.extractive.logs.block_roles import level_set
from gapless.engine.extractive.logs.level_words import SET_SIZE
from gapless.engine.extractive.weights import LOG

HEADED = "head"  # (the format's separator: a header line, not pairs)
WORD = " word"  # (the fields' keys: no pair's key holds a blank)
TEXT = " text"
_TOKEN = re.compile(r"\w+")
_CLOCK = re.compile(r"\d{1,2}[:.]\d{2}[:.]\d{2}")


def _skeleton(line: str) -> str:
    return _TOKEN.sub("w", line)


def learn_headed(blocks: Sequence[str], is_level: Callable[[str], bool]) -> int | None:
    """The place of the level word among the header's words, when ``blocks`` are records
    of a header and free lines; else None."""
    heads = [b.lstrip("\n").split("\n", 1) for b in blocks]
    heads = [h for h in heads if len(h) == 2 and h[1].strip()]
    if len(heads) < LOG.shape_share * len(blocks):
        return None
    skeleton, count = Counter(_skeleton(h) for h, _ in heads).most_common(1)[0]
    shaped = [h for h, _ in heads if _skeleton(h) == skeleton]
    if count < LOG.shape_share * len(blocks) or not all(_CLOCK.search(h) for h in shaped):
        return None
    words = [_TOKEN.findall(h) for h in shaped]
    for at in range(len(words[0])):
        values = Counter(w[at] for w in words)
        if 2 <= len(values) <= min(SET_SIZE, len(shaped) / 2) and not any(
                v.isdigit() for v in values) and level_set(values, is_level):
            return at  # (a number is no level word here: a version's "3" above its notes)
    return None


def headed_fields(block: str, at: int) -> dict[str, str] | None:
    """A headed block's level word (at place ``at`` of its header's words) and message."""
    head, _, rest = block.lstrip("\n").partition("\n")
    words = _TOKEN.findall(head)
    text = " ".join(ln.strip() for ln in rest.splitlines() if ln.strip())
    if len(words) <= at or not text:
        return None
    return {WORD: words[at], TEXT: text}
