"""A level at no fixed place, then the logger's name in brackets a few fields on.

Some layouts write a context of varying width before the level — a thread's name that a
server renames to hold the request it serves ("http-nio-8080-exec-2 url: /search; user:
ann"), on a request's records only — and the request's context after it, then the
logger's dotted name in brackets: "%d %t %p %X{…} [%c] %m". No column holds the level on
every record, so none is learned, and every record would be counted as of no level though
each writes one. When (nearly) every record holds a level word within a few fields after
the header and a bracketed dotted name a few fields after that, the level in more than one
place, the level is that word and the header closes at the bracket: the message starts
after it, and the name is the record's component.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.logger_bracket import REACH, is_logger
from gapless.engine.extractive.weights import LOG

LEVEL_LOGGER = "LK"  # the class of such a level (no column: the header's last mark)
LEVEL_REACH = 6  # fields from the header's end to the level, at most
FIELDS_REACH = LEVEL_REACH + REACH + 1  # fields a record's header may take past the columns


def level_then_logger(fields: Sequence[tuple[str, str, int]], at: int) -> tuple[int, int]:
    """Where the first level word from field ``at`` on is, and the bracketed dotted name
    after it, when both are within reach and a message follows; else (-1, -1)."""
    last = len(fields) - 1  # (a message follows the bracket)
    for i in range(at, min(last, at + LEVEL_REACH)):
        if level_of(fields[i][0]) is not None:
            name = next((j for j in range(i + 1, min(last, i + 1 + REACH))
                         if is_logger(fields[j][0])), -1)
            return (i, name) if name >= 0 else (-1, -1)
    return -1, -1


def level_before_logger(rows: Sequence[list[tuple[str, str, int]]], at: int) -> bool:
    """Whether (nearly) every row holds a level word and then a bracketed dotted name from
    field ``at`` on, the level in more than one place (in one place it is a column)."""
    places = [found[0] for r in rows if (found := level_then_logger(r, at))[0] >= 0]
    return len(places) >= LOG.level_share * len(rows) and len(set(places)) > 1
