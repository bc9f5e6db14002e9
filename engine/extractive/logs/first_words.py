"""A message's first words are no level column, however few they are.

A column of a few capitalised words, two of them levels of the common scale, is a level
column with words of its own ("[System]", "[Note]" beside "[Warning]"). But a log with no
level column whose messages open with a verb or a name ("UpdateTip: …", "Saw new header …",
"Error: Disk space is low …") has such a column too when its events are few. What tells them
apart is what follows: a level is followed by any of its records' messages, while a
message's first word predicts the word after it ("Saw" is always followed by "new"). So a
column whose value foretells the next field in nearly every row, when the fields so foretold
are many (not one column that follows every value alike: a thread's "[main]"), is the
message's own first word. (Only a set of capitalised words is so judged: a sentence opens
with a capital; a column of lower-case words, its levels written so too, is a level column
whatever follows: npm's "timing" before the step it times.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

FORETOLD = 0.9  # rows whose next field is the one most often after their value
MANY = 3  # distinct fields foretold, at least (and one for every other value or more)


def opens_messages(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether column ``j``'s value foretells the next field in (nearly) every row, the
    fields foretold being many: the messages' first words, no level column."""
    pairs: Counter[tuple[str, str]] = Counter()
    for r in rows:
        if len(r) > j:
            pairs[r[j][0], r[j + 1][0] if len(r) > j + 1 else ""] += 1
    n = sum(pairs.values())
    best: dict[str, tuple[int, str]] = {}
    for (value, after), count in pairs.items():
        if count > best.get(value, (0, ""))[0]:
            best[value] = (count, after)
    foretold = {after for _, after in best.values()}
    return (n > 0 and sum(c for c, _ in best.values()) >= FORETOLD * n
            and len(foretold) >= max(MANY, len(best) / 2))
