"""A chat kept as a list of [person, answer] pairs, with no speaker written anywhere.

Chat UIs built on a chat widget save the history as the widget holds it: a list whose
items are two strings, what the person said and what came back (``[["hi", "Hello!"],
...]``). The position in the pair is the speaker: the first string is the person's turn,
the second the answer. An empty first string, or one that is a single special token
(``<|...|>``), is no turn (the character's greeting opens the chat). A second list of
pairs of the same length under the same object is a rendition of the first (the same
chat as shown, escaped as HTML) and is left out.
"""

from __future__ import annotations

import re
from typing import Any

PERSON, ANSWER = "user", "assistant"
MIN_PAIRS = 2
MOST = 0.6  # of the pairs that hold words (a string with a space)
DEPTH = 3  # levels of the document searched
_TOKEN = re.compile(r"^<\|[^|\s]*\|>$")


def _is_pairs(value: Any) -> bool:
    if not isinstance(value, list) or len(value) < MIN_PAIRS:
        return False
    if not all(isinstance(p, list) and len(p) == 2 and all(isinstance(s, str | None) for s in p)
               for p in value):
        return False
    said = sum(1 for p in value if any(isinstance(s, str) and " " in s.strip() for s in p))
    return said >= MOST * len(value)


def _turns(pairs: list[list[str | None]], speaker: str, words: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ask, answer in pairs:
        if ask and ask.strip() and not _TOKEN.match(ask.strip()):
            out.append({speaker: PERSON, words: ask})
        if answer and answer.strip():
            out.append({speaker: ANSWER, words: answer})
    return out


def paired_turns(doc: Any, speaker: str, words: str) -> list[tuple[Any, list[dict[str, Any]]]]:
    """Each list of pairs in ``doc`` as ``(owner, records)``, the records in the given
    speaker and words fields; renditions of a list already taken are left out."""
    found: list[tuple[Any, list[dict[str, Any]]]] = []
    taken: set[tuple[int, int]] = set()  # (owner, length)
    stack: list[tuple[Any, Any, int]] = [(doc, None, 0)]
    while stack:
        node, owner, depth = stack.pop()
        if _is_pairs(node):
            if (id(owner), len(node)) not in taken:
                taken.add((id(owner), len(node)))
                found.append((owner, _turns(node, speaker, words)))
        elif isinstance(node, dict) and depth < DEPTH:
            stack.extend((v, node, depth + 1) for v in reversed(node.values()))
        elif isinstance(node, list) and depth < DEPTH:
            stack.extend((v, owner, depth + 1) for v in reversed(node))
    return found
