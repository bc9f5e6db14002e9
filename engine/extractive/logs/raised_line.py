"""The line that ends a traceback: the exception raised, after the indented frames.

A Python traceback opens with "Traceback (most recent call last):", lists its frames
indented, and ends with the exception's qualified class and its message at the margin
(``shop.models.Order.DoesNotExist: Order matching query does not exist.``). That last line
is no record of the log: it continues the record above, as its frames do. Its class may be
named anything (not only "…Error"), so it is told by its place: a line at the margin whose
first token is a class name, qualified or not, closed by a colon, right after an indented
line.

Some runtimes write their frames at the margin, each a source file's path and line number
before the function (``/app/models/order.rb:12:in `find'``): a line whose first token is
a path of at least one folder to a file with an extension, then ":line:", is a frame too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.logs.level_first import CONTINUATION

_RAISED = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*: ")
# (a frame at the margin: "dir/file.ext:line:" opens it, no blank before the line number)
_FRAME = re.compile(r"^/?(?:[\w.@-]+/)+[\w.-]+\.[A-Za-z]\w*:\d+:\S")


def continuations(lines: Sequence[str]) -> list[bool]:
    """Whether each of ``lines`` (in order, blank lines left out) continues the record above
    it: a :data:`CONTINUATION` line, a frame at the margin, or an exception's line right
    after an indented one."""
    out: list[bool] = []
    for i, line in enumerate(lines):
        out.append(CONTINUATION.match(line) is not None or _FRAME.match(line) is not None or (
            i > 0 and lines[i - 1][:1].isspace() and _RAISED.match(line) is not None))
    return out
