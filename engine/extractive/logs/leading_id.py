"""An id that some records write before their time: a call's or a session's.

A log may write the id of the call or the session a record is about before the record's
stamp, on that session's records only (a softswitch's ``<uuid> 2024-03-01 12:00:00.123
[INFO] …``), the other records opening with the stamp. Such a line is a record of the same
shape; read as a column, the id would make the records without it no records (or those with
it). By structure: a UUID, or a run of 16 hex digits or more that holds a letter, then a
blank and a digit, before a shape that opens with its time, is skipped; tried only on a line
the shape does not read (no cost on the others).
"""

from __future__ import annotations

import re

_LEADING_ID = re.compile(
    r"(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|(?=[0-9a-fA-F]{0,63}[a-fA-F])[0-9a-fA-F]{16,64})[ \t]+(?=\d)")


def without_leading_id(line: str) -> str | None:
    """``line`` after the id that opens it (see the module), or None when it opens with
    none."""
    m = _LEADING_ID.match(line)
    return line[m.end():] if m is not None else None
