"""A release's date written in the trailer that closes its entry, not on its heading.

A packaging log's entry is signed at its end: " -- Name <mail>  Mon, 05 Jan 2023 10:00:00
+0100" (a maintainer's line: one space, two hyphens, a name with an address in angle
brackets, two spaces, the date). Its heading ("widget (1.2.3-1) unstable; urgency=medium")
holds no date, so the release's date is the trailer's, the first such line under the
heading before the next release.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.kinds.changelog_headings import DATE

_TRAILER = re.compile(r"^ -- [^<>\n]*<[^<>\s]+>  +(?P<date>\S.*)$")


def trailer_date(lines: Sequence[str], start: int, end: int) -> str:
    """The date of the trailer among ``lines[start:end]`` ("" when none)."""
    for j in range(start, min(end, len(lines))):
        m = _TRAILER.match(lines[j])
        if m is not None:
            d = DATE.search(m.group("date"))
            return d.group(0) if d else ""
    return ""
