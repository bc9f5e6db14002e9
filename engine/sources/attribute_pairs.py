"""Objects written as lists of key / value pairs, their keys dotted paths.

A tracer's export keeps each span's attributes as a list of ``{"key", "value"}`` pairs,
every value wrapped in an object of one field that names its type, and the keys as dotted
paths whose numeric steps index a list (``prompt.0.role``, ``prompt.0.content``,
``prompt.1.role``…): a conversation flattened into pairs. Such a list is the object it
spells: each pair a field, each wrapped value the value it wraps, and the dotted keys
nested again (a step that is a number makes a list), so the messages stand as records
whose speakers alternate. A key that is both a value and the parent of others stays
whole. Nothing here names a field or a tool: the pairs are told by their two fields alone.
"""

from __future__ import annotations

from typing import Any

PAIR = frozenset({"key", "value"})
MIN_PAIRS = 2
MAX_DEPTH = 16


def paired_objects(doc: Any) -> list[dict[str, Any]] | None:
    """The objects ``doc`` writes as lists of pairs, unfolded, in document order — None
    unless one of them holds a list once its keys are nested (records indexed by number)."""
    out: list[dict[str, Any]] = []
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if _pairs(node):
            out.append(nested_keys({str(p["key"]): _plain(p["value"]) for p in node}))
        elif isinstance(node, dict):
            stack.extend((v, depth + 1) for v in reversed(list(node.values())))
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in reversed(node))
    return out if any(_holds_list(o) for o in out) else None


def _pairs(node: Any) -> bool:
    return (isinstance(node, list) and len(node) >= MIN_PAIRS
            and all(isinstance(p, dict) and set(p) == PAIR and isinstance(p["key"], str)
                    for p in node))


def _plain(value: Any) -> Any:
    """A value as written without its wrapping: an object of one field is that field's
    value; a list of pairs is the object it spells."""
    while isinstance(value, dict) and len(value) == 1:
        value = next(iter(value.values()))
    if _pairs(value):
        return nested_keys({str(p["key"]): _plain(p["value"]) for p in value})
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def nested_keys(flat: dict[str, Any]) -> dict[str, Any]:
    """Dotted keys nested again; a key in conflict with another's path stays whole."""
    root: dict[str, Any] = {}
    for key, value in flat.items():
        steps = key.split(".")
        node = root
        for step in steps[:-1]:
            nxt = node.setdefault(step, {})
            if not isinstance(nxt, dict):
                node = root
                steps = [key]
                break
            node = nxt
        if steps[-1] in node and node is not root:
            root[key] = value
        else:
            node[steps[-1]] = value
    listed = _listed(root)
    return listed if isinstance(listed, dict) else root


def _listed(node: Any) -> Any:
    """Objects whose keys are 0, 1, 2… as the lists they index."""
    if not isinstance(node, dict):
        return node
    node = {k: _listed(v) for k, v in node.items()}
    if node and all(k.isdigit() for k in node) and {int(k) for k in node} == set(range(len(node))):
        return [node[str(i)] for i in range(len(node))]
    return node


def _holds_list(obj: Any, depth: int = 0) -> bool:
    if isinstance(obj, list):
        return any(isinstance(x, dict) for x in obj)
    return isinstance(obj, dict) and depth < MAX_DEPTH and any(
        _holds_list(v, depth + 1) for v in obj.values())
