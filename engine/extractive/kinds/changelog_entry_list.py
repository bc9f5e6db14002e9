"""A heading over a list of bare versions: a series' group, and its entries the releases.

Some indexes of release notes gather each series under a heading ("4.2 release",
underlined) whose section is nothing but the series' releases, one bare version to an
indented line or a bullet (an index's entries: "4.2.8", "4.2.7", … "4.2"). The heading
names a version and repeats, so it would count as a release, one for a whole series. The
grammar rule: a dateless heading whose section, before the next heading, holds entries that
are a version alone, each the heading's version or one extending it — two or more, or one
in a section of no prose (no line of three words) — is a group over them; it is no release,
and its entries are (all different, or none is counted). So is one whose every bullet, two
or more, opens with a version extending its own before the change's words, the version set
off in code marks (a build log by series: "47.2" underlined over " - `47.2.9` text"): each
bullet is a build released, and its words what it changed.

Across a cut: a part that holds such a group and opens among entries (a group's, in the
part before), or ends in a heading's section before any entry or prose shows which it is,
states no count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.extractive.kinds.changelog_groups import extends
from gapless.engine.extractive.kinds.changelog_headings import VERSION, Release, candidate

__all__ = ["ENTRY_SHAPE", "Listing", "without_list_groups"]

ENTRY_SHAPE = "\u00a7entry"  # the shape of a release written as a group's entry
# an entry: an indented line or a bullet of one word
_ENTRY = re.compile(r"^(?:[ \t]+(?:[-*+][ \t]+)?|[-*+][ \t]+)(\S+)[ \t]*$")
_REACH = 60  # the lines of a section looked at
_BULLET = re.compile(r"^[ \t]*[-*+][ \t]+")
# a bullet opening with a version in code marks before its words: " - `47.2.9` text"
_LED = re.compile(r"^[ \t]*[-*+][ \t]+`(\S+)`[ \t]+\S")


@dataclass(frozen=True, slots=True)
class Listing:
    """A shape's headings without its groups, and the groups' entries (line, version)."""

    kept: list[Release]
    entries: list[tuple[int, str]]


def _entry(line: str) -> str | None:
    m = _ENTRY.match(line)
    return m.group(1) if m is not None and VERSION.fullmatch(m.group(1)) else None


def _led(line: str) -> str | None:
    m = _LED.match(line)
    return m.group(1) if m is not None and VERSION.fullmatch(m.group(1)) else None


def _led_entries(lines: Sequence[str], r: Release, own: str) -> list[tuple[int, str]]:
    """The bullets of heading ``r``'s section, two or more and every one led by a version
    extending ``own`` in code marks (none: any bullet is not)."""
    led: list[tuple[int, str]] = []
    for j in range(r.line + 1, len(lines)):
        if candidate(lines, j) is not None:
            break
        if _BULLET.match(lines[j]) is None:
            continue
        v = _led(lines[j])
        if v is None or not extends(own, v.lower().lstrip("v")):
            return []
        led.append((j, v))
    return led if len(led) >= 2 else []


def _section(lines: Sequence[str], r: Release
             ) -> tuple[list[tuple[int, str]] | None, bool, bool]:
    """The entries of heading ``r``'s series its section lists (None: an entry of another
    version), whether it holds prose, and whether it runs to the text's end."""
    own = r.version.lower().lstrip("v")
    if led := _led_entries(lines, r, own):
        return led, True, False
    entries: list[tuple[int, str]] = []
    prose = False
    end = min(len(lines), r.line + _REACH)
    for j in range(r.line + 1, end):
        if candidate(lines, j) is not None:
            return entries, prose, False
        prose = prose or len(lines[j].split()) >= 3
        entry = _entry(lines[j])
        if entry is None:
            continue
        bare = entry.lower().lstrip("v")
        if bare != own and not extends(own, bare):
            return None, prose, False
        entries.append((j, entry))
    return entries, prose, end == len(lines)


def without_list_groups(lines: Sequence[str], found: list[Release]) -> Listing | None:
    """``found`` without the headings over a list of their series' bare versions, and
    those lists' entries; None when a part holding such a group opens among entries or
    ends in a heading's section before it shows whether it is one, or an entry repeats."""
    kept: list[Release] = []
    entries: list[tuple[int, str]] = []
    open_end = False
    for r in found:
        if r.date or r.unreleased or not r.version:
            kept.append(r)
            continue
        listed, prose, to_end = _section(lines, r)
        if listed is not None and (len(listed) >= 2 or (len(listed) == 1 and not prose)):
            entries += listed
            continue
        open_end = open_end or (listed == [] and not prose and to_end)
        kept.append(r)
    if not entries:
        return Listing(kept, [])
    first = found[0].line if found else len(lines)
    opens_listing = any(_entry(line) is not None or _led(line) is not None
                        for line in lines[:first])
    versions = [v for _, v in entries]
    if open_end or opens_listing or len(set(versions)) != len(versions):
        return None
    return Listing(kept, entries)
