"""A word that nearly every record of a template holds at one place is a constant there.

drain makes a place ``<*>`` as soon as two messages differ there, so 608 records of
``Session: … initialized by client WindowsUpdateAgent.`` and one of ``… client SPP.`` are one
template ``… client <*>``, and 351 ``… user=root`` beside 21 other users one ``user=<*>``: a
reader loses the event's constant. A place that holds at most :data:`FEW` words (a closed
set: the user names of many accounts are a value's) and whose most frequent word (a token
with a letter that masking left as it is) holds :data:`SHARE` of the template's records is
that word in a template of those records, and the rest are a template of their own (the same
rule is then asked of each, at the places after); a place of a few labelled values
("cid:<*>", "rid:<*>") is cut by its labels whatever their shares. Only a template of
:data:`SEEN` records or more is cut: in ten, nine of one user and one of another say nothing
of the set. Values (masked) never decide; the split depends only on the messages and their
counts, so it is the same whatever the order they came in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.logs.skeleton import WILDCARD

SHARE = 0.9  # of a template's records holding one word at a place: a constant there
FEW = 3  # words at most at that place: a closed set (more are a variable's values)
SEEN = 50  # records at least: a set looks closed in a few records by chance
# a value behind its label ("cid:<*>", "rid:<*>"): the label names what the value is, so two
# labels at one place are two events whatever their shares (a client's, a route's)
_LABEL = re.compile(r"^[A-Za-z][\w-]*:<\*>$")


def _word(token: str) -> bool:
    """A token with a letter outside its values (``root``, ``(uid=<*>)``): not a value."""
    return any(c.isalpha() for c in token.replace(WILDCARD, ""))


def template_of(members: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The tokens all ``members`` hold at a place, ``<*>`` where they differ (drain's)."""
    first = members[0]
    return tuple(t if all(m[i] == t for m in members) else WILDCARD
                 for i, t in enumerate(first))


def split(members: Sequence[Sequence[str]], counts: Sequence[int], start: int = 0
          ) -> list[list[int]]:
    """``members`` (token lists of one length, one template's messages, each with its
    records in ``counts``) as groups of indices: one group unless a place at ``start`` or
    after has a word held by :data:`SHARE` of the records and others beside it."""
    total = sum(counts)
    if len(members) < 2 or total < SEEN:
        return [list(range(len(members)))]
    width = len(members[0])
    for at in range(start, width):
        held: dict[str, int] = {}
        for m, c in zip(members, counts, strict=True):
            held[m[at]] = held.get(m[at], 0) + c
        if not 2 <= len(held) <= FEW or not all(map(_word, held)):
            continue
        word, top = max(held.items(), key=lambda kv: (kv[1], kv[0]))
        labelled = all(_LABEL.match(t) for t in held)
        if top < SHARE * total and not labelled:
            continue
        inside = [i for i, m in enumerate(members) if m[at] == word]
        rest = [i for i, m in enumerate(members) if m[at] != word]
        out: list[list[int]] = []
        for part, after in ((inside, at + 1), (rest, at if labelled else at + 1)):
            for g in split([members[i] for i in part], [counts[i] for i in part], after):
                out.append([part[i] for i in g])
        return out
    return [list(range(len(members)))]
