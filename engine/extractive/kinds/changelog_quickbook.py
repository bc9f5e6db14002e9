"""A release heading written in QuickBook: ``[heading Asio 1.28.2 / Boost 1.83]``.

QuickBook (the markup of Boost's documentation, a library's history.qbk) writes a heading
as a block in square brackets, one a line, opened by its keyword: ``[heading …]`` at the
section's level, ``[h1 …]`` to ``[h6 …]`` at theirs, ``[section:id …]`` a section's title.
Such a line is the heading its text makes, read as the ATX heading ``### Asio 1.28.2 /
Boost 1.83``; without this a line opening with a bracket reads as a link or a tag, never a
heading, and the file's releases go uncounted. A bracketed line of any other keyword (a
comment ``[/ …]``, ``[endsect]``, a link) is left as it is.
"""

from __future__ import annotations

import re

__all__ = ["quickbook_atx"]

_HEADING = re.compile(r"^\[(heading|h[1-6]|section(?::[\w.-]+)?)[ \t]+([^\[\]]*\S)[ \t]*\]\s*$")


def quickbook_atx(line: str) -> str | None:
    """``line`` as the ATX heading its QuickBook block makes, or None when it is none."""
    m = _HEADING.match(line)
    if m is None:
        return None
    word = m.group(1)
    level = int(word[1]) if word[0] == "h" and word != "heading" else (
        2 if word.startswith("section") else 3)
    return f"{'#' * level} {m.group(2)}"
