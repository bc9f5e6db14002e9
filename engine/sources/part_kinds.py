"""A message told by the kinds of the parts it holds, when no field names its speaker.

Some exports keep a message's words as a list of typed parts and nothing else says who
spoke: the person's message holds a part of one kind (a request), the agent's a part or
several of other kinds (a thought, then a response). The kinds of a message's parts,
joined in their order, are then a value like a speaker's name, so the field of the parts'
kinds can be found as the speaker field (:mod:`engine.sources.chat_shape`) and the person
among its values by who asks. Kinds that are role words are left to the roles' own reading.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

EVERY = "[*]"  # the path step that reads the kinds of every part of a list
_KIND_LEN = 32
_ROLE_WORDS = frozenset({"user", "human", "person", "customer", "me", "assistant", "ai",
                         "bot", "model", "agent", "system", "developer"})


def kinds_of(parts: Any, key: str) -> str | None:
    """The kinds (``key`` of each part) of a list of parts, joined in order, each once; None
    unless every part has one: a short word, not a role's."""
    if not isinstance(parts, list) or not parts:
        return None
    kinds: list[str] = []
    for p in parts:
        k = p.get(key) if isinstance(p, dict) else None
        if not isinstance(k, str) or not k or len(k) > _KIND_LEN or any(
                c.isspace() for c in k) or k.lower() in _ROLE_WORDS:
            return None
        kinds.append(k)
    return "+".join(dict.fromkeys(kinds))


def kind_fields(path: str, parts: list[Any]) -> Iterator[tuple[str, str]]:
    """``(path, kinds)`` for each field of the parts that gives every part its kind."""
    first = parts[0] if parts and isinstance(parts[0], dict) else {}
    for key in first:
        kinds = kinds_of(parts, str(key))
        if kinds is not None:
            yield f"{path}{EVERY}.{key}", kinds
