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

__all__ = ["HeadingGroup", "ReleaseMark", "leaner"]


class ReleaseMark(BaseModel):
    """A release heading: its title and the absolute byte offset of its line."""

    title: str
    at: int


class HeadingGroup(BaseModel):
    """The release headings of one shape (``token``: "V" for a version, "D" for a date)."""

    shape: str
    token: str
    count: int
    first: list[ReleaseMark] = Field(default_factory=list)
    last: ReleaseMark | None = None


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
                                 "last": short(g.last) if g.last else None}) for g in groups]
    if lean != list(groups):
        return lean
    if len(groups) > 1:
        return [max(groups, key=lambda g: (g.token == "V", g.count))]
    return [] if groups else None
