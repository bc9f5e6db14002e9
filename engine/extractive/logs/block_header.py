"""A block record's first line: its header, with the fields written at its end.

Some tools open each block of "NAME : value" lines with a line that is no pair: the record's
stamp and id, then, after a wide blank, a field or two of its own ("… I1977E339
LEVEL: Error"). Read as a pair that line is none, and the block would be no record. The
first line of a block is its header when it is no pair at the margin: its stamp is kept as a
field of its own (:data:`HEAD`) and each "NAME: value" written after a run of two blanks or
more is a field like the block's others.
"""

from __future__ import annotations

import re

HEAD = " head"  # (the header's key: no key of a pair holds a blank)
_WIDE = re.compile(r" {2,}")
_PAIR = re.compile(r"^([A-Za-z_][\w.]*) *: ?(\S.*)$")


def header_fields(line: str) -> dict[str, str] | None:
    """The fields of a block's first line that is no pair: its head and the pairs after
    wide blanks (None when no pair follows one: a line of free text)."""
    parts = _WIDE.split(line.strip())
    fields = {HEAD: parts[0]}
    for part in parts[1:]:
        m = _PAIR.match(part)
        if m is not None:
            fields[m.group(1)] = m.group(2).strip()
    return fields if len(fields) > 1 else None
