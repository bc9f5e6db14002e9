"""The person's opening message, kept apart from the list of the replies that follow it.

A support thread can be saved as its opening message in an object of its own and the
replies in a list beside it (``{"source": {"author", "body"}, "parts": {"parts": [...]}}``).
When the list starts with another voice's turn and the document holds, outside the list,
exactly one object of the records' own shape (fields in common, the same speaker field)
whose speaker is the person and which holds words in a field where the person's records
hold theirs, that object is the conversation's first turn. Copies of a record kept
elsewhere under another shape (a latest message) are not of the shape and stay out.

A ticket can also be the opening itself: the object that holds the list of replies, of
their shape (fields in common) but with no speaker field, keeps the words that opened the
thread in a field of its own (a description beside the replies' bodies). When the list
starts with another voice's turn and no record of the person's is kept apart, that holder
is the person's first turn, given the person's speaker value and without its list.
"""

from __future__ import annotations

from typing import Any, Protocol

MOST = 0.6  # of the person's records that hold their words in the field
SHARED = 3  # fields in common with the records, at least
DEPTH = 4  # levels of the document searched
WORDS = 3  # words of the holder's opening words, at least


class _Speaker(Protocol):
    path: str
    person: frozenset[str]

    def of(self, item: dict[str, Any]) -> str | None: ...


def opening_turn(doc: Any, items: list[Any], speaker: _Speaker) -> dict[str, Any] | None:
    """The person's first turn kept outside ``items`` (a record of their shape), or None."""
    if not items or not isinstance(items[0], dict) or speaker.of(items[0]) in speaker.person:
        return None
    theirs = [x for x in items if isinstance(x, dict) and speaker.of(x) in speaker.person]
    if not theirs:
        return None
    wordy = {k for k in theirs[0] if sum(
        1 for x in theirs if isinstance(x.get(k), str) and " " in x[k]) >= MOST * len(theirs)}
    shape = set(items[0])
    inside = {id(x) for x in items}
    found: list[dict[str, Any]] = []
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, list):
            if any(id(x) in inside for x in node):
                continue  # the records' own list
            stack.extend((x, depth + 1) for x in node if depth < DEPTH)
        elif isinstance(node, dict) and id(node) not in inside:
            if (len(shape & set(node)) >= SHARED and speaker.of(node) in speaker.person
                    and any(isinstance(node.get(k), str) and " " in node[k] for k in wordy)):
                found.append(node)
            elif depth < DEPTH:
                stack.extend((v, depth + 1) for v in node.values())
    if found:
        return found[0] if len(found) == 1 else None
    return _holder_turn(doc, items, theirs[0], speaker)


def _holder_turn(doc: Any, items: list[Any], theirs: dict[str, Any], speaker: _Speaker
                 ) -> dict[str, Any] | None:
    """The object holding ``items``, read as the person's opening turn: of the records'
    shape, with no speaker value, and words in a field no record has."""
    holder = _holder(doc, items)
    if holder is None or speaker.of(holder) is not None:
        return None
    shape = {k for x in items if isinstance(x, dict) for k in x}
    if len(shape & set(holder)) < SHARED or not any(
            k not in shape and isinstance(v, str) and len(v.split()) >= WORDS
            for k, v in holder.items()):
        return None
    key = speaker.path.split(".", 1)[0].removesuffix("[*]").removesuffix("[]")
    if key not in theirs:
        return None
    turn = {k: v for k, v in holder.items() if not isinstance(v, list) or items[0] not in v}
    turn[key] = theirs[key]
    return turn if speaker.of(turn) in speaker.person else None


def _holder(doc: Any, items: list[Any]) -> dict[str, Any] | None:
    """The object one of whose fields is the list of ``items``."""
    first = items[0]
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            for v in node.values():
                if isinstance(v, list) and any(x is first for x in v):
                    return node
                if depth < DEPTH:
                    stack.append((v, depth + 1))
        elif isinstance(node, list) and depth < DEPTH:
            stack.extend((x, depth + 1) for x in node if isinstance(x, dict | list))
    return None
