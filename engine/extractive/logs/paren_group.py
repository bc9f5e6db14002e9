"""A parenthesised group of several words after the header's bracket: a column of its own.

A thread's name may hold blanks ("(default task-12)", "(ServerService Thread Pool -- 78)":
JBoss's and WildFly's "%d %-5p [%c] (%t) %s"). Cut at its blanks it is no column the lines
agree on, so the header would end before it and each thread's words would part the messages'
templates. When (nearly) every row opens a parenthesis right after the header and closes it
within a few fields, with a message after it, the group is one header column.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.weights import LOG

GROUP = "G"  # the class of a parenthesised group of one or more words
GROUP_REACH = 8  # the fields a group may span


def group_end(fields: Sequence[tuple[str, str, int]], j: int) -> int:
    """The field that closes a group opened at field ``j`` (-1: none opens there, or it does
    not close within :data:`GROUP_REACH` fields with a message after it)."""
    if len(fields) <= j or not fields[j][0].startswith("("):
        return -1
    depth = 0
    for i in range(j, min(len(fields) - 1, j + GROUP_REACH)):
        field = fields[i][0]
        depth += field.count("(") - field.count(")")
        if depth <= 0:
            return i if field.endswith(")") else -1
    return -1


def opens_group(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether (nearly) every row holds a group at field ``j``, of more than one word in
    some rows (a group of one word is a column already)."""
    ends = [group_end(r, j) - j for r in rows]
    return (sum(1 for e in ends if e >= 0) >= LOG.level_share * len(rows)
            and any(e > 0 for e in ends))
