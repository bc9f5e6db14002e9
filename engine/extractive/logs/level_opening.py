"""A record that opens with its level word: a trace's line below it opens none.

A log whose records open with their level ("INFO:     Started …", "ERRO[0001] Failed …",
"W/ActivityManager( 512): …") reads whatever word opens a line as that line's level: the
column is a closed set of the log's own words, not only the common scale's ("FAILURE"
beside "INFO"). The lines of a stack trace written below an error record open with words
too ("Traceback (most recent call last):", "KeyError: 'id'", "Caused by: …",
"java.lang.IllegalStateException: …", "goroutine 7 [running]:"), which that column would
count as levels of their own. Such a line is told by its form, the one every reader of
the engine knows a trace's line by (:data:`.level_first.CONTINUATION`), when its first
field writes no level word: it opens no record, it continues the one above. The judgement
is the line's own, so every piece of a log, and every window, judges a line alike.
"""

from __future__ import annotations

from gapless.engine.extractive.logs.level_first import CONTINUATION
from gapless.engine.extractive.logs.level_words import level_word

LEVEL_WORD = "L"  # (the class of a level word's field: .field_classes)


def opens_no_record(line: str, first: str, klass: str) -> bool:
    """Whether ``line``, whose first field is ``first``, in a shape whose first column is
    of class ``klass``, is a trace's line below a record that opens with its level word."""
    return klass == LEVEL_WORD and CONTINUATION.match(line) is not None and level_word(
        first) is None
