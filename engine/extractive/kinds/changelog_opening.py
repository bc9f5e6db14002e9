"""The headings a changelog opens with that are not releases of its history.

Two shapes of the text's top share the releases' heading shape and yet are none:

- a title over the whole history naming the series it covers ("Widget 2.4 Change Log"
  over "Widget 2.4.59 Release (date)"): the text's first line, undated, calling the text a
  changelog or its notes, whose version the first release's extends by more components;
- the release being prepared, written like the releases but undated ("Widget 2.4.60
  Engineering"), at the top of a history whose every other release is dated on its heading
  line: what it holds is not out yet, so it is counted apart as not released;
- entries above the first of a newest-first history's marks set between rules ("--- 2.1
  released ---" over the entries it released), written like the entries under it: no mark
  has released them yet, so they are the release in development, counted apart; so too
  under the text's one-line title, above releases headed by plain lines ("o [GH#2652]
  text" over "Foo 7.94 [2023-05-19]" and its "o " items);
- the section after the newest release, named by that release's version alone ("Changes
  since 5.9" over "Changes from 5.8.1 to 5.9", or over "Release 5.9 (date)"): a release
  is headed once, so an undated heading above it naming the version it releases (the
  newer of two it names, or its only one when it is dated, or when the heading is the
  release's own words with a word after the version: "CHANGES IN R 4.3.2 patched:") holds
  what came after it, not out yet, whether its words make it the releases' shape or
  another;
- the same section written as the releases are but for its lead ("*** Changes since Foo
  14" over "*** Changes in Foo 14", every release headed with that one lead): a lead used
  once, above the newest release, naming its version, is no second release of it.
  Right above that release ("Since version 4.97" over "Foo version 4.97", both
  underlined), the two would read as two sections of one release, as headings in a row
  naming one version are; the lead used once over the releases' one lead parts them.

All are read only in the text's first part (``at_start``: the part that opens the file),
where a whole-file reading sees them too, so every window counts alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from gapless.engine.extractive.kinds.changelog_groups import extends
from gapless.engine.extractive.kinds.changelog_headings import (
    BANNER_MARK,
    DATE,
    NOTES,
    VERSION,
    Release,
    ReleasePattern,
    candidate,
    newer,
    release_key,
    suffixed,
)

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


def entries_above(lines: Sequence[str], done: Sequence[Release], at_start: bool
                  ) -> Release | None:
    """The release in development above the first of ``done`` when those are marks set
    between rules in a newest-first history and the text opens with entries whose first
    opens like the first under the mark (a number or bullet of one shape: "6302." and
    "6299."); None otherwise (a title or a note above the marks, a history oldest first,
    whose marks close the entries above them)."""
    if not at_start or len(done) < 2:
        return None
    head = lines[done[0].line]
    if not newer((done[0].title, done[0].date), (done[1].title, done[1].date)):
        return None
    above = next((j for j in range(done[0].line) if lines[j].strip()), None)
    if not BANNER_MARK.match(head.strip()):  # or a plain line under the text's title
        if above is None or not head[:1].isalnum() or above + 1 >= done[0].line or \
                lines[above + 1].strip() or VERSION.search(lines[above]):
            return None
        above = next((j for j in range(above + 1, done[0].line) if lines[j].strip()), None)
    below = next((j for j in range(done[0].line + 1, done[1].line) if lines[j].strip()), None)
    if above is None or below is None:
        return None
    shape = _entry_mark(lines[above])
    if shape is None or shape != _entry_mark(lines[below]):
        return None
    return Release(above, "", "", unreleased=True)


def _entry_mark(line: str) -> str | None:
    """The shape of the number or bullet an entry opens with, its indent kept and its
    digits one "0" ("6302." and "6299." alike); None for a line opening with a word (a
    title, a note, a section's label), a lone small letter being a bullet ("o text")."""
    word = line.split()[0]
    if word[0].isalpha() and not (len(word) == 1 and word.islower() and len(line) > 2):
        return None
    return line[: len(line) - len(line.lstrip())] + re.sub(r"\d+", "0", word)


def next_section(top: Release | None, below: Release, at_start: bool) -> Release | None:
    """``top`` (the heading right above the first release ``below``, of its shape or
    another) flagged as not released yet when it is the section after ``below``: undated,
    naming one version, the one ``below`` releases (the newer of the versions it names,
    or its only one when ``below`` is dated); else None."""
    if not at_start or top is None or top.date or top.line >= below.line:
        return None
    mine, theirs = release_key(top.title).split(), release_key(below.title).split()
    if len(mine) != 1 or mine[0] not in theirs:
        return None
    if len(theirs) == 1 and not below.date and not suffixed(top, below):
        return None  # (two sections of one release, each naming it)
    if any(v != mine[0] and not newer((mine[0], ""), (v, "")) for v in theirs):
        return None  # (it names an older version than the release: no section after it)
    return replace(top, unreleased=True)


def lead_apart(lines: Sequence[str], done: Sequence[Release], shape: str, lead: str,
               at_start: bool) -> Release | None:
    """The nearest heading of ``shape`` above the newest of ``done`` flagged as not
    released yet when the releases share ``lead`` and it has another, used by no other
    line, undated, naming the newest's version; else None (a history whose releases are
    headed by several leads, a heading per section of one release, is left alone)."""
    if not at_start or not done or not any(ch.isalpha() for ch in lead):
        return None
    first = done[0]
    for j in range(first.line - 1, -1, -1):
        c = candidate(lines[j:j + 1], 0, set_off=False, whole=True)
        if c is None or c[0] != shape or c[1] != "V":
            continue
        own = c[3]
        if (own == lead or c[2] != first.version or DATE.search(lines[j])
                or sum(1 for s in lines if s.startswith(own)) != 1):
            return None
        return Release(j, " ".join(lines[j].strip(" *#=").split()), "", unreleased=True)
    return None


def lead_merged(lines: Sequence[str], done: Sequence[Release], shape: str, lead: str,
                at_start: bool) -> tuple[Release, Release] | None:
    """The first of ``done`` flagged as not released yet, and the release it swallowed,
    when it is undated, its lead is used by no other line and differs from ``lead`` (the
    one most releases share), and right under it a heading with ``lead`` names its
    version: the section after the newest release over that release, read as one release
    because both name one version; else None."""
    if not at_start or not done or done[0].date or not any(ch.isalpha() for ch in lead):
        return None
    first = done[0]
    c = candidate(lines[first.line:first.line + 1], 0, set_off=False, whole=True)
    if (c is None or c[0] != shape or c[3] == lead
            or sum(1 for s in lines if s.startswith(c[3])) != 1):
        return None
    pattern = ReleasePattern(shape, "V", lead)
    end = done[1].line if len(done) > 1 else len(lines)
    for j in range(first.line + 1, end):
        if lines[j].startswith(lead) and (r := pattern.release_at(lines, j)) is not None:
            if r.version != first.version or r.unreleased:
                return None
            return replace(first, unreleased=True), r
    return None
