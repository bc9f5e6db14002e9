"""Objects whose field names are dotted paths: the nested objects they spell.

A data frame's records saved as JSON, or a tracer's span attributes, keep nested objects
flattened into one level whose keys are paths (``context.span_id`` beside
``context.trace_id``, a message as ``message.role`` beside ``message.content``). A field
found in such a key is no path the speaker can be read by, so an object of which two keys
or more share the head of a dotted path is read as the object it spells, its keys nested
again (:mod:`.attribute_pairs`); when every key shares the one head, the object is the one
that head names (the message itself, as a list of messages holds it). Nothing here names a
field: the keys are told by their dots alone.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gapless.engine.sources.attribute_pairs import nested_keys

MAX_DEPTH = 16


def unflattened(doc: Any) -> Any | None:
    """``doc`` with every object whose keys flatten paths nested again; None when no
    object of it does."""
    changed = [False]
    out = _unfold(doc, 0, changed)
    return out if changed[0] else None


def _unfold(node: Any, depth: int, changed: list[bool]) -> Any:
    if depth > MAX_DEPTH:
        return node
    if isinstance(node, list):
        return [_unfold(v, depth + 1, changed) for v in node]
    if not isinstance(node, dict):
        return node
    node = {k: _unfold(v, depth + 1, changed) for k, v in node.items()}
    if _flattened(node):
        changed[0] = True
        spelled = nested_keys(node)
        # every key under one head: the object that head names (a message, not its wrapper)
        only = next(iter(spelled.values())) if len(spelled) == 1 else None
        return only if isinstance(only, dict) else spelled
    return node


def _flattened(obj: dict[str, Any]) -> bool:
    """Whether two keys or more of ``obj`` are dotted paths with the same head."""
    heads = Counter(k.split(".", 1)[0] for k in obj if isinstance(k, str) and "." in k.strip("."))
    return any(c >= 2 for c in heads.values())
