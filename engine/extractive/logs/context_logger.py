"""A logger's dotted name after a request's context that only some records write.

A server may write, between a record's thread and its logger, the context of the request the
record was written for (a request id, a session, the client's address, the request's quoted
line: several tokens) and nothing for the records no request caused. Read as the message,
that context and the logger's name would open every template, one template per logger and
per request. By structure: when the field after the header's columns is a logger's dotted
name on many records (those without a context) and on (nearly) every other record such a
name follows within a few fields, the logger is a column searched for from there; the
tokens before it are the record's context, no part of its message.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.header_end import DOTTED
from gapless.engine.extractive.weights import LOG

CONTEXT_LOGGER = "DC"  # the class of the logger column searched for past a context
REACH = 8  # fields a context may take before the logger's name
BARE_SHARE = 0.3  # of the records with the name right after the header (no context)

Fields = Sequence[tuple[str, str, int]]


def logger_at(fields: Fields, j: int) -> int:
    """The index of the first dotted name from field ``j`` on (within :data:`REACH`) with a
    message after it; -1 for none."""
    for i in range(j, min(len(fields) - 1, j + REACH + 1)):
        if DOTTED.match(fields[i][0]):
            return i
    return -1


def logger_after_context(rows: Sequence[Fields], j: int) -> bool:
    """Whether field ``j`` is such a logger column: its name at ``j`` on many rows but not on
    nearly all, and within reach after ``j`` on (nearly) every row."""
    found = [logger_at(r, j) for r in rows]
    bare = sum(1 for at in found if at == j)
    return (BARE_SHARE * len(rows) <= bare < LOG.level_share * len(rows)
            and sum(1 for at in found if at >= j) >= LOG.level_share * len(rows))
