"""A changelog written as a YAML sequence of records: a release is an item whose first
field's value is a whole version, a date field among its siblings (``- version: '2.433'``
over ``  date: 2023-11-21``), known by that shape, never by the field's name.

The item's dash stands where a mapping key would: its fields are its children, one
indent deeper, so :mod:`.changelog_keys` reads it as it reads a version key (a date among
the children, the fold settling an item a part ends inside).
"""

from __future__ import annotations

import re

from gapless.engine.extractive.kinds.changelog_headings import VERSION

__all__ = ["sequence_version"]

_ITEM = re.compile(r"^( *)- +[\w.\-]+:\s+([\"']?)([^\s\"'#][^\"'#]*?)\2\s*(?:#.*)?$")


def sequence_version(line: str) -> str | None:
    """The version a sequence item's first field holds (``- version: '2.433'``), or None."""
    if "- " not in line[:40]:
        return None
    m = _ITEM.match(line)
    return m.group(3) if m and VERSION.fullmatch(m.group(3)) else None
