"""A logger's dotted name in brackets after the level, with a request's context before it
on some records.

log4j's layouts put the mapped context between the level and the logger (Atlassian's
``%d %t %p %X{user} %X{request.id} %X{session} %X{ip} %X{url} [%c] %m``): a record made
within a request holds five context fields there, a record made outside one none. No
column of the header then holds the logger on every record, so the header ended at the
level and the context opened every message — a user's name split each template by user.
When (nearly) every record holds a bracketed dotted name a few fields after its level, and
some hold it further on than others, that bracket closes the header: the fields before it
are the record's context, the message starts after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.weights import LOG

LOGGER = "K"  # the class of the closing bracket (the header's last column)
REACH = 8  # fields from the level's next to the bracket, at most
_DOTTED = re.compile(r"^\[[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\]$")


def is_logger(field: str) -> bool:
    """Whether a field is a dotted name in brackets (``[c.a.jira.issue.IssueManager]``)."""
    return field[:1] == "[" and _DOTTED.match(field) is not None


def logger_follows(rows: Sequence[list[tuple[str, str, int]]], at: int) -> bool:
    """Whether (nearly) every row holds a bracketed dotted name within :data:`REACH` fields
    from field ``at`` on, some further on than others (at one place in every row it would
    be a column of its own)."""
    places = []
    for r in rows:
        i = next((i for i in range(at, min(len(r) - 1, at + REACH)) if is_logger(r[i][0])), -1)
        if i >= 0:
            places.append(i)
    return len(places) >= LOG.level_share * len(rows) and len(set(places)) > 1
