"""A record of a rare kind whose words narrate a member of the chat by name: a notice.

A chat service keeps what happened in a channel (a member or a bot joined, left, was
added) as a message of whoever caused it, marked by a kind field whose usual value sits on
nearly every other record (``regular``, and here ``system``), the words the app's short
sentence about the member, whose name opens it (``Analyst joined the channel.``). Neither
clue alone tells a notice from a person addressing the assistant by name; together they do:
the record's value of a kind field is rare among the records, and its words open with the
name one voice carries on all its records (:mod:`.voice_labels`), a lowercase word after it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from gapless.engine.sources.narrated_notice import narrates

RARE = 0.2  # of the records carrying the kind field, at most, for a value to be rare


class RareKinds:
    """The values of few-valued fields, to tell a record whose kind stands apart."""

    def __init__(self, fields: Iterable[str]) -> None:
        self.fields = frozenset(fields)
        self.counts: dict[str, Counter[str]] = {}

    def see(self, path: str, value: str) -> None:
        if path in self.fields:
            self.counts.setdefault(path, Counter())[value] += 1

    def rare(self, found: Sequence[tuple[str, Any]]) -> bool:
        """Does the record carry a value that few records of its field carry?"""
        for path, v in found:
            seen = self.counts.get(path)
            if seen is not None and isinstance(v, str) and len(seen) > 1 \
                    and seen[v] <= RARE * sum(seen.values()):
                return True
        return False


def narrates_member(words: str, names: Iterable[str]) -> bool:
    """Whether ``words`` open with a member's name and tell, shortly, what they did."""
    return any(narrates(name, words) for name in names)
