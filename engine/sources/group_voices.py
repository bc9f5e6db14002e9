"""A group chat's voices in a text export: every voice keeps its turns, each a side.

A messaging app's or a chat client's export of a group (three people or more) has no two
voices that hold nearly every line: taking the two busiest for the sides would make every
other voice's words a notice and drop their asks. A group is told by structure — three
voices or more that each speak twice or more, hold most of the named lines together and
hand the word over on most turns (a log's repeated sources come in runs, not turns). Each
voice is then a side by how it speaks, never by its name: a voice that asks (a question in
at least half as many of its turns as the most asking voice's share) is a person, every
other voice answers. A group where no voice asks, or every voice does, is no group of
askers and answerers: the caller keeps its two-voice reading — unless it reads a group
where every voice asks (:func:`peer_group`) as a discussion among peers.
"""

from __future__ import annotations

import itertools
from collections import Counter

GROUP = 3  # voices that speak twice or more, at least
GROUP_SHARE = 0.75  # of the named lines those voices hold
GROUP_ALTERNATION = 0.5  # of consecutive named turns that change hands
ASKING_SHARE = 0.5  # of the most asking voice's share of turns that hold a question
PEER = "peer"  # the role of a voice in a discussion among peers (:func:`peer_group`)


def is_group(seq: list[str]) -> bool:
    """Whether the named turns ``seq`` are a group's: three voices or more that speak twice
    or more, hold most of the turns and hand the word over on most of them."""
    counts = Counter(seq)
    regular = [k for k, c in counts.items() if c >= 2]
    if len(regular) < GROUP or sum(counts[k] for k in regular) < GROUP_SHARE * len(seq):
        return False
    changes = sum(1 for a, b in itertools.pairwise(seq) if a != b)
    return changes >= GROUP_ALTERNATION * (len(seq) - 1)


def group_sides(seq: list[str], said: dict[str, list[str]]) -> dict[str, str] | None:
    """Each voice's role (user for a voice that asks, assistant for one that answers) when
    the named turns ``seq`` (their words in ``said`` by voice) are a group's; else None."""
    if not is_group(seq):
        return None
    counts = Counter(seq)
    asking = {k: sum("?" in t for t in said.get(k, [])) / max(1, len(said.get(k, [])))
              for k in counts}
    most = max(asking.values())
    askers = {k for k, share in asking.items() if share > 0 and share >= ASKING_SHARE * most}
    if not askers or askers == set(counts):
        return None
    return {k: "user" if k in askers else "assistant" for k in counts}


def peer_group(seq: list[str], said: dict[str, list[str]]) -> bool:
    """Whether the named turns ``seq`` (their words in ``said`` by voice) are a discussion
    among peers: a group in which every voice that speaks twice or more asks at least once.
    Nobody only answers, so no voice is the others' assistant and none is the person."""
    if not is_group(seq):
        return False
    return all(any("?" in t for t in said.get(k, []))
               for k, c in Counter(seq).items() if c >= 2)
