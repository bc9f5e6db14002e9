"""The person's newest turn, kept beside the conversation rather than in it.

A chat API request can carry the earlier turns in a list and the turn being sent as a
string beside that list, in a field named as the turns' own text field
(``{"chat_history": [{"role", "message"}, ...], "message": "..."}``). When the list ends
with another voice's turn, that string is what the person says next. Strings beside the
list under other names (a system text, a model's name) are not turns and stay out, and so
does a string that repeats a turn of the list word for word (an agent's run keeping its
answer again beside the run's messages): it was said, not said next.

The mirror of it: a tracer's record of a model call holds the messages sent as a list and
the model's answer as one object beside it, of the list's own shape (the speaker field,
another voice's value, words in a field the list's turns use). When the list ends with the
person's turn, that object is the turn that answers it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MOST = 0.6  # of the person's turns that hold their words in the field
DEPTH = 3  # levels below the record an answer beside the list may sit at
SEARCH = 6  # levels of the document searched for the record that holds the list


def next_turn(owner: Any, items: list[Any], speaker_path: str,
              person: frozenset[str], record: Callable[[], Any] | None = None
              ) -> dict[str, Any] | None:
    """The person's next turn as a record of the list's own shape (speaker and words), from
    the string beside the list named as the turns' text field; or, the list ending with the
    person's turn, the answer beside it in ``owner`` or in the ``record`` that holds owner
    (a logged call: the request's messages, the response beside); None when there is none."""
    if not isinstance(owner, dict) or not items or any(c in speaker_path for c in ".[?"):
        return None
    if not any(isinstance(v, list) and v and v[-1] is items[-1] for v in owner.values()):
        return None  # the records are not the owner's own list, as written
    last = items[-1]
    if isinstance(last, dict) and last.get(speaker_path) in person:
        held = record() if record is not None else None
        return _answer(owner if held is None else held, items, speaker_path, person)
    if not isinstance(last, dict):
        return None
    theirs = [x for x in items if isinstance(x, dict) and x.get(speaker_path) in person]
    if not theirs:
        return None
    for key, value in owner.items():
        if key == speaker_path or not isinstance(value, str) or not value.strip():
            continue
        said = sum(1 for x in theirs if isinstance(x.get(key), str) and " " in x[key])
        again = any(isinstance(x, dict) and x.get(key) == value for x in items)
        if said >= MOST * len(theirs) and not again:
            return {speaker_path: theirs[-1][speaker_path], key: value}
    return None


def _answer(holder: Any, items: list[Any], speaker_path: str,
            person: frozenset[str]) -> dict[str, Any] | None:
    """The object beside the list in ``holder`` (a few levels down), of its turns' shape,
    another voice's, that holds words in a field the list's turns hold theirs in; None when
    there is not one such."""
    fields = {k for x in items if isinstance(x, dict)
              for k, v in x.items() if isinstance(v, str) and " " in v} - {speaker_path}
    found = [v for v in _objects(holder, items) if isinstance(who := v.get(speaker_path), str)
             and who not in person and any(isinstance(v.get(k), str) and " " in v[k]
                                           for k in fields)]
    return found[0] if len(found) == 1 else None


def _objects(node: Any, items: list[Any], depth: int = 0) -> list[dict[str, Any]]:
    """The objects below ``node`` (not it, nor inside the list of ``items``)."""
    if depth > DEPTH or (isinstance(node, list) and node and any(x is items[0] for x in node)):
        return []
    values = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    out: list[dict[str, Any]] = []
    for v in values:
        if isinstance(v, dict):
            out.append(v)
        out.extend(_objects(v, items, depth + 1))
    return out


def holding_records(doc: Any) -> dict[int, Any]:
    """Each object of ``doc`` (by ``id``) to the record that holds it: the nearest object on
    the way down to it that is an item of a list (itself when it is one)."""
    out: dict[int, Any] = {}

    def walk(node: Any, record: Any, depth: int) -> None:
        if depth > SEARCH:
            return
        if isinstance(node, dict):
            out[id(node)] = record
            for v in node.values():
                walk(v, record, depth + 1)
        elif isinstance(node, list):
            for v in node:
                walk(v, v if isinstance(v, dict) else record, depth + 1)

    walk(doc, None, 0)
    return out
