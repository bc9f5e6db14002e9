"""Records that each hold an exchange as two messages of one shape side by side.

Some chat histories keep each exchange as one record whose fields are the exchange's
messages — ``{"humanMessage": {"speaker": "human", "text": …}, "assistantMessage":
{"speaker": "assistant", "text": …}}`` — so no field of the record alternates from record to
record: the speaker alternates between the record's own objects. When most records hold the
same two or more object fields, those objects share a field whose value differs from one
to the other (the same value at the same field in every record: who speaks) and hold words,
the objects are the messages, read in the record's order (the record's other fields kept as
the first one's metadata).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from gapless.engine.sources.common import JsonObj

COVER = 0.8  # of the records that hold the message fields


def _speaker_key(items: list[JsonObj], fields: list[str]) -> str | None:
    """A field every message object has, whose value is a string that is the same for a
    message field in every record and differs between the message fields."""
    shared: set[str] | None = None
    for x in items:
        for f in fields:
            v = x.get(f)
            if isinstance(v, dict):
                shared = set(v) if shared is None else shared & set(v)
    for key in sorted(shared or ()):
        said = [_one_string(x[f].get(key) for x in items if isinstance(x.get(f), dict))
                for f in fields]
        if all(s is not None for s in said) and len(set(said)) == len(said):
            return key
    return None


def _one_string(values: Iterable[Any]) -> str | None:
    """The string every value is, or None (values may be anything JSON holds: an object
    is not hashable, so no set of them is taken)."""
    found: str | None = None
    for v in values:
        if not isinstance(v, str) or (found is not None and v != found):
            return None
        found = v
    return found


def sibling_messages(items: list[JsonObj], says: Callable[[Any], bool]) -> list[JsonObj]:
    """The messages of records that each hold them side by side, in order (``says``: does
    an object hold words); [] when the records are not such."""
    if len(items) < 2:
        return []
    held = Counter(k for x in items for k, v in x.items() if isinstance(v, dict))
    fields = [k for k, c in held.items() if c >= COVER * len(items)]
    if len(fields) < 2 or _speaker_key(items, fields) is None:
        return []
    if not all(any(isinstance(x.get(f), dict) and says(x[f]) for x in items) for f in fields):
        return []
    out: list[JsonObj] = []
    for x in items:
        rest = {k: v for k, v in x.items() if k not in fields}
        first = True
        for f in fields:
            message = x.get(f)
            if isinstance(message, dict):
                out.append({**message, "metadata": rest} if first and rest else message)
                first = False
    return out
