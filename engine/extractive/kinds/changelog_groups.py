"""A group heading over releases: not a release itself.

Some release notes gather a series under a heading of its own, one level above the
releases ("## Version 1.7" over "### Version 1.7.2", "### Version 1.7.1"). Both headings
hold a version and markup collapses to one shape, so the group would count as a release.
The grammar rule: an ATX heading without a date whose section's first heading is deeper,
holds a version and extends the heading's version by more components ("1.7" of "1.7.2",
"v2" of "v2.4.0") is a group. A dated heading, one whose section ends (a heading at its
own level: "## 2.0" then "## 2.0.1") before any deeper version, or one whose first deeper
heading names no version (its own sections, "#### Bug Fixes", then a patch's "#### Mypy
1.12.1" written inside them) stays a release.

The rule looks at a heading and the next release, so it holds across a cut: a part that
ends under a dateless heading a level above the release before it (blank lines after it)
reports it as :data:`PENDING` (still counted); the fold takes it out of the count when the
next part's first release extends its version (:func:`settle`), and states no count when
that part's first release was cut out of its window.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from gapless.engine.core.releases import LOST, PENDING, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_headings import VERSION, Release
from gapless.engine.extractive.kinds.changelog_html import as_atx

SHAPE = "\u00a7group "  # the shape of a pending group heading (the release shape after it)
_ATX = re.compile(r"^(#{1,6})[ \t]+\S")


def level(line: str) -> int:
    """An ATX heading's level (its hashes), 0 for any other line."""
    m = _ATX.match(as_atx(line))
    return len(m.group(1)) if m else 0


def extends(group: str, child: str) -> bool:
    """Whether version ``child`` is version ``group`` with more components after it."""
    a = group.lower().lstrip("v").split(".")
    b = child.lower().lstrip("v").split(".")
    return len(a) < len(b) and b[: len(a)] == a and all(p.isdigit() for p in a)


def _next_substance(lines: Sequence[str], i: int) -> int | None:
    j = i + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j if j < len(lines) else None


def is_group(lines: Sequence[str], r: Release) -> bool:
    """Whether release heading ``r`` is a group over the releases under it: the first
    heading in its section is deeper, holds a version and extends its version. A section
    whose first deeper heading names no version ("#### Bug Fixes") has a body of its own:
    a release, whose later sub-heading extending its version is a release of its own, a
    patch written inside its minor's notes ("## Mypy 1.12" … "#### Mypy 1.12.1")."""
    depth = level(lines[r.line])
    if not depth or r.date or r.unreleased or not r.version:
        return False
    for j in range(r.line + 1, len(lines)):
        d = level(lines[j])
        if not d:
            continue
        if d <= depth:
            return False
        v = VERSION.search(as_atx(lines[j]))
        return v is not None and extends(r.version, v.group(0))
    return False


def without_groups(lines: Sequence[str], found: list[Release]) -> list[Release]:
    """``found`` without its group headings."""
    return [r for r in found if not is_group(lines, r)]


def pending(lines: Sequence[str], done: Sequence[Release], shape: str,
            mark: Callable[[Release], ReleaseMark]) -> HeadingGroup | None:
    """The text's last release when it ends under it (blank lines after it) without a date,
    a level above the release before it (or the text's only one): maybe a group whose first
    release the next part opens with. ``first`` the release before it (the last one if it
    is a group), ``count`` its level."""
    if not done:
        return None
    r = done[-1]
    depth = level(lines[r.line])
    if (not depth or r.date or r.unreleased or not r.version
            or _next_substance(lines, r.line) is not None
            or (len(done) > 1 and level(lines[done[-2].line]) <= depth)):
        return None
    return HeadingGroup(shape=SHAPE + shape, token=PENDING, count=depth,
                        first=[mark(done[-2])] if len(done) > 1 else [],
                        last=mark(r).model_copy(update={"version": r.version}))


def settle(merged: dict[tuple[str, str], HeadingGroup], p: HeadingGroup,
           part: Sequence[HeadingGroup]) -> None:
    """A pending heading ``p`` settled by the next part's releases of its shape: a group
    (taken out of its shape's count) when the first of them extends its version; else a
    release, already counted. A part whose first release was cut out to fit: no count."""
    key = (p.shape[len(SHAPE):], "V")
    nxt = next((g for g in part if (g.shape, g.token) == key), None)
    if p.last is None or nxt is None or not nxt.count:
        return
    have = merged.get(key)
    if have is None or have.token == LOST or not have.count:
        return
    if not nxt.first or not nxt.first[0].version:
        merged[key] = HeadingGroup(shape="", token=LOST, count=0)
        return
    if not extends(p.last.version, nxt.first[0].version.split()[0]):
        return
    if have.last is None or have.last.at != p.last.at:
        merged[key] = HeadingGroup(shape="", token=LOST, count=0)  # not the one it counted
        return
    prev = p.first[0] if p.first else None
    merged[key] = have.model_copy(update={
        "count": have.count - 1, "last": prev,
        "first": [m for m in have.first if m.at != p.last.at]})
