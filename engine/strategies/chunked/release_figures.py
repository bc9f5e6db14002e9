"""The releases ``gapless read`` states: the changelog kind's own figures, folded chunk by chunk.

Read cuts a file into chunks as summarize cuts it into leaves, so it counts releases the
way summarize does: each chunk's release headings by shape, as the changelog kind reports a
leaf's (:func:`~engine.extractive.kinds.changelog_releases.heading_groups`), added up in file
order by the kind's fold (:func:`~engine.extractive.kinds.changelog_releases.merged_groups`),
the file's release shape chosen from the sums. Every rule of that count (a section above the
first release that is not out yet, version headings that are a dated batch's sections, a
diary's dated pages) is the kind's, never a second copy; read only adds where each named
release starts. A figure that is not proven over the whole file is not stated: a read that
did not cover it, or a part whose headings the kind could not count, says why instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gapless.engine.core.extraction import Extraction
from gapless.engine.core.releases import LOST, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog import with_releases
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    merged_groups,
)
from gapless.engine.extractive.kinds.log import LogKind
from gapless.engine.extractive.kinds.registry import read_view
from gapless.engine.strategies.chunked.planner import Chunk

__all__ = ["NOT_PROVEN", "PART_READ", "ReleaseFigures", "chunk_releases"]

_MARK = b"\xef\xbb\xbf"  # a byte-order mark opening the file: no part of its first heading
_FIRST = 3  # releases named before the ellipsis and the last one, as summarize names them

NOT_PROVEN = ("Releases not counted: a part's release headings could not be told from other "
              "version lines, so no total over the file is proven.")
PART_READ = ("Releases not counted: this read did not cover the whole file; a read of it "
             "from its first chunk to its last states them.")


def chunk_releases(data: bytes, chunk: Chunk, *, as_log: bool
                   ) -> tuple[list[HeadingGroup], dict[int, int]]:
    """A chunk's release headings by shape, as summarize's leaf of the same text reports
    them (the changelog kind's; for a chunk read as a log, only what that kind lets a log's
    leaf carry: sections that blank lines set apart), and the file line of each it names."""
    # (a byte-order mark opening the file is no part of its first heading; the text after
    # it is still the file's first part, its offsets counted from there)
    skip = len(_MARK) if chunk.start == 0 and data.startswith(_MARK) else 0
    text = data[skip:].decode("utf-8", errors="replace")
    if as_log:
        groups = with_releases(Extraction(kind=LogKind.name), text, chunk.start).releases
    else:
        groups = heading_groups(read_view(text)[0].text, chunk.start)  # (as the kind reads it)
    lines = {m.at: chunk.start_line + data.count(b"\n", 0, max(0, m.at - chunk.start) + skip)
             for m in _marks(groups)}
    return groups, lines


def _marks(groups: list[HeadingGroup]) -> list[ReleaseMark]:
    return [m for g in groups for m in (*g.first, g.last, g.unreleased) if m is not None]


@dataclass
class ReleaseFigures:
    """The kind's release figures over the chunks taken so far, in file order, and the line
    of each heading they name (1-based, by its byte offset)."""

    groups: list[HeadingGroup] | None = None
    lines: dict[int, int] = field(default_factory=dict)
    start: int | None = None  # the byte the first chunk taken starts at
    end: int = 0  # the byte the last chunk taken ends at

    def add(self, chunk: Chunk, groups: list[HeadingGroup], lines: dict[int, int]) -> None:
        """Fold in the next chunk's groups (the kind's fold of a part with the next)."""
        if self.start is None:
            self.start = chunk.start
        self.end = chunk.end
        self.lines.update(lines)
        if self.groups is None:
            self.groups = list(groups)
        else:
            self.groups = merged_groups([Extraction(releases=self.groups),
                                         Extraction(releases=groups)])
        kept = {m.at for m in _marks(self.groups)}  # (bounded: the marks still named)
        self.lines = {at: n for at, n in self.lines.items() if at in kept}

    def line(self, size: int) -> str:
        """"44 releases: A (line 1), B (line 167), …, Z (line 3061)." over a file of ``size``
        bytes; "" when the kind names no release; why none is counted when no total is
        proven."""
        groups = self.groups or []
        if any(g.token == LOST for g in groups):
            return NOT_PROVEN
        g = chosen(groups)
        if g is None:
            return ""
        if self.start != 0 or self.end < size:
            return PART_READ
        shown = [self._named(m) for m in g.first[:_FIRST]]
        if g.last is not None and g.count > len(shown):
            shown += (["…"] if g.count > len(shown) + 1 else []) + [self._named(g.last)]
        word = "1 release" if g.count == 1 else f"{g.count} releases"
        if g.unreleased is not None:
            word += f" and 1 unreleased ({self._named(g.unreleased)})"
        return f"{word}: " + ", ".join(shown) + "."

    def _named(self, m: ReleaseMark) -> str:
        n = self.lines.get(m.at)
        return m.title if n is None else f"{m.title} (line {n})"
