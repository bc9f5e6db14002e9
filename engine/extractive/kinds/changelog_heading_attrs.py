"""A heading's attribute block: ``## Highlights {#sec-release-23.11-highlights}``.

Pandoc, kramdown, Markdown Extra and MyST let a heading end with an attribute block in
braces, an identifier after ``#``, classes after ``.``, ``key=value`` pairs. A renderer
shows none of it: the block is markup, never the heading's words. Left in, an identifier
that repeats the release's version under each of its subsections would make every
subsection a release heading of its own.
"""

from __future__ import annotations

import re

__all__ = ["attributes_out"]

# a block of braces ending the line, opening with an identifier or a class, after a blank
_ATTRIBUTES = re.compile(r"\s+\{\s*[#.][^{}\s][^{}]*\}\s*$")


def attributes_out(line: str) -> str:
    """``line`` without the attribute block that ends it (``line`` itself when it has
    none, or nothing but one)."""
    m = _ATTRIBUTES.search(line)
    if m is None or not line[: m.start()].strip(" #"):
        return line
    return line[: m.start()]
