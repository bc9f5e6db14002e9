"""Messages that are only envelopes of typed parts of several voices: their parts, in order.

Some agent frameworks save a run as a list of requests and responses, each holding a list
of parts and no words of its own; what each part is — the system prompt, the person's
prompt, a tool's return, the model's text, a tool call — is told by a field of the part,
and one envelope may carry the system prompt, a tool's return and the person's next prompt
together. Read envelope by envelope, the system prompt or a tool's return would be said in
the person's voice; read part by part, the parts of every envelope joined in their order
are the conversation's records, whose kind field the speaker search can find. Found by
structure: two envelopes or more, each with a list of objects in the same field and nothing
else of theirs in words, and an envelope whose parts are of a kind that names the person
and of another kind beside it (envelopes whose parts are all one voice's are read whole).
"""

from __future__ import annotations

from collections.abc import Callable

from gapless.engine.sources.common import JsonObj

MIN_WORDS = 3  # words of a string that is said, at least
_KIND_LEN = 32


def _said(value: object) -> bool:
    if isinstance(value, str):
        return len(value.split()) >= MIN_WORDS
    if isinstance(value, dict):
        return any(_said(v) for v in value.values())
    if isinstance(value, list):
        return any(_said(v) for v in value)
    return False


def _kind(value: object) -> str | None:
    if isinstance(value, str) and 0 < len(value) <= _KIND_LEN and value.strip() == value \
            and " " not in value:
        return value
    return None


def _mixed(lists: list[list[JsonObj]], person: Callable[[str], bool]) -> bool:
    """Whether some field gives every part a kind and an envelope holds a part of a kind
    that names the person beside a part of another kind."""
    for key in lists[0][0]:
        kinds = [[_kind(c.get(key)) for c in parts] for parts in lists]
        if any(k is None for ks in kinds for k in ks):
            continue
        if any(any(person(k) for k in ks if k) and not all(person(k) for k in ks if k)
               for ks in kinds):
            return True
    return False


def joined_parts(items: list[JsonObj], person: Callable[[str], bool]
                 ) -> tuple[str, list[JsonObj]] | None:
    """``(field, parts)``: the parts every item lists in one field, joined in order, when
    the items hold no words outside that field and an item mixes the person's part with
    another kind's (``person`` tells a kind that names the person); else None."""
    if len(items) < 2:
        return None
    keys = [k for k, v in items[0].items()
            if isinstance(v, list) and v and all(isinstance(c, dict) for c in v)]
    for key in keys:
        lists = [v for x in items if isinstance(v := x.get(key), list) and v
                 and all(isinstance(c, dict) for c in v)]
        if len(lists) < len(items):
            continue
        if any(_said(v) for x in items for k, v in x.items() if k != key):
            continue
        if _mixed(lists, person):
            return key, [c for v in lists for c in v]
    return None
