"""A word in parentheses that closes a message: the event's phase, not a value.

A program writes the phase or outcome of an operation as a lone word in parentheses at the
message's end ("TSM compaction (start)", "TSM compaction (end)"). The values that vary are
masked before mining (numbers, ids, hosts), and a word of letters wrapped so is the
program's own text: drain's similarity alone (two tokens of three alike) would join the two
phases into one template "TSM compaction <*>" whose count is neither's. By structure: two
messages whose closing tokens are both a parenthesised word, and differ, are two events.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_MARK = re.compile(r"\([A-Za-z]+\)")


def other_phase(template: Sequence[str], tokens: Sequence[str]) -> bool:
    """Whether the two messages (as tokens) close with different parenthesised words."""
    if not template or not tokens or template[-1] == tokens[-1]:
        return False
    return _MARK.fullmatch(template[-1]) is not None and _MARK.fullmatch(tokens[-1]) is not None
