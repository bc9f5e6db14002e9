"""A centred title block: a release's title written as lines centred on the page.

Some release notes open each release with a title block centred in a plain text file
("Apache Commons Lang" / "Version 3.14.0" / "Release Notes", each line indented so that its
middle falls on the page's middle). Such a line is indented, so it would read as a body's
line, never a heading. The grammar rule: a block of two to five short lines, set off by
blank lines (or a rule) above and below, each indented eight columns or more, not all by
the same amount (a code block's lines share their indent), whose middles fall within two
columns of each other, is a title; each of its lines is read as a heading line without its
indent, of a shape of its own (:data:`CENTRED`): a plain line of prose that names a version
(a line cut mid-sentence at a part's end) never joins its count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["CENTRED", "centred"]

CENTRED = "\u2261"  # the mark of a centred title's shape

_MIN_INDENT = 8
_MAX_CHARS = 60  # a title's line, not a paragraph's
_BLOCK = (2, 5)  # the lines of a title block
_SLACK = 2.0  # columns the middles of its lines may differ by
_RULE = re.compile(r"^([^\w\s])\1{2,}$")


def _title_line(line: str) -> bool:
    body = line.strip()
    indent = len(line) - len(line.lstrip(" "))
    return bool(body) and indent >= _MIN_INDENT and len(body) <= _MAX_CHARS and "\t" not in line


def _apart(line: str) -> bool:
    return not line.strip() or _RULE.match(line.strip()) is not None


def centred(lines: Sequence[str], i: int) -> bool:
    """Whether line ``i`` is a line of a centred title block."""
    if not _title_line(lines[i]):
        return False
    top = i
    while top > 0 and i - top < _BLOCK[1] and not _apart(lines[top - 1]):
        top -= 1
    end = i + 1
    while end < len(lines) and end - top <= _BLOCK[1] and not _apart(lines[end]):
        end += 1
    block = lines[top:end]
    if not _BLOCK[0] <= len(block) <= _BLOCK[1] or not all(_title_line(x) for x in block):
        return False
    if (top > 0 and not _apart(lines[top - 1])) or (end < len(lines) and not _apart(lines[end])):
        return False
    indents = [len(x) - len(x.lstrip(" ")) for x in block]
    middles = [n + len(x.strip()) / 2 for n, x in zip(indents, block, strict=True)]
    return len(set(indents)) > 1 and max(middles) - min(middles) <= _SLACK
