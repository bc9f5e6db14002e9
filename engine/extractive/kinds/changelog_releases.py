"""A changelog's releases as figures a fold merges exactly, and the line that names them.

A leaf reports each heading shape it holds with that shape's releases
(:class:`~engine.core.releases.HeadingGroup`); a fold adds them up shape by shape, and the
file's release shape is chosen from the sums the way :func:`.changelog_headings.learn`
chooses it over a whole text (the most releases of a version shape, else of a date shape).
So ``gapless summarize`` over a tree of leaves names the releases of the whole file, how
many there are, the first and the last, without a leaf knowing the file.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import takewhile

from gapless.engine.core.extraction import Extraction
from gapless.engine.core.releases import (
    HEAD,
    LEAD,
    LOST,
    PENDING,
    TITLE,
    HeadingGroup,
    ReleaseMark,
    same_words,
    words_key,
)
from gapless.engine.core.releases import chosen as chosen_of
from gapless.engine.extractive.anchors import ByteOffsets
from gapless.engine.extractive.kinds.changelog_calendar import diary, joined, with_steps
from gapless.engine.extractive.kinds.changelog_directives import SHAPE as OPTIONS
from gapless.engine.extractive.kinds.changelog_directives import directive_groups
from gapless.engine.extractive.kinds.changelog_directives import settle as settle_options
from gapless.engine.extractive.kinds.changelog_elements import element_groups
from gapless.engine.extractive.kinds.changelog_entry_list import ENTRY_SHAPE, without_list_groups
from gapless.engine.extractive.kinds.changelog_fences import fenced_lines
from gapless.engine.extractive.kinds.changelog_gathered import gathered_above
from gapless.engine.extractive.kinds.changelog_groups import SHAPE as GROUP
from gapless.engine.extractive.kinds.changelog_groups import pending as group_pending
from gapless.engine.extractive.kinds.changelog_groups import settle as settle_group
from gapless.engine.extractive.kinds.changelog_groups import without_groups
from gapless.engine.extractive.kinds.changelog_headings import (
    BODY_LINES,
    Release,
    ReleasePattern,
    candidate,
    cut_under,
    dated_apart,
    heading_release,
    newer,
    opening_note,
    pages,
    release_key,
    title_release,
    unreleased_shape,
    version_after,
)
from gapless.engine.extractive.kinds.changelog_json import SHAPE as JSON_SHAPE
from gapless.engine.extractive.kinds.changelog_json import in_order, json_groups
from gapless.engine.extractive.kinds.changelog_json import settle as settle_json
from gapless.engine.extractive.kinds.changelog_json_versions import json_version_list_groups
from gapless.engine.extractive.kinds.changelog_keys import SHAPE as KEY_SHAPE
from gapless.engine.extractive.kinds.changelog_keys import key_groups
from gapless.engine.extractive.kinds.changelog_keys import settle as settle_key
from gapless.engine.extractive.kinds.changelog_members import member_groups
from gapless.engine.extractive.kinds.changelog_numbering import numbered_section
from gapless.engine.extractive.kinds.changelog_opening import (
    entries_above,
    lead_apart,
    lead_merged,
    next_section,
    series_title,
    undated_top,
)
from gapless.engine.extractive.kinds.changelog_records import record_groups
from gapless.engine.extractive.kinds.changelog_sections import (
    SECTIONS,
    dated_sections,
    section_shapes,
)
from gapless.engine.extractive.kinds.changelog_since import titled_newest
from gapless.engine.extractive.kinds.changelog_trailer import trailer_date
from gapless.engine.extractive.kinds.changelog_unread import read_unread, unread_groups
from gapless.engine.extractive.kinds.changelog_version_list import version_list_groups
from gapless.engine.extractive.kinds.changelog_wordings import other_wording
from gapless.engine.extractive.weights import CHANGELOG

__all__ = ["NEWEST", "UNCOUNTED", "chosen", "heading_groups", "headline", "merged_groups",
           "newest", "releases_line", "stated_by_releases", "without_figures",
           "without_line"]

_GROUPS = 6  # the shapes a leaf reports: the file's own is among a leaf's most frequent
_FIRST = 3  # releases named at the top before the ellipsis and the last one
_TITLE_CHARS = 60  # a longer heading (a markdown link) is named by its version


def heading_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The release headings of ``text`` by shape, the most frequent shapes only, each with
    the section of its shape above its releases that is not released yet."""
    lines = text.split("\n")
    counts: Counter[tuple[str, str]] = Counter()
    leads: dict[tuple[str, str], Counter[str]] = {}
    pending: set[str] = set()  # shapes of unreleased-only headings ("## [Unreleased]")
    code = fenced_lines(lines)  # (a fenced block's lines are code, no heading)
    for i in range(len(lines)):
        if i in code:
            continue
        c = candidate(lines, i)
        if c is not None:
            counts[(c[0], c[1])] += 1
            leads.setdefault((c[0], c[1]), Counter())[c[3]] += 1
        elif (u := unreleased_shape(lines, i)) is not None:
            pending.add(u)
    keys = [k for k, _ in counts.most_common(_GROUPS)]
    keys += [(u, t) for u in sorted(pending) for t in ("V", "D") if (u, t) not in keys]
    title = title_release(lines)
    # a changelog written as XML: releases as elements' attributes, or their children
    elements = element_groups(text, base_offset) + record_groups(text, base_offset)
    # a changelog written as data: JSON records, YAML version keys, directives' options
    elements += data_groups(text, base_offset)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    byte_at = ByteOffsets(text, base_offset)

    def mark(r: Release, token: str = "V") -> ReleaseMark:
        name = _name(r.title, r.version)
        return ReleaseMark(title=name, at=byte_at(starts[r.line]), date=r.date,
                           version=release_key(r.title) if token == "V" else "",
                           sig="" if name == " ".join(r.title.split()) else words_key(r.title))

    if not keys and title is None:  # (whole-number headings: a fold may read them)
        return elements or unread_groups(lines, code, mark, base_offset == 0, set())

    out = []
    listed_again: list[HeadingGroup] = []  # shapes naming a first release again below
    worded: list[HeadingGroup] = []  # shapes beside releases in other words (one or more)
    groups_open: list[HeadingGroup] = []  # a heading the text ends under: maybe a group
    founds: dict[tuple[str, str], list[Release]] = {}
    shared_lead: dict[tuple[str, str], str] = {}  # the lead most of a shape's releases share
    entries: list[tuple[int, str]] = []  # a group's bare versions, one to a line
    for key in keys:
        if ReleasePattern(key[0], key[1], "").ends_in_run(lines):  # contents, or empty
            return [HeadingGroup(shape="", token=LOST, count=0)]  # releases: not told here
        lead, shared = leads[key].most_common(1)[0] if key in leads else ("", 0)
        shared_lead[key] = lead if shared * 2 > counts[key] else ""
        found = ReleasePattern(key[0], key[1], shared_lead[key]).releases(lines)
        if key[1] == "V":  # a group heading over the releases under it is none, nor a
            # numbered section's ("### 1.1 Security" under "## 1 Compatibility")
            found = [r for r in without_groups(lines, found) if not numbered_section(lines, r)]
            listing = without_list_groups(lines, found)  # (a heading over bare versions)
            if listing is None:
                return [HeadingGroup(shape="", token=LOST, count=0)]  # not told here
            found = listing.kept
            entries += listing.entries
            if series_title(lines, found, base_offset == 0):  # the text's title over its series
                found = found[1:]
        founds[key] = found
    # headings naming a version inside another shape's releases: their sections, none
    inside = section_shapes(lines, {k: [r for r in f if not r.unreleased]
                                    for k, f in founds.items()})
    # or inside batches headed by a date alone: marked, so a fold leaves them out
    alone = sorted((r for k, f in founds.items() if k[1] == "D" for r in f
                    if not r.unreleased and pages([r])[0] is not None), key=lambda r: r.line)
    batched = dated_sections(lines, founds, alone)
    out += [HeadingGroup(shape=k[0], token=SECTIONS, count=0) for k in sorted(batched)]
    inside |= batched
    for key in keys:
        if key in inside:
            continue
        found = founds[key]
        ends = [r.line for r in found[1:]] + [len(lines)]  # (a date in its trailer, else none)
        done = [r if r.date else replace(r, date=trailer_date(lines, r.line + 1, ends[k]))
                for k, r in enumerate(found) if not r.unreleased]
        top = next((r for r in found if r.unreleased), None)
        if top is not None and done and done[0].line < top.line:
            top = None  # a section not released yet is counted only above the releases
        if top is None and (pre := undated_top(lines, done, base_offset == 0)) is not None:
            top, done = pre, done[1:]  # the one being prepared, undated over dated releases
        if top is None:  # entries above the first mark between rules: not released yet
            top = entries_above(lines, done, base_offset == 0)
        if top is None and len(done) >= 2 and (
                pre := next_section(done[0], done[1], base_offset == 0)) is not None:
            top, done = pre, done[1:]  # the section after the newest release, its shape's
        if top is None and done:  # or another shape's, right above the first release
            top = next_section(_above(founds, done[0]), done[0], base_offset == 0)
        if top is None and key[1] == "V" and (two := lead_merged(
                lines, done, key[0], shared_lead[key], base_offset == 0)) is not None:
            top, done = two[0], [two[1], *done[1:]]  # (that lead right above the newest)
        if top is None:  # or its shape's but for its lead, the releases' one lead
            top = lead_apart(lines, done, key[0], shared_lead[key], base_offset == 0)
        if top is None:  # changes filed as the releases file theirs, under a name of their own
            top = gathered_above(lines, done, base_offset == 0)
        if not done and top is None:
            continue
        marks = [mark(r, key[1]) for r in (*done[:_FIRST], *done[-1:])]
        again = key[1] == "V" and listed_twice(done)
        out.append(HeadingGroup(shape=key[0], token=key[1], count=len(done),
                                first=marks[:-1] if len(marks) > 1 else marks,
                                last=marks[-1].model_copy(update={"open": cut_under(
                                    lines, done[-1].line)}) if marks else None,
                                unreleased=mark(top, key[1]) if top is not None else None))
        if again:
            listed_again.append(out[-1])
        if key[1] == "V" and other_wording(lines, done, base_offset == 0):
            worded.append(out[-1])
        if key[1] == "D":  # (its steps: a fold tells a diary's pages by the whole file's)
            out[-1] = with_steps(out[-1], pages(done))
        if key[1] == "V" and (p := group_pending(lines, done, key[0], mark)) is not None:
            groups_open.append(p)  # a group's heading, maybe: the next part tells
    if listed_again and chosen_of(out) in listed_again:
        # the file's releases listed a second time (an upgrade notice under its own
        # section, repeating the newest versions): which list is the history, and where
        # the second one starts in another part, no grammar tells; no count is proven
        return [HeadingGroup(shape="", token=LOST, count=0)]
    if worded and chosen_of(out, 1) in worded:
        # releases beside them headed in other words (:mod:`.changelog_wordings`): the
        # shape counts one wording's, a part of a part's one release too; none is proven
        return [HeadingGroup(shape="", token=LOST, count=0)]
    if entries:
        entries.sort()
        marks = [ReleaseMark(title=v, at=byte_at(starts[j]), version=v)
                 for j, v in (*entries[:_FIRST], *entries[-1:])]
        out.append(HeadingGroup(shape=ENTRY_SHAPE, token="V", count=len(entries),
                                first=marks[:-1] if len(marks) > 1 else marks,
                                last=marks[-1]))
    if chosen(out) is None and title is None and not elements:  # (as above)
        out += unread_groups(lines, code, mark, base_offset == 0,
                             {k[0] for k in counts if k[1] == "V"})
    out += groups_open
    if title is not None and (g := chosen(out)) is not None:  # sections named by the
        # release before them: the newest named by the title alone
        dated = heading_release(lines, title.line, title.version)
        out[out.index(g)] = titled_newest(g, mark(dated))
    if title is not None:  # one release's notes, named by the document's title
        m = mark(title)
        out.append(HeadingGroup(shape=TITLE, token="V", count=1, first=[m], last=m))
    out += elements
    if out and (note := _lead_note(lines, byte_at, starts)) is not None:
        out.append(note)
    return out


def _above(founds: dict[tuple[str, str], list[Release]], first: Release) -> Release | None:
    """The nearest heading of any shape above release ``first`` (None when none is)."""
    return max((r for f in founds.values() for r in f if r.line < first.line),
               key=lambda r: r.line, default=None)


def listed_twice(done: Sequence[Release]) -> bool:
    """Whether a run of release headings names the version of one of its first few
    releases again further down, not right under it (a release's sections in a row are one
    release; a heading written twice in a row, two): the releases listed a second time.
    (One dated on another day is another release.)"""
    for k, top in enumerate(done[:_FIRST]):
        key = release_key(top.title)
        if key and any(release_key(r.title) == key and not dated_apart(top.date, r.date)
                       for r in done[k + 2:]):
            return True
    return False


def data_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The releases of a changelog written as data (JSON records, YAML version keys,
    directives' options, an object's "version": "date" members, a run of XML version
    leaves, a list of undated JSON version records)."""
    return (json_groups(text, base_offset) + key_groups(text, base_offset)
            + directive_groups(text, base_offset) + member_groups(text, base_offset)
            + version_list_groups(text, base_offset)
            + json_version_list_groups(text, base_offset))


def _settle_pending(merged: dict[tuple[str, str], HeadingGroup], pend: list[HeadingGroup],
                    part: Sequence[HeadingGroup]) -> None:
    """The records the part before ended inside, told by this part's opening fields
    (:data:`HEAD`): each counted after the releases before it (one without a date: the
    release in development, above them all), dropped, or the shape's count marked cut (no
    sum is proven). Option lines naming a version whose directive no part reported: cut."""
    heads = {g.shape: g for g in part if g.token == HEAD}
    if OPTIONS in heads and not any(p.shape.startswith(OPTIONS) for p in pend) and any(
            e.version for e in heads[OPTIONS].first):
        merged[(OPTIONS, LOST)] = HeadingGroup(shape="", token=LOST, count=0)
    carried = []
    for p in pend:
        if p.shape.startswith(GROUP):
            if not part:  # a part of blank lines (or of no heading) tells nothing of it
                carried.append(p)
            else:
                settle_group(merged, p, part)
            continue
        if p.shape.startswith(OPTIONS):
            told = settle_options(p, heads.get(OPTIONS))
        else:
            told = (settle_key if p.shape == KEY_SHAPE else settle_json)(p, heads.get(p.shape))
        key = (p.shape, "V")
        if isinstance(told, str):  # LOST
            merged[key] = HeadingGroup(shape="", token=LOST, count=0)
            continue
        if told is None:
            continue
        have = merged.get(key)
        if not told.date:  # the release in development: counted apart above the releases
            if have is None:
                merged[key] = HeadingGroup(shape=p.shape, token="V", count=0, unreleased=told)
            elif have.token != LOST and not have.count and have.unreleased is None:
                merged[key] = have.model_copy(update={"unreleased": told})
        elif have is None:
            merged[key] = HeadingGroup(shape=p.shape, token="V", count=1, first=[told],
                                       last=told)
        elif have.token != LOST and p.shape == JSON_SHAPE and not in_order(have, told):
            merged[key] = HeadingGroup(shape="", token=LOST, count=0)
        elif have.token != LOST:
            merged[key] = have.model_copy(update={
                "count": have.count + 1, "last": told,
                "first": [*have.first, told][:_FIRST] if len(have.first) >= have.count
                else have.first})
    pend.clear()
    pend.extend(carried)


def _lead_note(lines: Sequence[str], base: ByteOffsets, starts: Sequence[int]
               ) -> HeadingGroup | None:
    """A text's opening note that a release is not out yet, as :data:`LEAD`."""
    j = opening_note(lines)
    if j is None:
        return None
    return HeadingGroup(shape="", token=LEAD, count=j, unreleased=ReleaseMark(
        title=lines[j].strip(), at=base(starts[j])))


def _settled(have: HeadingGroup, lead: HeadingGroup | None) -> HeadingGroup:
    """``have``, its last release ended under its heading settled by the next part's
    opening note (:data:`LEAD`): a note within reach of the heading's body that says it
    is not out yet makes it the section above the releases, or no release."""
    assert have.last is not None
    held = have.last.open - 1  # the lines under the heading its own part holds
    if lead is None or lead.count + held + 1 > BODY_LINES:
        return have.model_copy(update={"last": have.last.model_copy(update={"open": 0})})
    # (noted as not out: the heading's own line said nothing of it, so it was counted)
    top = have.last.model_copy(update={"open": 0})
    if have.count == 1 and have.unreleased is None:
        return have.model_copy(update={"count": 0, "first": [], "last": None,
                                       "unreleased": top})
    # a release in the middle noted as not out: no release (and the one before it, now
    # the last, is not known here: a fold above proves no sum past it)
    return have.model_copy(update={"count": have.count - 1, "last": None,
                                   "first": [m for m in have.first if m.at != top.at]})


def _name(title: str, version: str) -> str:
    """A release's name: its heading, or when that is long its version (a dated entry's
    version after its date and author, "Mon Jan 01 2024 Name <mail> - 1.2.3-1", else its
    date)."""
    title = " ".join(title.split())
    if len(title) <= _TITLE_CHARS:
        return title
    return version_after(title, version) or version


def merged_groups(parts: Sequence[Extraction]) -> list[HeadingGroup]:
    """The children's heading groups (in file order) added up shape by shape."""
    merged: dict[tuple[str, str], HeadingGroup] = {}
    pend: list[HeadingGroup] = []  # records the part before ended inside (:data:`PENDING`)
    # (headings a part could not read, read by the releases of their shape the others hold)
    read = read_unread([p.releases for p in parts])
    for k, releases in enumerate(read):
        if k:
            _settle_pending(merged, pend, releases)
        if k:  # a part ended under a heading: this one tells whether it is a release
            lead = next((g for g in releases if g.token == LEAD), None)
            for key, open_ in merged.items():
                if open_.last is not None and open_.last.open:
                    merged[key] = _settled(open_, lead)
        for g in releases:
            if g.token in (LEAD, HEAD) and k:
                continue  # (the first part's opens the whole: kept, for the fold above)
            if g.token == PENDING:
                pend.append(g)
                continue
            key = (g.shape, g.token)
            have = merged.get(key)
            if g.token == SECTIONS:
                merged[key] = have or g.model_copy()
                continue
            if not g.first and g.count == 1 and g.last is not None:
                g = g.model_copy(update={"first": [g.last]})  # (left out to fit: the same)
            if have is None:
                merged[key] = g.model_copy()
                continue
            if have.token == LOST:
                continue
            if g.shape == JSON_SHAPE and g.count and have.count and not in_order(have, g):
                # records each part holds in order, out of order across the cut: no history
                merged[key] = HeadingGroup(shape="", token=LOST, count=0)
                continue
            if g.token == "V" and have.count and g.count and (have.last is None
                                                              or not g.first):
                # the versions at the cut were cut out of a small window: a release whose
                # headings both sides hold cannot be told from two, so no sum is proven
                merged[key] = HeadingGroup(shape="", token=LOST, count=0)
                continue
            # a part's releases named in full run on into the next part's; a part whose
            # names were cut (a small window) ends the run: the next part's first release is
            # not the file's second. The last named is the last part's, if it names any.
            # A release whose headings both parts hold (its sections, each naming its
            # version) is counted once.
            whole = len(have.first) >= have.count
            firsts = g.first
            one = (have.last is not None and bool(firsts) and bool(have.last.version)
                   and have.last.version == firsts[0].version
                   and not dated_apart(have.last.date, firsts[0].date))
            same = same_words(have.last, firsts[0]) if one and have.last else False
            if same is None:
                # one version on both sides of a cut, the headings cut to fit the same as
                # far as they go: one release's sections or one heading written twice
                merged[key] = HeadingGroup(shape="", token=LOST, count=0)
                continue
            again = one and not same
            going_on = have.last.version if one and have.last else ""
            if (g.token == "V" and _again(have.first, [m for m in (*firsts, g.last)
                                                       if m and m.version != going_on])
                    and _leading(key, [*merged.values(), *releases])):
                # the next part names the version of one of the first releases again
                # (at its start, or its last; not the release the cut runs through, whose
                # sections each name it): the releases listed a second time
                # (:func:`listed_twice`), no sum is proven (of the shape the file's
                # releases take so far: items of another shape that name one version
                # twice, "Require Python 3.9", are no list of releases)
                merged[key] = HeadingGroup(shape="", token=LOST, count=0)
                continue
            if again:
                firsts = firsts[1:]
            steps = joined(have, g) if g.token == "D" and g.count else {}
            merged[key] = have.model_copy(update={
                **steps, "count": have.count + g.count - (1 if again else 0),
                "first": [*have.first, *firsts][:_FIRST] if whole else have.first,
                "last": (g.last if g.count else have.last),
                "unreleased": have.unreleased or (g.unreleased if not have.count else None)})
    return list(merged.values()) + pend  # (the last part's: for the fold above)


def _again(top: Sequence[ReleaseMark], later: Sequence[ReleaseMark]) -> bool:
    """Whether a release of ``later`` (a part's first few and its last) names the version
    of one of ``top`` (the first few of the parts before it), at another heading (not
    dated on another day: another release)."""
    seen = {m.version: m for m in top if m.version}
    return any(m.version in seen and seen[m.version].at != m.at
               and not dated_apart(seen[m.version].date, m.date) for m in later)


def _leading(key: tuple[str, str], groups: Sequence[HeadingGroup]) -> bool:
    """Whether ``key`` is the shape :func:`chosen` picks among ``groups`` (their counts
    so far; a part's records and notes aside)."""
    pick = chosen_of([g for g in groups if g.token in ("V", "D")])
    return pick is not None and (pick.shape, pick.token) == key


def _named(marks: Sequence[ReleaseMark]) -> list[str]:
    """The names of ``marks`` up to the first whose name was cut (a bare version)."""
    return list(takewhile(bool, (m.title for m in marks)))


def chosen(groups: Sequence[HeadingGroup]) -> HeadingGroup | None:
    """The file's release shape (:func:`engine.core.releases.chosen`); headings of a date
    shape whose steps are a diary's pages are none (:mod:`.changelog_calendar`)."""
    pages_of = {g.shape for g in groups if diary(g)}
    batched = {g.shape for g in groups if g.token == SECTIONS}  # (a dated batch's sections)
    if pages_of or batched:
        groups = [g for g in groups if not (g.token == "D" and g.shape in pages_of)
                  and not (g.token == "V" and g.shape in batched)]
    return chosen_of(groups, CHANGELOG.min_releases)


def releases_line(groups: Sequence[HeadingGroup]) -> str:
    """"44 releases: A, B, C, …, Z." ("" when no shape repeats); a section not released
    yet is named apart: "44 releases and 1 unreleased (Unreleased): …"; :data:`UNCOUNTED`
    when a part's releases could not be counted (no total is proven)."""
    if any(g.token == LOST for g in groups):
        return UNCOUNTED
    g = chosen(groups)
    if g is None:
        return ""
    shown = _named(g.first)
    if g.last is not None and g.last.title and g.count > len(shown):
        shown += (["…"] if g.count > len(shown) + 1 else []) + [g.last.title]
    apart = "" if g.unreleased is None else " and 1 unreleased" + (
        f" ({g.unreleased.title})" if g.unreleased.title else "")
    return f"{_releases(g.count)}{apart}" + (": " + ", ".join(shown) if shown else "") + "."


def _releases(n: int) -> str:
    return "1 release" if n == 1 else f"{n} releases"


def newest(g: HeadingGroup) -> ReleaseMark | None:
    """The newest of a shape's releases: its first, unless its last is newer by date or
    version (a history written oldest first)."""
    if not _named(g.first):
        return None
    top, end = g.first[0], (g.last if g.last is None or g.last.title else None)
    if end is None and g.count > len(g.first):
        return None  # the last release's name was cut: a history oldest first is not ruled out
    if end is not None and newer((end.title, end.date), (top.title, top.date)):
        return end
    return top


def headline(groups: Sequence[HeadingGroup]) -> str:
    """"Newest release: 2.0.26 (2025-10-24), of 44." ("" when no shape repeats)."""
    g = chosen(groups)
    m = newest(g) if g is not None else None
    if g is None or m is None:
        return ""
    title = _CLOSING.sub("", m.title) or m.title
    dated = f", {m.date}" if m.date and " ".join(m.date.split()) not in title else ""
    return f"{NEWEST}{title}{dated} (of {_releases(g.count)})."


# a heading's closing sequence: the "#"s that may close an ATX heading ("## 7.1.2 ##"), the
# "="s that close an AsciiDoc, MediaWiki or WordPress one ("== 3.2.1 =="), after a blank
_CLOSING = re.compile(r"\s+(?:#+|=+)\s*$")


NEWEST = "Newest release: "  # how a headline naming the newest release opens


# (a part's headings cut out of its window, or not told from other versions there: either
# way no sum over the parts holds, and the reason named is the one every case shares)
UNCOUNTED = ("Releases not counted: in a part of the file the release headings could not all "
             "be told and counted, so no total over the file is proven.")

_OWN_LINE = re.compile(r"^(?:\d+ releases?(?: and 1 unreleased)?(?: \(|:|\.)|"
                       + re.escape(UNCOUNTED) + ")")


def stated_by_releases(line: str) -> bool:
    """Whether ``line`` is a part's releases line or its newest release: a figure of that
    part, never the whole's."""
    return line.startswith(NEWEST) or _OWN_LINE.match(line) is not None


def without_line(ex: Extraction) -> Extraction:
    """``ex`` without the releases line its summary opens with (a fold writes its own), even
    when its releases were cut to fit a small window."""
    line = releases_line(ex.releases)
    if line and ex.summary.startswith(line):
        return ex.model_copy(update={"summary": ex.summary[len(line):].lstrip("\n")})
    if _OWN_LINE.match(ex.summary):
        _, _, rest = ex.summary.partition("\n\n")
        return ex.model_copy(update={"summary": rest})
    return ex


def without_figures(ex: Extraction) -> Extraction:
    """``ex`` stating none of its releases (its releases line and a headline naming its
    newest release out): a part folded as another kind, whose fold states no count."""
    ex = without_line(ex)
    if stated_by_releases(ex.headline):
        ex = ex.model_copy(update={"headline": ""})
    return ex
