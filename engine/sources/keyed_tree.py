"""A map of id to message linked by parent keys, read along the branch its holder shows.

A chat app that lets an ask be edited or a reply be regenerated may keep its messages as a
map whose keys are their only ids, each message naming its parent's key, the takes left
behind staying as side branches; beside the map, the holder names the leaf on screen. Only
the branch from the root to that leaf was said last: an ask edited away is no ask and a
reply regenerated away no answer. Told by structure alone: the holder's map whose values are
the records, one field of every record that is null or another key, and a string of the
holder that is a key with no child.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.common import JsonObj


def shown_branch(owner: Any, items: list[JsonObj]) -> list[JsonObj] | None:
    """The records from the root to the leaf the holder names, or None when the records
    are no map's values linked by keys or the holder names no leaf."""
    if not isinstance(owner, dict) or len(items) < 2:
        return None
    keyed = next((v for v in owner.values() if isinstance(v, dict) and len(v) == len(items)
                  and all(a is b for a, b in zip(v.values(), items, strict=True))), None)
    if keyed is None:
        return None
    up = next((k for k in items[0] if all(
        x.get(k) is None or (isinstance(x.get(k), str) and x[k] in keyed) for x in items)
        and sum(isinstance(x.get(k), str) for x in items) == len(items) - 1), None)
    if up is None:
        return None
    parents = {x[up] for x in items if isinstance(x.get(up), str)}
    leaf = next((v for v in owner.values()
                 if isinstance(v, str) and v in keyed and v not in parents), None)
    if leaf is None:
        return None
    branch: list[JsonObj] = []
    key: Any = leaf
    while isinstance(key, str) and key in keyed and len(branch) < len(items):
        branch.append(keyed[key])
        key = keyed[key].get(up)
    return branch[::-1] if key is None else None
