"""Releases underlined in two wordings: one wording's count is no count of the whole.

Some NEWS files head a major's first release in other words than its bugfix releases
("Summary of important user-visible changes for version 8 (date):" over a rule of dashes,
beside "Summary of bugs fixed for version 8.4.0 (date):"), the major's version a whole
number alone. The two wordings are two shapes, the longer one often no heading shape at
all, so the releases' shape counts the bugfix releases only: a figure the file contradicts.
The grammar rule: a line beside the releases of an underlined shape, none of them (nor the
document's title), underlined with the same character, dated on its line and naming a
version (or a whole number right before its date) is a release written in another
wording; the shape's count is then no count of the file's releases.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.kinds.changelog_headings import DATE, VERSION, Release, underline

# a whole number right before a date, as a major's version stands ("version 8 (2023-03-07)")
_WHOLE_BEFORE = re.compile(r"(?<![\w.\-/])v?\d{1,3}\s+[(\[]?\s*$")


def _names_version(line: str) -> bool:
    d = DATE.search(line)
    if d is None:
        return False
    before = line[: d.start()]
    return VERSION.search(before) is not None or _WHOLE_BEFORE.search(before) is not None


def other_wording(lines: Sequence[str], done: Sequence[Release], at_start: bool) -> bool:
    """Whether a line of the text (the document's title aside, ``at_start``: the text opens
    the file) is a dated release heading underlined as the releases ``done`` are, but
    written in other words (none of them). A part of the file may hold a single release of
    either wording, so the line is looked for above and below them too."""
    if not done:
        return False
    mark = underline(lines, done[0].line)
    if not mark or any(underline(lines, r.line) != mark for r in done):
        return False
    ours = {r.line for r in done}
    first = next((i for i, s in enumerate(lines) if s.strip()), 0)
    return any(i not in ours and not (at_start and i == first)
               and underline(lines, i) == mark and _names_version(lines[i])
               for i in range(len(lines) - 1))
