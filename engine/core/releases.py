"""A changelog's release headings as exact figures a fold can merge, like a log's stats.

A leaf cannot know the file's release pattern (it sees a part of the file), so it reports
each heading shape it found (what precedes the version or date, and which of the two it
is) with the releases of that shape: how many, the first few and the last. A fold adds the
counts of the same shape and keeps the first few of its first child and the last of its
last, so the root counts the releases of the whole file however it was split, and picks
the file's release shape from the whole, as a leaf over the whole file would.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

__all__ = ["HeadingGroup", "ReleaseMark", "chosen", "leaner", "strength"]


class ReleaseMark(BaseModel):
    """A release heading: its title, the absolute byte offset of its line, and its date
    (on its line or opening its body; "" when it has none)."""

    title: str
    at: int
    date: str = ""


class HeadingGroup(BaseModel):
    """The release headings of one shape (``token``: "V" for a version, "D" for a date),
    and the section of that shape above them all that is not released yet (counted apart:
    "## [Unreleased]", "?.?")."""

    shape: str
    token: str
    count: int
    first: list[ReleaseMark] = Field(default_factory=list)
    last: ReleaseMark | None = None
    unreleased: ReleaseMark | None = None


def strength(shape: str) -> int:
    """How surely a shape's markup makes a heading: 0 a markup heading that stands alone
    (``#``, AsciiDoc ``=``), 1 any other (a plain or underlined line, an outline's stars,
    which other markups use for list items)."""
    return 0 if shape.startswith(("#", "=")) else 1


def chosen(groups: Sequence[HeadingGroup], min_count: int = 2) -> HeadingGroup | None:
    """The file's release shape: versions before dates; among them the surest markup that
    repeats (``min_count`` releases), then the most releases, then the earliest. None when
    no shape repeats."""
    for token in ("V", "D"):
        ranked = sorted((g for g in groups if g.token == token and g.count >= min_count),
                        key=lambda g: (strength(g.shape), -g.count,
                                       g.first[0].at if g.first else 0))
        if ranked:
            return ranked[0]
    return None


_LEAN_TITLE = 24


def leaner(groups: Sequence[HeadingGroup]) -> list[HeadingGroup] | None:
    """``groups`` smaller by a step, for a line that must fit a small window: first one
    release named at each end with a short title, then the shape with the most releases
    alone (versions before dates), then none; a count is never changed, only dropped.
    None when nothing is left to cut."""
    def short(m: ReleaseMark) -> ReleaseMark:
        cut = m.title if len(m.title) <= _LEAN_TITLE else m.title[: _LEAN_TITLE - 1] + "…"
        return m.model_copy(update={"title": cut})

    lean = [g.model_copy(update={"first": [short(m) for m in g.first[:1]],
                                 "last": short(g.last) if g.last else None,
                                 "unreleased": short(g.unreleased) if g.unreleased else None})
            for g in groups]
    if lean != list(groups):
        return lean
    if len(groups) > 1:
        return [chosen(groups) or max(groups, key=lambda g: (g.token == "V", g.count))]
    return [] if groups else None
