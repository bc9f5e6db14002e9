"""A bracket of context after a header's bracket, which only some records hold.

A logger may write after its own bracket a second one naming what a record is about (the
database, the request: ``INFO  [o.n.k.Health] [neo4j/1a2b3c4d] Started``) on some records
only. Read as the message's first word, it is a value each template may or may not open
with. A learned shape reads it as a column a record may go without when the same messages
are written both with and without it (:func:`~.header_end.context_column`: an id that opens
one event's message only is that message's own); where the generic parser reads a stamped
record too, the shape is the log's when it reads every record as that parser does, save the
bracket it takes out of the message of some.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gapless.engine.extractive.logs.formats import Record, parse_generic
from gapless.engine.extractive.logs.header_end import CONTEXT_BRACKET
from gapless.engine.extractive.weights import LOG


def ends_in_context(shape: str) -> bool:
    return shape.endswith(f",{CONTEXT_BRACKET}_s")


def context_beyond(lines: Sequence[str], parse: Callable[[str], Record | None]) -> bool:
    """Whether ``parse`` (a shape ending in a context's bracket) reads each of ``lines``
    as the generic parser does, its message the generic one's or that one after its opening
    bracket, and the latter on at least :attr:`~.LogWeights.context_share` of them."""
    cut = read = 0
    for line in lines:
        shaped, generic = parse(line), parse_generic(line, named=False)
        if shaped is None or generic is None or not generic.message.strip():
            continue  # (no record, or one cut short where a piece of the log ends)
        if shaped.level != generic.level or not shaped.message:
            return False
        read += 1
        if shaped.message == generic.message:
            continue
        head, _, rest = generic.message.partition(" ")
        if rest.lstrip() != shaped.message or not head.startswith("["):
            return False
        cut += 1
    return read > 0 and cut >= LOG.context_share * read
