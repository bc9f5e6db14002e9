"""A release heading written in Textile: ``h2. 3.1.2 (2023-10-12)``.

Textile (Redmine's wiki, a plugin's CHANGELOG.textile) opens a heading block with its
signature ``h1.`` to ``h6.`` and a space, with optional attributes between (a class or id
in parentheses, a style in braces, a language in brackets, an alignment). Such a line is
the heading its text makes at its level, read as the ATX heading ``## 3.1.2 (2023-10-12)``;
without this its signature's period makes it read as the end of a sentence, and the items
under it, which name versions, pass for the headings.
"""

from __future__ import annotations

import re

__all__ = ["textile_atx"]

_HEADING = re.compile(r"^h([1-6])(?:\([^()\s]*\)|\{[^{}]*\}|\[[\w-]+\]|[<>=]+)*\. +(\S.*)$")


def textile_atx(line: str) -> str | None:
    """``line`` as the ATX heading its Textile signature makes, or None when it has none."""
    m = _HEADING.match(line)
    return f"{'#' * int(m.group(1))} {m.group(2).rstrip()}" if m else None
