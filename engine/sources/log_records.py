"""Records that are a log's, not a conversation's: they carry a field of severity words.

A JSON log's records may hold a field whose two values alternate like two voices (the two
services that wrote it) beside a field of words (the message): read by structure alone, its
records became turns and its messages asks. A log's records carry a level field: a closed
set of a few words on nearly every record, two or more of them severities (``info``,
``WARN``, ``error``), which no conversation's messages do, whatever their speakers are
called."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from gapless.engine.core.levels import level_of

SAMPLE = 400  # records looked at
SHARE = 0.9  # of them holding the field
CLOSED = 12  # values at most: a closed set (npm's "http" and "silly" beside the standard ones)
MIN_RECORDS = 5


def severity_field(items: Sequence[Any]) -> str | None:
    """The field (a dotted path, at most one object down) held by nearly every record that
    could hold it (:func:`_carriers`), whose few values hold two or more severity words, on
    half the records or more; None when the records have none."""
    objs = [x for x in items[:SAMPLE] if isinstance(x, dict)]
    if len(objs) < MIN_RECORDS:
        return None
    values: dict[str, Counter[str]] = {}
    for obj in objs:
        for path, v in _fields(obj):
            values.setdefault(path, Counter())[v] += 1
    for path, seen in values.items():
        held = sum(seen.values())
        if held < SHARE * _carriers(objs, path) or len(seen) > CLOSED:
            continue
        levels = {v: level_of(v) for v in seen if len(v) <= 12}
        named = {lv for lv in levels.values() if lv is not None}
        if len(named) >= 2 and 2 * sum(n for v, n in seen.items() if levels.get(v)) >= held:
            return path
    return None


def _carriers(objs: Sequence[dict[str, Any]], path: str) -> int:
    """The records a field at ``path`` could be held by: all of them for a top-level key;
    for one an object down, those whose parent is an object (a record whose parent is a
    plain line, a sidecar's, carries no level), when they are half the records or more."""
    if "." not in path:
        return len(objs)
    parent = path.split(".", 1)[0]
    held = sum(1 for o in objs if isinstance(o.get(parent), dict))
    return held if 2 * held >= len(objs) else len(objs)


def _fields(obj: dict[str, Any]) -> Iterator[tuple[str, str]]:
    for k, v in obj.items():
        if isinstance(v, str):
            yield str(k), v
        elif isinstance(v, dict):
            for k2, v2 in v.items():
                if isinstance(v2, str):
                    yield f"{k}.{k2}", v2


def severity_voices(seq: Sequence[str]) -> bool:
    """Whether the names that open a text's stamped lines are a log's levels, not speakers:
    nearly every line's name is a severity, or ends in one after a dot (a channel and its
    level: ``production.ERROR``), two or more severities among them."""
    if not seq:
        return False
    levels = [level_of(name.rsplit(".", 1)[-1]) if len(name) <= 40 else None for name in seq]
    held = sum(1 for lv in levels if lv is not None)
    return held >= SHARE * len(seq) and len({lv for lv in levels if lv is not None}) >= 2
