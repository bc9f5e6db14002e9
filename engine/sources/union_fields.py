"""A field whose object holds one of several alternatives: which one is set is a value.

Some schemas say who sent a message not by a string but by which of an object's fields is
filled: ``{"user": {...}, "application": null, "device": null}`` for a person and
``{"user": null, "application": {...}}`` for a bot. The name of the one field that holds an
object (all its siblings null) is read as that object's value, so such a field can be the
speaker field (:mod:`engine.sources.chat_shape`) like any field of role words or names.
"""

from __future__ import annotations

from typing import Any

CHOSEN = "?"  # the path step that reads an object as the name of its one filled field


def chosen(obj: Any) -> str | None:
    """The name of the one field of ``obj`` that holds a non-empty object when every other
    field is null (at least two fields); None otherwise."""
    if not isinstance(obj, dict) or len(obj) < 2:
        return None
    filled = [k for k, v in obj.items() if v is not None]
    if len(filled) != 1:
        return None
    value = obj[filled[0]]
    return str(filled[0]) if isinstance(value, dict) and value else None
