"""The person's newest turn, kept beside the conversation rather than in it.

A chat API request can carry the earlier turns in a list and the turn being sent as a
string beside that list, in a field named as the turns' own text field
(``{"chat_history": [{"role", "message"}, ...], "message": "..."}``). When the list ends
with another voice's turn, that string is what the person says next. Strings beside the
list under other names (a system text, a model's name) are not turns and stay out.
"""

from __future__ import annotations

from typing import Any

MOST = 0.6  # of the person's turns that hold their words in the field


def next_turn(owner: Any, items: list[Any], speaker_path: str,
              person: frozenset[str]) -> dict[str, Any] | None:
    """The person's next turn as a record of the list's own shape (speaker and words), from
    the string beside the list named as the turns' text field; None when there is none."""
    if not isinstance(owner, dict) or not items or any(c in speaker_path for c in ".[?"):
        return None
    if not any(isinstance(v, list) and v and v[-1] is items[-1] for v in owner.values()):
        return None  # the records are not the owner's own list, as written
    last = items[-1]
    if not isinstance(last, dict) or last.get(speaker_path) in person:
        return None  # the list ends with the person's turn: nothing beside it follows it
    theirs = [x for x in items if isinstance(x, dict) and x.get(speaker_path) in person]
    if not theirs:
        return None
    for key, value in owner.items():
        if key == speaker_path or not isinstance(value, str) or not value.strip():
            continue
        said = sum(1 for x in theirs if isinstance(x.get(key), str) and " " in x[key])
        if said >= MOST * len(theirs):
            return {speaker_path: theirs[-1][speaker_path], key: value}
    return None
