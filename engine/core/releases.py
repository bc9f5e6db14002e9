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
from typing import Any

from pydantic import BaseModel, Field

__all__ = ["LOST", "TITLE", "HeadingGroup", "ReleaseMark", "chosen", "leaner", "strength"]


def _empty(value: Any) -> bool:
    """A field with nothing in it: left out of dumps (a child's line in a small window,
    where a part's counts cut to :data:`LOST` must still share a fold with its siblings)."""
    return not value


class ReleaseMark(BaseModel):
    """A release heading: its title, the absolute byte offset of its line, its date (on its
    line or opening its body; "" when it has none) and its version ("" for a dated entry:
    a fold counts once a release whose headings two parts both hold)."""

    title: str
    at: int
    date: str = Field(default="", exclude_if=_empty)
    version: str = Field(default="", exclude_if=_empty)


class HeadingGroup(BaseModel):
    """The release headings of one shape (``token``: "V" for a version, "D" for a date),
    and the section of that shape above them all that is not released yet (counted apart:
    "## [Unreleased]", "?.?")."""

    shape: str = Field(default="", exclude_if=_empty)
    token: str
    count: int
    first: list[ReleaseMark] = Field(default_factory=list, exclude_if=_empty)
    last: ReleaseMark | None = Field(default=None, exclude_if=_empty)
    unreleased: ReleaseMark | None = Field(default=None, exclude_if=_empty)


def strength(shape: str) -> int:
    """How surely a shape's markup makes a heading: 0 a markup heading that stands alone
    (``#``, AsciiDoc ``=``), 1 any other (a plain or underlined line, an outline's stars,
    which other markups use for list items)."""
    return 0 if shape.startswith(("#", "=")) else 1


def chosen(groups: Sequence[HeadingGroup], min_count: int = 2) -> HeadingGroup | None:
    """The file's release shape: versions before dates (unless dated headings of a markup
    that stands alone outnumber the versions' weaker shape: items naming a version); among
    them the surest markup that repeats (``min_count`` releases), then the most releases,
    then the earliest; else the document's title, when it names one release's notes. None
    when no shape repeats."""
    if any(g.token == LOST for g in groups):
        return None  # a part's count was cut out of its window: no total is proven
    best = {token: sorted((g for g in groups if g.token == token and g.count >= min_count),
                          key=lambda g: (strength(g.shape), -g.count,
                                         g.first[0].at if g.first else 0))[:1]
            for token in ("V", "D")}
    if best["V"] and best["D"]:
        v, d = best["V"][0], best["D"][0]
        # dated headings of a markup that stands alone, more of them than of any version's
        # weaker shape (items that name a version: "* Feature #12: Require Python 3.12")
        if strength(d.shape) < strength(v.shape) and d.count > v.count:
            return d
    for token in ("V", "D"):
        if best[token]:
            return best[token][0]
    # no shape repeats: a document that is one release's notes, by its title
    return next((g for g in groups if g.shape == TITLE and g.count == 1), None)


TITLE = "title"  # the shape of a release named by the document's title (one release's notes)


_LEAN_TITLE = 24


def leaner(groups: Sequence[HeadingGroup]) -> list[HeadingGroup] | None:
    """``groups`` smaller by a step, for a line that must fit a small window: first one
    release named at each end with a short title, then every shape's count with no release
    named, then a mark that the counts were cut (:data:`LOST`: a fold above states no
    total, rather than a sum short of this part's); a count is never changed. None when
    nothing is left to cut."""
    def short(m: ReleaseMark) -> ReleaseMark:
        cut = m.title if len(m.title) <= _LEAN_TITLE else m.title[: _LEAN_TITLE - 1] + "…"
        return m.model_copy(update={"title": cut})

    lean = [g.model_copy(update={"first": [short(m) for m in g.first[:1]],
                                 "last": short(g.last) if g.last else None,
                                 "unreleased": short(g.unreleased) if g.unreleased else None})
            for g in groups]
    if lean != list(groups):
        return lean
    if any(g.first or g.last for g in groups):
        return [g.model_copy(update={"first": [], "last": None}) for g in groups]
    if groups and [g.token for g in groups] != [LOST]:
        return [HeadingGroup(shape="", token=LOST, count=0)]
    return None


LOST = "lost"  # the token of a child's releases cut out of a small window: no sum holds
