"""A changelog written as a YAML mapping: a release is an indented key that is a whole
version, with a date field among its children (``  1.2.3:`` over ``    release_date:
'2024-01-05'``), known by that shape, never by a key's name.

A part counts a key whose children it holds up to their date; a part ending among the
children of a key not yet dated reports it (:data:`~engine.core.releases.PENDING`: its
indent, and its children's) and the next part its opening lines as events by indent
(:data:`~engine.core.releases.HEAD`), so the fold settles it (:func:`settle`), or states
no count when nothing tells.
"""

from __future__ import annotations

import re

from gapless.engine.core.releases import HEAD, LOST, PENDING, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_headings import DATE, VERSION
from gapless.engine.extractive.kinds.changelog_sequence import sequence_version

__all__ = ["SHAPE", "key_groups", "settle"]

SHAPE = "version:"  # the shape of a release written as a mapping key
_KEY = re.compile(r"^( +)([\"']?)([^\s\"':#][^\"':#]*?)\2:\s*(?:#.*)?$")
_FIELD = re.compile(r"^( *)[\w.\-]+:\s+([\"']?)(.+?)\2\s*$")
_CLOCK = r"(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?"
_DATED = re.compile(rf"(?:{DATE.pattern}){_CLOCK}")
_NONE = 1 << 20  # no child indent seen yet
_EVENTS = 24


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _version_key(line: str) -> str | None:
    m = _KEY.match(line)
    if m is None:  # (a sequence item's first field: its dash stands where a key would)
        return sequence_version(line)
    return m.group(3) if VERSION.fullmatch(m.group(3)) else None


def _date(line: str) -> str:
    m = _FIELD.match(line)
    if m is None or not _DATED.fullmatch(m.group(3)):
        return ""
    d = DATE.match(m.group(3))
    return d.group(0) if d else ""


def key_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The version keys of ``text`` dated by a child, as a heading group, with the key it
    ends among the children of (:data:`PENDING`) and its opening events (:data:`HEAD`)."""
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    keys = [i for i, line in enumerate(lines) if _version_key(line)]
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line.encode("utf-8", errors="surrogatepass")) + 1)
    found: list[ReleaseMark] = []
    pending: list[HeadingGroup] = []
    for i in keys:
        ka, kc, date, closed = _indent(lines[i]), _NONE, "", False
        for line in lines[i + 1:]:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            d = _indent(line)
            if d <= ka:
                closed = True
                break
            if d < kc:
                kc = d
            if d == kc and (date := _date(line)):
                break
        version = _version_key(lines[i]) or ""
        mark = ReleaseMark(title=version, at=base_offset + starts[i], date=date,
                           version=version)
        if date:
            found.append(mark)
        elif not closed:
            pending.append(HeadingGroup(shape=SHAPE, token=PENDING, count=ka, last=mark,
                                        first=[ReleaseMark(at=kc)]))
    events: list[ReleaseMark] = []
    low = _NONE
    for line in lines[:keys[0] + 1 if keys else len(lines)]:
        if not line.strip() or line.lstrip().startswith("#") or len(events) >= _EVENTS:
            continue
        d = _indent(line)
        if d < low:
            low = d
            events.append(ReleaseMark(title="}", at=d))
        if d == low and (date := _date(line)):
            events.append(ReleaseMark(at=d, date=date))
    out = [release_group(SHAPE, found, None)] if found else []
    if events and events[0].at > 0 and any(e.date for e in events):
        out.append(HeadingGroup(shape=SHAPE, token=HEAD, count=len(events), first=events))
    return out + pending


def settle(pending: HeadingGroup, head: HeadingGroup | None) -> ReleaseMark | str | None:
    """The key ``pending`` is, told by the next part's opening events: its mark dated,
    None when its children end with no date, :data:`LOST` when nothing tells."""
    mark = pending.last
    if mark is None or not pending.first:
        return LOST
    if head is None or head.count != len(head.first):
        return LOST
    ka, cap = pending.count, pending.first[0].at
    for ev in head.first:
        if ev.title == "}":
            if ev.at <= ka:
                return None
            cap = min(cap, ev.at)
        elif ev.at == cap and ev.date:
            return mark.model_copy(update={"date": ev.date})
    return LOST
