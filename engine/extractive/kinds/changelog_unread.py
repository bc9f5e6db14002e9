"""Release headings a part cannot read, carried to the fold that can.

A whole number ends a release heading's title as its version only where the heading is
dated, or under the lead the file's releases share ("*** Changes in Foo 14" beside "***
Changes in Foo 8.3"): a whole-file reading learns that lead from the dotted versions. A
part that holds only the whole-number headings (the newest releases of a history whose
versions dropped their minor) has no dotted version to learn it from, so it counts none,
and the fold would add the later parts' releases as the whole's. So a part with no release
shape of its own reports those headings apart (:data:`~engine.core.releases.UNREAD`, with
their lead, read as the lead would read them), and a fold whose releases of that shape all
open with that lead counts them as releases; one whose releases' names were cut to fit
cannot tell, and states no count; one whose releases open otherwise leaves them out, as a
whole-file reading does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from gapless.engine.core.releases import LOST, UNREAD, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_headings import Release, ReleasePattern, candidate
from gapless.engine.extractive.kinds.changelog_opening import lead_apart

__all__ = ["read_unread", "unread_groups"]

_FIRST = 3  # releases named at the top, as a part's own shapes name them
_MIN_LEAD = 4  # a lead's characters, at least, to read a whole number after it (as a pattern's)


def unread_groups(lines: Sequence[str], code: AbstractSet[int],
                  mark: Callable[[Release, str], ReleaseMark], at_start: bool,
                  known: set[str]) -> list[HeadingGroup]:
    """The headings of ``lines`` that end in a whole number, undated, two or more sharing
    one literal lead, of a shape no version heading of the part has (``known``), read as
    releases under that lead (the section above the newest named as the releases' shape
    names it, by another lead used once): each lead's as one :data:`UNREAD` group."""
    leads: Counter[tuple[str, str]] = Counter()
    for i in range(len(lines)):
        if i in code or candidate(lines, i) is not None:
            continue
        c = candidate(lines, i, whole=True)
        if (c is not None and c[1] == "V" and c[2].lstrip("v").isdigit()
                and c[0] not in known and len(c[3].strip()) >= _MIN_LEAD
                and any(ch.isalpha() for ch in c[3])):
            leads[(c[0], c[3])] += 1
    out = []
    for (shape, lead), n in leads.items():
        if n < 2:
            continue
        found = ReleasePattern(shape, "V", lead).releases(lines)
        done = [r for r in found if not r.unreleased]
        if len(done) < 2:
            continue
        top = next((r for r in found if r.unreleased and r.line < done[0].line), None)
        top = top or lead_apart(lines, done, shape, lead, at_start)
        # (each named by its whole number too: what a part cut to fit keeps of a release)
        marks = [mark(r, "V").model_copy(update={"version": r.version.lstrip("v")})
                 for r in (*done[:_FIRST], done[-1])]
        head = marks[0].title
        words = head[: head.rfind(done[0].version)] if done[0].version in head else ""
        if not words.strip():
            continue  # (a heading named by its version alone: no lead to prove)
        out.append(HeadingGroup(shape=shape, token=UNREAD, count=len(done), first=marks[:-1],
                                last=marks[-1], lead=words,
                                unreleased=mark(top, "V") if top is not None else None))
    return out


def read_unread(parts: Sequence[Sequence[HeadingGroup]]) -> list[list[HeadingGroup]]:
    """``parts``' groups (in file order) with each :data:`UNREAD` group settled by the
    version headings of its shape the parts hold: counted as theirs when every name they
    show opens with its lead, left out when one opens otherwise, :data:`LOST` when no name
    is left to tell; carried on as it is when no part holds a version of its shape."""
    versions = [g for groups in parts for g in groups
                if g.token == "V" and g.count and g.shape]
    out = []
    for groups in parts:
        kept = []
        for g in groups:
            if g.token != UNREAD:
                kept.append(g)
                continue
            theirs = [g2 for g2 in versions if g2.shape == g.shape]
            if not theirs:
                kept.append(g)
                continue
            names = [m.title for v in theirs for m in (*v.first, v.last) if m and m.title]
            if not names:
                kept.append(HeadingGroup(shape="", token=LOST, count=0))
            elif all(_opens_with(t, g.lead) for t in names):
                kept.append(g.model_copy(update={"token": "V", "lead": ""}))
        out.append(kept)
    return out


def _opens_with(title: str, lead: str) -> bool:
    """Whether a release's name opens with ``lead`` (a name cut to fit, "…", as far as it
    goes)."""
    if title.endswith("\u2026"):
        cut = title[:-1]
        return lead.startswith(cut) or cut.startswith(lead)
    return title.startswith(lead)
