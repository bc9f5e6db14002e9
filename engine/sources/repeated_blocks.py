"""Instructions a harness repeats in every turn of one voice.

A framework that formats each ask for the model may add the same paragraph to every turn
of the person's role (a fixed sentence on how to answer, a block of settings): said again,
word for word, beside the person's own words in most of that voice's turns, it is the
harness's boilerplate, not something the person asked. Told by structure alone: a
paragraph (a block between blank lines) of several words that comes back verbatim in most
turns of one voice — at least three — each time beside other words of the same string (a
sentence that is a part of its own, sent in turn after turn, may be the person's).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

MIN_TURNS = 3  # turns that repeat the paragraph, at least
MOST = 0.6  # of the voice's turns with words
MIN_WORDS = 6  # words of a paragraph that instructs (a short reply may recur on its own)
_BLANK = re.compile(r"\n[ \t]*\n")


def blocks(text: str) -> list[str]:
    """A text's paragraphs, stripped, the empty ones left out."""
    return [b.strip() for b in _BLANK.split(text) if b.strip()]


def repeated_blocks(turns: Sequence[Sequence[str]]) -> frozenset[str]:
    """The paragraphs repeated verbatim beside other words in most of ``turns`` (one voice's
    turns, each the strings of its words)."""
    said = [t for t in turns if any(x.strip() for x in t)]
    seen: Counter[str] = Counter()
    for strings in said:
        found: set[str] = set()
        for text in strings:
            own = blocks(text)
            if len(own) >= 2:  # only a paragraph beside others in its string is added to it
                found.update(b for b in own if len(b.split()) >= MIN_WORDS)
        seen.update(found)
    need = max(MIN_TURNS, MOST * len(said))
    return frozenset(b for b, c in seen.items() if c >= need)


def without_blocks(text: str, repeated: frozenset[str]) -> str:
    """``text`` without the paragraphs in ``repeated``."""
    if not repeated:
        return text
    own = blocks(text)
    return "\n\n".join(b for b in own if b not in repeated) if any(
        b in repeated for b in own) else text
