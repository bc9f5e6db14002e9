"""The headings a changelog opens with that are not releases of its history.

Two shapes of the text's top share the releases' heading shape and yet are none:

- a title over the whole history naming the series it covers ("Widget 2.4 Change Log"
  over "Widget 2.4.59 Release (date)"): the text's first line, undated, calling the text a
  changelog or its notes, whose version the first release's extends by more components;
- the release being prepared, written like the releases but undated ("Widget 2.4.60
  Engineering"), at the top of a history whose every other release is dated on its heading
  line: what it holds is not out yet, so it is counted apart as not released.

Both are read only in the text's first part (``at_start``: the part that opens the file),
where a whole-file reading sees them too, so every window counts alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gapless.engine.extractive.kinds.changelog_groups import extends
from gapless.engine.extractive.kinds.changelog_headings import DATE, NOTES, Release

_DATED_BELOW = 3  # dated releases under an undated top, at least, to call it not out yet


def series_title(lines: Sequence[str], found: Sequence[Release], at_start: bool) -> bool:
    """Whether the first of ``found`` is the title of the text over the series its
    releases belong to."""
    if not at_start or len(found) < 2:
        return False
    top = found[0]
    if any(s.strip() for s in lines[:top.line]) or top.date or top.unreleased:
        return False
    after = top.title.split(top.version, 1)[-1]
    return (bool(top.version) and NOTES.search(after) is not None
            and extends(top.version, found[1].version))


def undated_top(lines: Sequence[str], done: Sequence[Release], at_start: bool
                ) -> Release | None:
    """The first of ``done`` flagged as not released yet when it is undated and every
    other release, :data:`_DATED_BELOW` or more, is dated on its heading's line; else
    None."""
    if not at_start or len(done) <= _DATED_BELOW or done[0].date:
        return None
    if all(DATE.search(lines[r.line]) for r in done[1:]):
        return replace(done[0], unreleased=True)
    return None
