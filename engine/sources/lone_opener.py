"""The person's opening message kept under a speaker value of its own.

A panel's message list may give the conversation's first message a kind of its own (the
task the person set) and every later message of the person another kind (feedback), so the
opening value names no person and speaks once. It is the person's when its record has the
very fields of the person's records — a shape no other voice's record has — and it opens
the conversation: the first record that holds words. A title or a notice is of another
shape, and a value that speaks again is a voice of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from gapless.engine.sources.common import JsonObj


def lone_opener(objs: list[JsonObj], voice: Callable[[JsonObj], str | None],
                person: frozenset[str], has_words: Callable[[JsonObj], bool]) -> str | None:
    """The speaker value of the opening record when it is the person's by shape (see the
    module); else None."""
    if not person:
        return None
    first = next((o for o in objs if has_words(o)), None)
    opener = voice(first) if first is not None else None
    if opener is None or opener in person:
        return None
    counts = Counter(voice(o) for o in objs)
    if counts[opener] != 1:
        return None
    shape = frozenset(first) if first is not None else frozenset()
    persons = {frozenset(o) for o in objs if voice(o) in person}
    others = {frozenset(o) for o in objs if voice(o) not in person and o is not first}
    return opener if shape in persons and shape not in others else None
