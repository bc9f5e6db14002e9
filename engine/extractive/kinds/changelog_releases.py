"""A changelog's releases as figures a fold merges exactly, and the line that names them.

A leaf reports each heading shape it holds with that shape's releases
(:class:`~engine.core.releases.HeadingGroup`); a fold adds them up shape by shape, and the
file's release shape is chosen from the sums the way :func:`.changelog_headings.learn`
chooses it over a whole text (the most releases of a version shape, else of a date shape).
So ``gapless summarize`` over a tree of leaves names the releases of the whole file, how
many there are, the first and the last, without a leaf knowing the file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.core.releases import HeadingGroup, ReleaseMark
from gapless.engine.extractive.anchors import ByteOffsets
from gapless.engine.extractive.kinds.changelog_headings import ReleasePattern, candidate
from gapless.engine.extractive.weights import CHANGELOG

__all__ = ["chosen", "heading_groups", "merged_groups", "releases_line", "without_line"]

_GROUPS = 6  # the shapes a leaf reports: the file's own is among a leaf's most frequent
_FIRST = 3  # releases named at the top before the ellipsis and the last one
_TITLE_CHARS = 60  # a longer heading (a markdown link) is named by its version


def heading_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The release headings of ``text`` by shape, the most frequent shapes only."""
    lines = text.split("\n")
    counts: Counter[tuple[str, str]] = Counter()
    leads: dict[tuple[str, str], Counter[str]] = {}
    for i in range(len(lines)):
        c = candidate(lines, i)
        if c is not None:
            counts[(c[0], c[1])] += 1
            leads.setdefault((c[0], c[1]), Counter())[c[3]] += 1
    if not counts:
        return []
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    byte_at = ByteOffsets(text, base_offset)
    out = []
    for key, n in counts.most_common(_GROUPS):
        lead, shared = leads[key].most_common(1)[0]
        found = ReleasePattern(key[0], key[1], lead if shared * 2 > n else "").releases(lines)
        if not found:
            continue
        marks = [ReleaseMark(title=_name(r.title, r.version), at=byte_at(starts[r.line]))
                 for r in (*found[:_FIRST], found[-1])]
        out.append(HeadingGroup(shape=key[0], token=key[1], count=len(found),
                                first=marks[:-1], last=marks[-1]))
    return out


def _name(title: str, version: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= _TITLE_CHARS else version


def merged_groups(parts: Sequence[Extraction]) -> list[HeadingGroup]:
    """The children's heading groups (in file order) added up shape by shape."""
    merged: dict[tuple[str, str], HeadingGroup] = {}
    for part in parts:
        for g in part.releases:
            key = (g.shape, g.token)
            have = merged.get(key)
            if have is None:
                merged[key] = g.model_copy()
                continue
            merged[key] = have.model_copy(update={
                "count": have.count + g.count, "first": [*have.first, *g.first][:_FIRST],
                "last": g.last or have.last})
    return list(merged.values())


def chosen(groups: Sequence[HeadingGroup]) -> HeadingGroup | None:
    """The file's release shape: the most releases of a version shape (the earliest on a
    tie), else of a date shape; None when no shape repeats."""
    for token in ("V", "D"):
        ranked = sorted((g for g in groups if g.token == token
                         and g.count >= CHANGELOG.min_releases),
                        key=lambda g: (-g.count, g.first[0].at if g.first else 0))
        if ranked:
            return ranked[0]
    return None


def releases_line(groups: Sequence[HeadingGroup]) -> str:
    """"44 releases: A, B, C, …, Z." ("" when no shape repeats)."""
    g = chosen(groups)
    if g is None:
        return ""
    shown = [m.title for m in g.first]
    if g.last is not None and g.count > len(shown):
        shown += (["…"] if g.count > len(shown) + 1 else []) + [g.last.title]
    return f"{g.count} releases: " + ", ".join(shown) + "."


def without_line(ex: Extraction) -> Extraction:
    """``ex`` without the releases line its summary opens with (a fold writes its own)."""
    line = releases_line(ex.releases)
    if not line or not ex.summary.startswith(line):
        return ex
    return ex.model_copy(update={"summary": ex.summary[len(line):].lstrip("\n")})
