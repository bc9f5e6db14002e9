"""Messages whose words are kept apart, in objects the message names by their ids.

Some chat apps store a message as an envelope — who spoke, when, a list of ids — and the
words, a thought or an image of each message as objects of another list of the same
document, each with its own id (and often the id of its message). Read alone, such
messages hold no words and the objects holding them no speaker. When records that hold no
words have a field that is a list of ids and (nearly) every id is the id of an object in
one other list of the document, those objects are the record's parts: the records are read
with the objects in the ids' place, so their words, and their kinds, are the message's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from gapless.engine.sources.common import JsonObj

MAX_DEPTH = 4
COVER = 0.8  # of the ids named that an object of the other list has
_KEYS = 50  # objects of a list whose fields are looked at for an id field
WORDS = 3  # of a string that is said, at least


def _lists(obj: Any, depth: int = 0) -> Iterator[list[JsonObj]]:
    """Lists of objects (two or more) in the document."""
    if depth > MAX_DEPTH:
        return
    if isinstance(obj, list):
        dicts = [x for x in obj if isinstance(x, dict)]
        if len(dicts) >= 2:
            yield dicts
        for x in dicts:
            yield from _lists(x, depth + 1)
    elif isinstance(obj, dict):
        for v in obj.values():
            if isinstance(v, dict | list):
                yield from _lists(v, depth + 1)


def _worded(value: object, depth: int = 0) -> bool:
    """Whether an object holds words (a string of three words or more) a few levels down."""
    if isinstance(value, str):
        return len(value.split()) >= WORDS
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return any(_worded(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_worded(v, depth + 1) for v in value)
    return False


def _ids(value: object) -> list[str] | None:
    """A list of ids: strings of one word each (None when ``value`` is not one)."""
    if isinstance(value, list) and value and all(
            isinstance(v, str) and v and not any(c.isspace() for c in v) for v in value):
        return [str(v) for v in value]
    return None


class IdParts:
    """The lists of objects of one document with their id fields (a field of one-word
    strings, a different one for each object), indexed once by value, to find the parts a
    collection's records name by id."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.lists: list[list[JsonObj]] = []
        self.home: dict[int, int] = {}  # each listed object (by ``id``) to its list's number
        self.named: dict[str, list[tuple[int, str]]] | None = None  # id -> (list, field)
        self.by_field: dict[tuple[int, str], dict[str, JsonObj]] = {}

    def _index(self) -> dict[str, list[tuple[int, str]]]:
        if self.named is None:
            self.named = {}
            self.lists = list(_lists(self.doc))
            for n, objects in enumerate(self.lists):
                for x in objects:
                    self.home.setdefault(id(x), n)
                for key in dict.fromkeys(k for x in objects[:_KEYS] for k, v in x.items()
                                         if isinstance(v, str)):
                    values = [x.get(key) for x in objects]
                    if _ids(values) and len(set(values)) == len(values):
                        for v in values:
                            self.named.setdefault(str(v), []).append((n, key))
        return self.named

    def joined(self, items: list[JsonObj]) -> list[JsonObj]:
        """``items`` with a field of id lists replaced by the objects of another list of
        the document those ids name; [] when no field's ids are such objects'."""
        if len(items) < 2 or sum(map(_worded, items)) > (1 - COVER) * len(items):
            return []  # records that hold their words themselves
        keys = [k for k in dict.fromkeys(k for x in items[:_KEYS] for k, v in x.items()
                                         if _ids(v))
                if sum(1 for x in items if _ids(x.get(k))) >= COVER * len(items)]
        if not keys:
            return []
        named = self._index()
        own = self.home.get(id(items[0]))
        for key in keys:
            wanted = {i for x in items for i in (_ids(x.get(key)) or [])}
            hits = Counter(at for i in wanted for at in named.get(i, ()) if at[0] != own)
            for (n, field), count in hits.most_common(1):
                if len(wanted) >= 2 and count >= COVER * len(wanted):
                    if (n, field) not in self.by_field:
                        self.by_field[n, field] = {str(x.get(field)): x for x in self.lists[n]}
                    index = self.by_field[n, field]
                    return [{**x, key: [index[i] for i in ids if i in index]}
                            if (ids := _ids(x.get(key))) else x for x in items]
        return []


def parts_by_id(doc: Any, items: list[JsonObj]) -> list[JsonObj]:
    """``items`` with their parts named by id put in the ids' place (:class:`IdParts`)."""
    return IdParts(doc).joined(items)
