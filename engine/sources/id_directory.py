"""Speakers written as ids that a directory in the same document names.

Some chat files say who sent each message only by an id (``"sender": "a3f0…"``) and keep,
elsewhere in the document, a mapping from each id to the sender's object (a name, a
``bot`` flag). Read alone, such ids are no names: long, opaque, maybe of another shape for a
bot than for a person. When every value of a record field is a key of one mapping of
objects in the document, the value stands for that object: the records are read with it
put in the id's place, so its name (or flag) can be the speaker like any other.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gapless.engine.sources.common import JsonObj

MAX_DEPTH = 3
COVER = 0.8  # of the records that name an id of the directory


def _directories(obj: Any, depth: int = 0) -> Iterator[dict[str, JsonObj]]:
    """Mappings of at least two keys each to an object, near the document's top."""
    if depth > MAX_DEPTH:
        return
    if isinstance(obj, dict):
        if len(obj) >= 2 and all(isinstance(v, dict) for v in obj.values()):
            yield obj
        for v in obj.values():
            if isinstance(v, dict | list):
                yield from _directories(v, depth + 1)
    elif isinstance(obj, list):
        for v in obj[:1]:
            yield from _directories(v, depth + 1)


def directory_field(doc: Any, items: list[JsonObj]) -> str:
    """The field of ``items`` whose every value (two or more of them, on most records) is
    a key of one directory of ``doc``, or ""."""
    return _found(doc, items)[0]


def _found(doc: Any, items: list[JsonObj]) -> tuple[str, dict[str, JsonObj]]:
    if len(items) < 2:
        return "", {}
    directories = list(_directories(doc))
    if not directories:
        return "", {}
    for key in dict.fromkeys(k for x in items[:50] for k, v in x.items() if isinstance(v, str)):
        values = [x.get(key) for x in items]
        named = [v for v in values if isinstance(v, str)]
        if len(set(named)) < 2 or len(named) < COVER * len(items):
            continue
        for directory in directories:
            if all(v in directory for v in named):
                return key, directory
    return "", {}


def named_by_directory(doc: Any, items: list[JsonObj]) -> list[JsonObj]:
    """``items`` with the field :func:`directory_field` finds replaced by the directory's
    object; [] when no field is. The object's fields describe a speaker (a name, its
    initials, a ``bot`` flag): they are names, read as names (never by their letters)."""
    key, directory = _found(doc, items)
    if not key:
        return []
    return [{**x, key: directory[v]} if isinstance(v := x.get(key), str) else x
            for x in items]
