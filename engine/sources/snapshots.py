"""A conversation written again, whole, each time it grew.

Some servers log a chat by writing its whole state after every answer: each line holds the
conversation so far, the previous line's messages and the new ones. Read line by line,
every ask would be said once per later line. A collection whose messages are, one for one,
the start of a neighbouring collection's (that one longer) is an earlier state of the same
conversation: only the last state is read, the earlier ones' records counted as left out.
The neighbour that extends it is the next collection, or the one before when the log lists
its records newest first (a gateway's or a tracer's export of requests).

An agent's runs keep each run's messages with the earlier turns copied in: a copy keeps the
message's id, time and words and changes only a flag (``from_history``), and the system
prompt is written anew for every run. So messages are compared without their flags (fields
that are true or false), and the harness's records (``skip``) are left out of the match.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

EARLIER = "an earlier state of a conversation written again whole later"


def earlier_states(collections: Sequence[tuple[Any, Sequence[Any]]],
                   skip: Callable[[Any], bool] | None = None) -> set[int]:
    """The positions of the ``(owner, items)`` collections a neighbour extends (the records
    ``skip`` names left out of the match, the others compared without their flags)."""
    out: set[int] = set()
    kept = [[_unflagged(x) for x in items if skip is None or not skip(x)]
            for _o, items in collections]
    for k, (items, nxt) in enumerate(itertools.pairwise(kept)):
        if _extends(nxt, items):
            out.add(k)
        elif _extends(items, nxt):
            out.add(k + 1)  # listed newest first: the later state comes before
    return out


def _unflagged(record: Any) -> Any:
    """The record without its fields that are true or false."""
    if not isinstance(record, dict):
        return record
    return {k: v for k, v in record.items() if not isinstance(v, bool)}


def _extends(longer: Sequence[Any], start: Sequence[Any]) -> bool:
    """Whether ``longer`` holds more items and opens with ``start``'s, one for one."""
    return bool(start) and len(start) < len(longer) and all(
        a == b for a, b in zip(start, longer, strict=False))
