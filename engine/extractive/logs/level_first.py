"""Records whose one opening mark is their level word: every line at the margin opens one.

A log whose records open with their level word and hold no time ("INFO: Analyzed target …",
"WARNING: …") marks where a record starts by that word alone, and a tool that writes such
records often writes lines of its own between them that open with no level (a progress
line, a result line). Nothing ties such a line to the record above it — a stamped log's
unstamped line is tied there by the stamp it lacks, a record's start being marked by one —
so it is a record of its own that writes no level: counted among the records and as "no
level", never left out of the counts that the levels are read beside. A line that continues
a record still does: an indented line, a stack frame, a traceback's opening or an
exception's cause, a Go stack's lines (:data:`CONTINUATION`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.logs.formats import Record, parse_generic_plain
from gapless.engine.extractive.logs.go_stack import GO_STACK
from gapless.engine.extractive.weights import LOG

# (an exception's class may be qualified by its package: "java.lang.IllegalStateException: …";
# a Go stack's lines at the margin: :mod:`.go_stack`)
CONTINUATION = re.compile(r"^(?:\s|at |Caused by:|\.\.\. \d+ more|Traceback "
                          r"|(?:[A-Za-z_$][\w$]*\.)*\w*(?:Error|Exception)\b[:\s]|"
                          + GO_STACK + ")")

LEVEL_FIRST = "generic-level-first"


def opens_with_level(line: str, record: Record | None) -> bool:
    """Whether ``record`` (``line`` read by the generic parser) holds no time and its line
    opens with its level word (bracketed or not)."""
    if record is None or record.level is None or record.time is not None:
        return False
    return line.lstrip("[").upper().startswith(record.level.upper())


def level_first(lines: Sequence[str], need: float) -> bool:
    """Whether at least ``need`` of ``lines`` are records that open with their level and
    hold no time, every record among them is one, and a few other lines at the margin are
    none (records of their own that write no level: without them, nothing differs; one
    alone may be a line cut by a piece's edge)."""
    opened = loose = 0
    for line in lines:
        record = parse_generic_plain(line)
        if record is None:
            loose += not CONTINUATION.match(line)
        elif opens_with_level(line, record):
            opened += 1
        else:
            return False
    return opened >= need and loose >= LOG.min_records


def parse_level_first(line: str) -> Record | None:
    """A record of a log whose records open with their level: the generic one, or a line
    at the margin that continues none, as a record with no level."""
    record = parse_generic_plain(line)
    if record is not None or CONTINUATION.match(line) or not line.strip():
        return record
    return Record(None, None, line.strip(), {})

