"""A message's other takes, kept beside the one shown.

A chat app that lets a reply be regenerated may keep the takes not shown in the message's
own record: its words in their field (a string), the other takes as a list of strings in
another field (the take shown among them, or not). Only the words field was said in the
chat; whole strings of words listed beside it are versions of it, never said — not the
speaker's words, not an ask, not an answer. Told by structure alone: the words field is the
one string field (under no list) that holds the words of most records; a list of nothing
but strings, some of them words, in a field of a record whose words field holds words too,
is that record's other takes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

WORDS = 3  # words in a string that says something, at least
MOST = 0.5  # of the records with words that keep them in the words field, at least


def _wordy(v: Any) -> bool:
    return isinstance(v, str) and len(v.split()) >= WORDS


def words_field(items: Sequence[Any],
                leaves_of: Callable[[Any], list[tuple[str, Any]]]) -> str:
    """The string field under no list that holds the words of most records, or ""."""
    held: Counter[str] = Counter()
    said = 0
    for item in items:
        paths = {p for p, v in leaves_of(item) if _wordy(v)}
        said += bool(paths)
        held.update(p for p in paths if "[]" not in p)
    if not held:
        return ""
    path, count = held.most_common(1)[0]
    return path if count >= MOST * said else ""


def other_takes(item: Any, words: str) -> set[int]:
    """The identities of the strings of ``item`` that are other takes of its words (see the
    module); empty when the record's words field holds no words."""
    node: Any = item
    for key in words.split(".") if words else []:
        node = node.get(key) if isinstance(node, dict) else None
    if not _wordy(node):
        return set()
    out: set[int] = set()
    stack: list[Any] = [item]
    while stack:
        obj = stack.pop()
        for value in obj.values():
            if isinstance(value, dict):
                stack.append(value)
            elif (isinstance(value, list) and value and all(isinstance(x, str) for x in value)
                  and any(_wordy(x) for x in value)):
                out.update(id(x) for x in value)
    return out
