"""Header fields glued by colons: "2024-03-01 12:00:00,123:INFO:app.db:message".

Some loggers part their header's fields with a colon and no blank. A colon is a piece of a
time of day as well, so a line's fields are parted by blanks (:mod:`.field_classes`); the glue is
told by its structure: a time of day, whole (hours, minutes and seconds, with or without a
fraction), glued by a colon to a word (a letter, not a digit: no time of day runs on so),
or a number that opens the line glued by a colon to a compact date and time.
From there, each run of characters glued to the next by a colon is a field of its own,
until a field is followed by anything else (a blank: the message's first word, or a
"name:" that closes the header as it would after a blank).
"""

from __future__ import annotations

import re

GLUE = "k"  # the separator code of a field glued to the next by a colon

# a time of day (after its date, in the same field) glued by a colon to a word
_STAMP = re.compile(r"(?:\d{4}-\d{1,2}-\d{1,2}T)?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?"
                    r"(?:Z|[+-]\d{2}:?\d{2})?(?=:[A-Za-z_])")
# a number glued by a colon to a compact date and time ("  812:20240301:120000.123": a
# process's id before the stamp)
_LEAD = re.compile(r"\d{1,10}(?=:(?:19|20)\d{6}[:T]\d{6}(?:[.,]\d+)?(?:\s|$))")
# a field glued to the next by a colon (whatever follows the colon but a blank or a colon)
_PIECE = re.compile(r"[^\s|:\[\]{}]{1,80}(?=:[^\s:|])")


def glued_end(line: str, pos: int, after_glue: bool) -> int:
    """Where the field at ``pos`` ends when a colon glues it to the next (the colon's
    index), else -1: a time of day glued to a word, a number glued to a compact date, or
    any field after a glued one (``after_glue``), but for digits glued to digits (a date's
    and its time's: "20240301:120000")."""
    if after_glue:
        m = _PIECE.match(line, pos)
        if m is None or (line[m.end() - 1].isdigit() and line[m.end() + 1].isdigit()):
            return -1
        return m.end()
    m = _STAMP.match(line, pos) or (_LEAD.match(line, pos) if pos == 0 else None)
    return -1 if m is None else m.end()
