"""A message's own key read as a header's closing "name:": ``WSVR0221I: Application started``.

Some loggers open every message with its catalogue key, a code of capital letters and
digits closed by a colon (WebSphere's ``SRVE0242I:``, Apache's ``AH00558:``). In the
column after the level it looks like a component's "name:" that closes the header, and read
so the key would be taken out of the message and each event named without it. By structure:
a "name:" column whose values are codes (capitals and digits, at least one of each, no
lower-case letter, no bracket) and in which each value is followed by one same word on
(nearly) all of its rows is the message's key: each code names one event, where a
component's name is followed by the words of many.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from gapless.engine.extractive.weights import LOG

_CODE = re.compile(r"^(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z][A-Z0-9-]{2,15}:$")


def message_key(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether column ``j`` holds the messages' own keys (see the module)."""
    after: dict[str, set[str]] = defaultdict(set)
    coded = 0
    for r in rows:
        if len(r) > j + 1 and _CODE.match(r[j][0]):
            coded += 1
            after[r[j][0]].add(r[j + 1][0])
    if coded < LOG.shape_share * len(rows) or len(after) < 2:
        return False
    one = sum(1 for words in after.values() if len(words) == 1)
    return one >= LOG.shape_share * len(after)
