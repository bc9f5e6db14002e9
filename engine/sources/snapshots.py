"""A conversation written again, whole, each time it grew.

Some servers log a chat by writing its whole state after every answer: each line holds the
conversation so far, the previous line's messages and the new ones. Read line by line,
every ask would be said once per later line. A collection whose messages are, one for one,
the start of the next collection's (the next one longer) is an earlier state of the same
conversation: only the last state is read, the earlier ones' records counted as left out.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

EARLIER = "an earlier state of a conversation written again whole later"


def earlier_states(collections: Sequence[tuple[Any, Sequence[Any]]]) -> set[int]:
    """The positions of the ``(owner, items)`` collections the next one extends."""
    out: set[int] = set()
    for k, ((_o, items), (_n, nxt)) in enumerate(itertools.pairwise(collections)):
        if items and len(items) < len(nxt) and all(
                a == b for a, b in zip(items, nxt, strict=False)):
            out.add(k)
    return out
