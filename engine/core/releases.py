"""A changelog's release headings as exact figures a fold can merge, like a log's stats.

A leaf cannot know the file's release pattern (it sees a part of the file), so it reports
each heading shape it found (what precedes the version or date, and which of the two it
is) with the releases of that shape: how many, the first few and the last. A fold adds the
counts of the same shape and keeps the first few of its first child and the last of its
last, so the root counts the releases of the whole file however it was split, and picks
the file's release shape from the whole, as a leaf over the whole file would.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

__all__ = ["HeadingGroup", "ReleaseMark"]


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
