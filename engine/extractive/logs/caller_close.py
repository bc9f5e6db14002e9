"""A source file and line closing a header with a bracket it never opened: ``file.go:123]``.

Go's glog and klog write a header of a level letter glued to the date, the time, the thread
and the caller, and end it with a "]" whose "[" is not written (``I0301 12:00:00.123456
17 server.go:123] …``). That caller is the header's last field, as a "name:" is elsewhere;
read as a word, it would open every message and part one template by the line that logs it.
A source file, the function in parentheses and the line after a colon (``Resolver.cc(solve)
:212``, written after a component's bracket), or the line before the function's parentheses
(``../smbd/service.c:1166(make_connection)``), is such a caller too: a name that no
message's word is written as, and the header's last field.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CALLER = re.compile(r"^[\w./-]{1,120}:\d{1,6}\]$"
                     r"|^[\w/-]{1,120}\.\w{1,8}\([\w:~<>, .-]{0,120}\):\d{1,6}$"
                     r"|^[\w./-]{1,120}\.\w{1,8}:\d{1,6}\([\w:~<>, .-]{0,120}\)$")


def caller_close(field: str) -> bool:
    """Whether a field is a "file:line]", a "file.ext(function):line" or a
    "file.ext:line(function)" that closes a header."""
    return _CALLER.match(field) is not None


def callers(rows: Sequence[Sequence[tuple[str, str, int]]], j: int, need: float) -> bool:
    """Whether field ``j`` is such a caller in at least ``need`` of ``rows`` (the first
    fields of lines): a column of the header after any other, a bracket of the time too."""
    return sum(1 for r in rows if len(r) > j and caller_close(r[j][0])) >= need
