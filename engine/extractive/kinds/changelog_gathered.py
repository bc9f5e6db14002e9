"""Changes gathered for the next release under a heading of their own name.

Some histories open with a section at the releases' heading level that names no version
and no date ("## Latest Changes" over "## 0.109.0"): the changes merged since the newest
release, filed the way every release files them. Its name is the project's own, so no
word tells it; its structure does: it is the heading right above the newest release, at
that release's level (no shallower heading between, such as the text's title, which
would make it a part of the preamble), and every sub-heading it holds is one the
releases below hold too ("### Features", "### Docs"). A preamble's sections ("## Contents"
with "### Installation") hold sub-headings no release has, so they stay no release.

Read only in the text's first part (``at_start``), where a whole-file reading sees it
too, so every window counts alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.kinds.changelog_groups import level
from gapless.engine.extractive.kinds.changelog_headings import DATE, VERSION, Release
from gapless.engine.extractive.kinds.changelog_html import as_atx

_SECTIONS = 6  # the releases whose sub-headings are compared (the newest few)


def _sub_headings(lines: Sequence[str], start: int, end: int, depth: int) -> set[str]:
    """The words of the headings deeper than ``depth`` in ``lines[start:end]``, none that
    names a version (a release's own sub-heading, "#### Mypy 1.12.1")."""
    out = set()
    for j in range(start, end):
        if level(lines[j]) > depth:
            words = " ".join(as_atx(lines[j]).lstrip("#").split()).lower()
            if not VERSION.search(words):
                out.add(words)
    return out


def gathered_above(lines: Sequence[str], done: Sequence[Release], at_start: bool
                   ) -> Release | None:
    """The heading right above the newest of ``done`` flagged as not released yet when it
    is at that release's level, names no version or date, and holds sub-headings all of
    which the releases below hold too; else None."""
    if not at_start or len(done) < 2:
        return None
    depth = level(lines[done[0].line])
    if not depth:
        return None
    top = next((j for j in range(done[0].line - 1, -1, -1) if 0 < level(lines[j]) <= depth),
               None)
    if top is None or level(lines[top]) != depth:
        return None
    heading = as_atx(lines[top])
    if VERSION.search(heading) or DATE.search(heading):
        return None
    mine = _sub_headings(lines, top + 1, done[0].line, depth)
    end = done[min(_SECTIONS, len(done) - 1)].line
    if not mine or not mine <= _sub_headings(lines, done[0].line + 1, end, depth):
        return None
    return Release(top, heading.lstrip("#").strip(), "", unreleased=True)
