"""Records that carry a copy of another record: a quoted message, not the record's words.

A chat API may hand each reply back with the whole message it answers inside it (a field
holding an object of the records' own shape: most of the same fields, the same id field).
That copy is another record's words in another voice: read as the reply's own, the asker's
question would be said again by whoever answered. The copy is structure, found without a
field name: an object inside a record whose fields are mostly the record's own and whose id
is that of a record of the same collection (or whose fields are nearly all the record's,
when the quoted one is not in the collection). It is dropped from the record; the record
itself is kept whole otherwise.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.common import JsonObj

MIN_SHARED = 3  # fields the copy shares with the record, at least
SHARED_SHARE = 0.5  # of the record's fields (and of the copy's), at least
UNLISTED_SHARE = 0.8  # when the copy's id is of no record in the collection


def _ids(items: list[JsonObj]) -> set[Any]:
    return {x.get("id") for x in items if isinstance(x.get("id"), str | int)}


def _copy_of_a_record(value: Any, record: JsonObj, ids: set[Any]) -> bool:
    if not isinstance(value, dict) or len(value) < MIN_SHARED:
        return False
    shared = len(set(value) & set(record))
    if shared < max(MIN_SHARED, SHARED_SHARE * len(record), SHARED_SHARE * len(value)):
        return False
    listed = value.get("id") in ids and value.get("id") != record.get("id")
    return listed or shared >= UNLISTED_SHARE * max(len(record), len(value))


def unquoted(items: list[JsonObj]) -> list[JsonObj]:
    """``items``, each without the copies of other records it holds (the same list when
    none holds one)."""
    ids = _ids(items)
    quoting = [x for x in items if any(_copy_of_a_record(v, x, ids) for v in x.values())]
    if not quoting:
        return items
    return [{k: v for k, v in x.items() if not _copy_of_a_record(v, x, ids)} for x in items]
