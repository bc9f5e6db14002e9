"""Numbered sections: a heading whose number extends its parent section's number.

Release notes written as a numbered outline ("## 1 Compatibility" over "### 1.1
Security", "### 1.2 …"; "## 2 Features" over "### 2.1 …") open their sub-sections with a
number that reads as a version. The grammar rule: an ATX heading whose version is the
number of the nearest shallower heading above it, one component longer ("1.1" under a
heading numbered "1"), is a section's number, not a release.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.kinds.changelog_groups import level
from gapless.engine.extractive.kinds.changelog_headings import Release
from gapless.engine.extractive.kinds.changelog_html import as_atx

__all__ = ["numbered_section"]

_NUMBER = re.compile(r"^#{1,6}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]+\S")
_REACH = 400  # lines looked back for the parent section's heading


def numbered_section(lines: Sequence[str], r: Release) -> bool:
    """Whether release heading ``r`` is a numbered sub-section of the section above it."""
    depth = level(lines[r.line])
    m = _NUMBER.match(as_atx(lines[r.line]))
    if not depth or m is None or r.date:
        return False
    number = m.group(1)
    if "." not in number:
        return False
    for j in range(r.line - 1, max(-1, r.line - _REACH), -1):
        d = level(lines[j])
        if not d or d >= depth:
            continue
        parent = _NUMBER.match(as_atx(lines[j]))
        return parent is not None and number.rsplit(".", 1)[0] == parent.group(1)
    return False
