"""A bracket of colon-parted fields that holds a compact stamp and a level.

Chromium and the programs built on its logging write their header as one bracket without
blanks: ``[pid:tid:MMDD/HHMMSS.mmm:LEVEL:file.cc(line)]``. Its time is the compact
"month-day/hour-minute-second" part; its level is the one part that is a level word. Read
as blank-parted words it holds neither, and the log would read as no log.
"""

from __future__ import annotations

import re

_COMPACT = re.compile(r"^\d{4}/\d{6}(?:\.\d{1,6})?$")  # "0301/120000.123"


def colon_parts(field: str) -> list[str] | None:
    """The parts of a "[a:b:MMDD/HHMMSS.mmm:…]" bracket, or None when it is none."""
    if not field.startswith("["):
        return None
    inner = field.rstrip(":").strip("[]")
    if not inner or " " in inner or inner.count(":") < 2:
        return None
    parts = inner.split(":")
    return parts if any(_COMPACT.match(p) for p in parts) else None
