"""A changelog written as directives (Sphinx's ``.. changelog::``): a release is a
directive line whose option lines hold a whole version (``:version: 1.4.3``), dated by an
option that is a whole date (``:released: March 3, 2021``); known by that shape, never by
a directive's or an option's name. A directive with a version and no date is the release
in development: counted apart, and only above the dated ones.

A part ending among the option lines of a directive that may be a release (a version or a
date read, or its name a release's in the part) before both are read reports it
(:data:`~engine.core.releases.PENDING`), and a part opening with option lines reports
them (:data:`~engine.core.releases.HEAD`): the fold settles the release (:func:`settle`),
or states no count when nothing tells (options naming a version, their directive not
reported).
"""

from __future__ import annotations

import re

from gapless.engine.core.releases import HEAD, LOST, PENDING, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_headings import DATE, VERSION

__all__ = ["SHAPE", "directive_groups", "settle"]

SHAPE = ".."  # the shape of a part's opening option lines (their directive not known)

_DIRECTIVE = re.compile(r"^(\s*)\.\.\s+([\w:.\-]+)::\s*(.*)$")
_OPTION = re.compile(r"^(\s+):[\w.\- ]+:\s*(.*?)\s*$")


def directive_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The directives of ``text`` whose options hold a version, by directive name (the
    shape ``.. name::``), as heading groups."""
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    if ".. " not in text or "::" not in text:
        return [head] if lines and (head := _opening(lines)) is not None else []
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line.encode("utf-8", errors="surrogatepass")) + 1)
    found: dict[str, tuple[list[ReleaseMark], list[ReleaseMark]]] = {}
    cut: tuple[str, ReleaseMark] | None = None
    for i, line in enumerate(lines):
        m = _DIRECTIVE.match(line)
        if m is None:
            continue
        version, date, j = "", "", i + 1
        while j < len(lines) and (o := _OPTION.match(lines[j])) is not None \
                and len(o.group(1)) > len(m.group(1)):
            value = o.group(2)
            version = version or (value if VERSION.fullmatch(value) else "")
            date = date or (value if DATE.fullmatch(value) else "")
            j += 1
        shape = f".. {m.group(2)}::"
        mark = ReleaseMark(title=version, at=base_offset + starts[i], date=date,
                           version=version)
        if j == len(lines) and not (version and date):
            cut = (shape, mark)  # the next part's to tell
            continue
        if not version:
            continue
        done, todo = found.setdefault(shape, ([], []))
        (done if date else todo).append(mark)
    out = [release_group(shape, done, todo[0] if todo else None)
           for shape, (done, todo) in found.items()]
    if cut is not None and (cut[1].version or cut[1].date or cut[0] in found):
        out.append(HeadingGroup(shape=cut[0], token=PENDING, count=0, last=cut[1]))
    if (head := _opening(lines)) is not None:
        out.append(head)
    return out


def _opening(lines: list[str]) -> HeadingGroup | None:
    """The option lines a part opens with, as events (a version or a date, then "}" where
    they end), their directive in the part before; None when it opens with none."""
    events: list[ReleaseMark] = []
    for line in lines:
        o = _OPTION.match(line)
        if o is None:
            events.append(ReleaseMark(title="}", at=0))
            break
        value = o.group(2)
        v = value if VERSION.fullmatch(value) else ""
        d = value if DATE.fullmatch(value) else ""
        if v or d:
            events.append(ReleaseMark(at=0, version=v, date=d))
    if not events or (len(events) == 1 and events[0].title == "}" and not lines[0].strip()):
        return None
    if not _OPTION.match(lines[0]):
        return None
    return HeadingGroup(shape=SHAPE, token=HEAD, count=len(events), first=events)


def settle(pending: HeadingGroup, head: HeadingGroup | None) -> ReleaseMark | str | None:
    """The directive ``pending`` is, told by the option lines the next part opens with:
    its mark (undated: the release in development), None when they name no version, or
    :data:`LOST` when nothing tells."""
    mark = pending.last
    if mark is None:
        return LOST
    if head is None:  # the next part opens past its options: they were all read
        return mark if mark.version else None
    if head.count != len(head.first):
        return LOST
    version, date = mark.version, mark.date
    for ev in head.first:
        if ev.title == "}":
            return mark.model_copy(update={"title": version, "version": version,
                                           "date": date}) if version else None
        version, date = version or ev.version, date or ev.date
    if version and date:
        return mark.model_copy(update={"title": version, "version": version, "date": date})
    return LOST
