"""A source file and line closing a header with a bracket it never opened: ``file.go:123]``.

Go's glog and klog write a header of a level letter glued to the date, the time, the thread
and the caller, and end it with a "]" whose "[" is not written (``I0301 12:00:00.123456
17 server.go:123] …``). That caller is the header's last field, as a "name:" is elsewhere;
read as a word, it would open every message and part one template by the line that logs it.
"""

from __future__ import annotations

import re

_CALLER = re.compile(r"^[\w./-]{1,120}:\d{1,6}\]$")


def caller_close(field: str) -> bool:
    """Whether a field is a "file:line]" that closes a header."""
    return _CALLER.match(field) is not None
