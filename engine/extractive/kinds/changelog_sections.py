"""Headings that name a version inside a release: its sections, not releases.

Some release notes give each release's sections headings that name a version too, a level
below the release's own heading ("# v1.28.4" over "## Downloads for v1.28.4" and "##
Changelog since v1.28.3"). Their words make them a shape of their own, as frequent as the
releases' or more. The grammar rule: a shape whose headings all sit deeper than the
heading of another release shape above them (ATX levels), none extending that heading's
version (which would make it a group over a series, :mod:`.changelog_groups`), and one at
least naming the very version of the release it sits under, is that shape's sections.

The rule reads a part alone: headings of the shape before the part's first release are the
part before's sections and are left out with the rest; a part holding none of the releases
keeps them (a few, against the whole file's releases: the fold picks the releases' shape).

A batch released together may be headed by its date alone over a section per thing it
released, each naming that thing's version ("## 2024-01-09" over "#### `core` - `v2.24.2`"
and "#### `auth` - `v4.16.0`": a monorepo's packages). Version headings that sit deeper
than a date heading alone above them, two at least under one of those dates, are the
batches' sections, whatever their words' shapes. A fold would pick a version shape before
a date shape, so each part marks those shapes (:data:`SECTIONS`) and the fold leaves them
out of every part, the parts holding no date heading too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gapless.engine.extractive.kinds.changelog_groups import extends, level
from gapless.engine.extractive.kinds.changelog_headings import Release

__all__ = ["SECTIONS", "dated_sections", "section_shapes"]

SECTIONS = "sections"  # the token of a mark: this version shape's headings are sections

Key = tuple[str, str]


def _sections_of(lines: Sequence[str], inner: Sequence[Release],
                 outer: Sequence[Release]) -> bool:
    """Whether each heading of ``inner`` after ``outer``'s first is a section of the
    ``outer`` release it sits under, and one names that release's own version."""
    if not inner or not outer or any(not level(lines[r.line]) for r in outer):
        return False
    own = False
    k = -1
    for r in inner:
        while k + 1 < len(outer) and outer[k + 1].line < r.line:
            k += 1
        if k < 0:
            continue  # (under a release of the part before)
        above = outer[k]
        depth = level(lines[r.line])
        if depth <= level(lines[above.line]) or not above.version or not r.version:
            return False
        if extends(above.version, r.version):
            return False
        own = own or r.version.lower().lstrip("v") == above.version.lower().lstrip("v")
    return own


def section_shapes(lines: Sequence[str], found: Mapping[Key, Sequence[Release]]) -> set[Key]:
    """The version shapes of ``found`` whose headings are another version shape's
    releases' sections."""
    keys = [k for k in found if k[1] == "V" and found[k]]
    return {t for t in keys for s in keys
            if s != t and _sections_of(lines, found[t], found[s])}


def dated_sections(lines: Sequence[str], found: Mapping[Key, Sequence[Release]],
                   alone: Sequence[Release]) -> set[Key]:
    """The version shapes of ``found`` whose headings sit deeper than the date heading
    alone (of ``alone``, in file order) above each of them, two at least under one date:
    the dated batches' sections. Headings above the first date are the part before's."""
    if len(alone) < 2 or any(not level(lines[r.line]) for r in alone):
        return set()
    under: dict[int, int] = {}
    kept: set[Key] = set()
    for key, rs in found.items():
        if key[1] != "V" or not rs:
            continue
        ok, k, mine = True, -1, dict[int, int]()
        for r in rs:
            while k + 1 < len(alone) and alone[k + 1].line < r.line:
                k += 1
            if k < 0:
                continue
            if level(lines[r.line]) <= level(lines[alone[k].line]):
                ok = False
                break
            mine[k] = mine.get(k, 0) + 1
        if ok and mine:
            kept.add(key)
            for d, n in mine.items():
                under[d] = under.get(d, 0) + n
    return kept if kept and max(under.values(), default=0) >= 2 else set()
