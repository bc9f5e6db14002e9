"""A chat kept as a list of [person, answer] pairs, with no speaker written anywhere.

Chat UIs built on a chat widget save the history as the widget holds it: a list whose
items are two strings, what the person said and what came back (``[["hi", "Hello!"],
...]``). The position in the pair is the speaker: the first string is the person's turn,
the second the answer. An empty first string, or one that is a single special token
(``<|...|>``), is no turn (the character's greeting opens the chat). A second list of
pairs of the same length under the same object is a rendition of the first (the same
chat as shown, escaped as HTML) and is left out. Pairs of objects of two shapes that share
no field (the person's message, then the answer — each maybe told only by its kind as an
object's one key, ``{"Prompt": …}``, ``{"Response": …}``) are read by position the same way;
what each holds is read as any record's fields are (a tool's results are no ask). Pairs
whose first strings are a few short values that come back (``[["USER", "hi"],
["ASSISTANT", "Hello!"]]``) are [speaker, words] pairs instead: the first string is who
spoke, read as any speaker field is.
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
    if not (all(isinstance(p, list) and len(p) == 2 and all(isinstance(s, str | None) for s in p)
                for p in value) or _object_pairs(value)):
        return False
    said = sum(1 for p in value if any(_says(s) for s in p))
    return said >= MOST * len(value)


def _object_pairs(value: list[Any]) -> bool:
    """Pairs of objects: each pair's first of one shape, its second of another (the
    person's message and the answer, each told by its kind as an object's one key)."""
    if not all(isinstance(p, list) and len(p) == 2 and all(isinstance(s, dict) for s in p)
               for p in value):
        return False
    firsts = set().union(*(set(p[0]) for p in value))
    seconds = set().union(*(set(p[1]) for p in value))
    return not firsts & seconds


def _says(value: Any) -> bool:
    """A string with a space in ``value`` (itself, or at any depth of an object)."""
    if isinstance(value, str):
        return " " in value.strip()
    if isinstance(value, dict):
        return any(_says(v) for v in value.values())
    if isinstance(value, list):
        return any(_says(v) for v in value)
    return False


def _unwrapped(turn: Any) -> Any:
    """An object turn without the one key it is wrapped in (``{"Response": {…}}``): that key
    names the whole turn's kind, not a part of it (a ``response`` is no tool's result here)."""
    if isinstance(turn, dict) and len(turn) == 1:
        (inner,) = turn.values()
        if isinstance(inner, dict):
            return inner
    return turn


SPEAKER_WORDS = 2  # words of a [speaker, words] pair's first string at most
SPEAKERS = 4  # distinct first strings of [speaker, words] pairs at most


def _speaker_first(pairs: list[list[Any]]) -> bool:
    """Whether the pairs are [speaker, words]: every first string a short value (a name or
    a role of a word or two), few of them, at least one coming back (or only two pairs),
    and the second strings words."""
    firsts = [p[0] for p in pairs]
    if not all(isinstance(f, str) and f.strip() and len(f.split()) <= SPEAKER_WORDS
               and len(f) <= 32 for f in firsts):
        return False
    distinct = set(firsts)
    return (len(distinct) <= SPEAKERS and (len(distinct) < len(firsts) or len(firsts) == 2)
            and all(isinstance(p[1], str) for p in pairs)
            and any(_says(p[1]) for p in pairs))


def _turns(pairs: list[list[Any]], speaker: str, words: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if _speaker_first(pairs):
        return [{speaker: who, words: said} for who, said in pairs if said and said.strip()]
    for ask, answer in pairs:
        if isinstance(ask, dict) or (ask and ask.strip() and not _TOKEN.match(ask.strip())):
            out.append({speaker: PERSON, words: _unwrapped(ask)})
        if isinstance(answer, dict) or (answer and answer.strip()):
            out.append({speaker: ANSWER, words: _unwrapped(answer)})
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
