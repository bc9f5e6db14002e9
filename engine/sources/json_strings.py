"""JSON kept as a string inside JSON: a field whose text is itself a document.

Some stores keep a record's payload serialized: a database row whose ``content`` column is
the whole transcript as JSON text, a log event whose ``message`` is an object written out.
Such a string (one that opens with ``{`` or ``[`` and parses to an object or a list) is
the document it encodes; when nothing is found in a document as it stands, it is looked at
again with those strings decoded in place. Nothing here names a field or a tool.
"""

from __future__ import annotations

import json
from typing import Any

_MIN_CHARS = 16  # a string shorter than this holds no conversation (``[]``, ``{"a": 1}``)
_MAX_DEPTH = 64


def _decoded(value: Any, depth: int, found: list[bool]) -> Any:
    if depth > _MAX_DEPTH:
        return value
    if isinstance(value, dict):
        return {k: _decoded(v, depth + 1, found) for k, v in value.items()}
    if isinstance(value, list):
        return [_decoded(v, depth + 1, found) for v in value]
    if isinstance(value, str) and len(value) >= _MIN_CHARS and value.lstrip()[:1] in ("{", "["):
        try:
            inner = json.loads(value)
        except ValueError:
            return value
        if isinstance(inner, dict | list):
            found.append(True)
            return _decoded(inner, depth + 1, found)
    return value


def strings_decoded(doc: Any) -> Any | None:
    """``doc`` with every string that holds a JSON object or list replaced by what it holds;
    None when it has no such string."""
    found: list[bool] = []
    out = _decoded(doc, 0, found)
    return out if found else None
