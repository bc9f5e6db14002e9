"""A time since boot in a bracket: the seconds, padded to a fixed width, with a fraction.

The kernel's ring buffer and the display servers that copy its style open each record with
how long the machine has been up (``[   12.345678] …``, ``[    30.123] (II) …``): no date
and no time of day, but a time all the same, and the only one those lines carry. A bare
number in a bracket (``[1]``, a reference) is no uptime: the fraction of three or more
digits tells one.
"""

from __future__ import annotations

import re

_UPTIME = re.compile(r"^\[\s*\d{1,7}\.\d{3,9}\]$")


def is_uptime(field: str) -> bool:
    """Whether a field is a bracketed uptime ("[    0.000000]")."""
    return _UPTIME.match(field) is not None
