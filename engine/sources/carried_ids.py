"""Who sent a message, told by which of two id fields it carries.

Some histories name no speaker in a field all the messages share: the person's messages
carry the id of the person's account (``userId``) and the others the id of the character
or bot that spoke (``characterId``), never both. Such a pair of fields — named for an id,
each on some records and never on the same one, together on nearly every record that holds
words, each holding a few values (the speakers' ids, not each message's own) — is read as
one speaker field whose value is the name of the field a record carries; that name says
who speaks as any speaker's value does (``user…``), or the voices are told by who asks.
Nothing here names a field: the pair is told by where its fields are present.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from gapless.engine.sources.common import JsonObj

EITHER = "|"  # joins the two fields of the pair in a speaker's path
COVER = 0.8  # of the records that hold words that carry one field of the pair, at least


def carried(obj: Any, path: str) -> str | None:
    """The name of the field of the pair ``path`` that ``obj`` carries, or None."""
    if not isinstance(obj, dict):
        return None
    held = [k for k in path.split(EITHER) if obj.get(k) is not None]
    return held[0] if len(held) == 1 else None


def id_pair(objs: list[JsonObj], named_id: Callable[[str], bool],
            says: Callable[[JsonObj], bool]) -> str | None:
    """The path of the pair of id fields (``named_id``: a field's name names an id) that
    tells who sent each record, or None when there is no such pair."""
    holders: dict[str, list[int]] = {}
    values: dict[str, set[str]] = {}
    for i, o in enumerate(objs):
        for k, v in o.items():
            if isinstance(v, str | int) and not isinstance(v, bool) and named_id(k):
                holders.setdefault(k, []).append(i)
                values.setdefault(k, set()).add(str(v))
    wordy = {i for i, o in enumerate(objs) if says(o)}
    best: tuple[int, str] | None = None
    for a, b in itertools.combinations(sorted(holders), 2):
        ha, hb = set(holders[a]), set(holders[b])
        if ha & hb or len(ha) < 2 or len(hb) < 2 or any(
                len(values[k]) > max(1, len(holders[k]) // 2) for k in (a, b)):
            continue
        covered = len((ha | hb) & wordy)
        if wordy and covered >= COVER * len(wordy) and (best is None or covered > best[0]):
            best = (covered, f"{a}{EITHER}{b}")
    return best[1] if best is not None else None
