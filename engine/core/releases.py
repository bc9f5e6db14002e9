"""A changelog's release headings as exact figures a fold can merge, like a log's stats.

A leaf cannot know the file's release pattern (it sees a part of the file), so it reports
each heading shape it found (what precedes the version or date, and which of the two it
is) with the releases of that shape: how many, the first few and the last. A fold adds the
counts of the same shape and keeps the first few of its first child and the last of its
last, so the root counts the releases of the whole file however it was split, and picks
the file's release shape from the whole, as a leaf over the whole file would.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

__all__ = [
    "HEAD",
    "LEAD",
    "LOST",
    "PENDING",
    "TITLE",
    "UNREAD",
    "HeadingGroup",
    "Keep",
    "ReleaseMark",
    "chosen",
    "leaner",
    "same_words",
    "signature",
    "strength",
    "words_key",
]


def _empty(value: Any) -> bool:
    """A field with nothing in it: left out of dumps (a child's line in a small window,
    where a part's counts cut to :data:`LOST` must still share a fold with its siblings)."""
    return not value


class ReleaseMark(BaseModel):
    """A release heading: its title, the absolute byte offset of its line, its date (on its
    line or opening its body; "" when it has none) and its version ("" for a dated entry:
    a fold counts once a release whose headings two parts both hold)."""

    title: str = Field(default="", exclude_if=_empty)  # "": cut to fit, the version kept
    at: int
    date: str = Field(default="", exclude_if=_empty)
    version: str = Field(default="", exclude_if=_empty)
    # the heading's words, as :func:`words_key` digests them, when the title is not those
    # words nor them cut to fit ("…"): a long heading named by its version, a bare mark
    sig: str = Field(default="", exclude_if=_empty)
    # the part ends under the heading (1 + the blank lines it holds there), before the line
    # that may say it is not released yet ("*Release date: XXXX-XX-XX*"): the next part's
    # to tell (:data:`LEAD`)
    open: int = Field(default=0, exclude_if=_empty)

    def words(self) -> tuple[str, str | None]:
        """The key of this heading's words (:func:`words_key`) and the words themselves
        when the title is them (None when they are known by their key alone)."""
        if self.sig:
            return self.sig, None
        if not self.title and self.version:  # a bare mark without a digest: its version
            return words_key(self.version), self.version
        if len(self.title) == _LEAN_TITLE and self.title.endswith("…"):  # cut to fit
            return signature(self.title[:-1]) + "+", None
        return words_key(self.title), self.title


def words_key(words: str) -> str:
    """A heading's words by the digest of their first :data:`_PREFIX` characters, "+" when
    there are more: what a title cut to fit still shows, in a few bytes."""
    words = " ".join(words.split())
    return signature(words[:_PREFIX]) + ("+" if len(words) > _PREFIX else "")


def signature(text: str) -> str:
    """A short digest of ``text``."""
    return hashlib.blake2s(text.encode("utf-8"), digest_size=3).hexdigest()


def same_words(a: ReleaseMark, b: ReleaseMark) -> bool | None:
    """Whether two headings are written in the same words; None when what is left of them
    cannot tell (one cut to fit, the same as far as it goes)."""
    (ka, wa), (kb, wb) = a.words(), b.words()
    if ka != kb:
        return False
    if wa is not None and wb is not None:
        return wa == wb
    return None if ka.endswith("+") else True


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
    # a date shape's headings, each a date alone: the steps between them of a day to a
    # week and the ordinals of the first and last day, so a fold tells a diary's pages by
    # the whole file's steps (:mod:`engine.extractive.kinds.changelog_calendar`)
    steps: int = Field(default=0, exclude_if=_empty)
    span: list[int] = Field(default_factory=list, exclude_if=_empty)
    # headings a part could not read as releases (:data:`UNREAD`): the words they open
    # with, as their titles write them, which a fold's releases must share to count them
    lead: str = Field(default="", exclude_if=_empty)


def strength(shape: str) -> int:
    """How surely a shape's markup makes a heading: 0 a markup heading that stands alone
    (``#``, AsciiDoc ``=``, its run of marks ending the lead or followed by a blank), 1
    any other (a plain or underlined line, an outline's stars, which other markups use for
    list items; marks glued to a word, "#4200: text", an issue's number, no heading)."""
    return 0 if _STANDALONE.match(shape) else 1


_STANDALONE = re.compile(r"^(?:#+|=+)(?:\s|$)")


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
_PREFIX = _LEAN_TITLE - 1  # a title cut to fit: these characters and "…"

Keep = Literal["names", "versions", ""]  # what :func:`leaner` leaves (""; down to LOST)


def leaner(groups: Sequence[HeadingGroup], *, keep: Keep = "") -> list[HeadingGroup] | None:
    """``groups`` smaller by a step, for a line that must fit a small window: first one
    release named at each end with a short title, then no name but the version at each end
    (a mark with an empty title), then every shape's count alone (a fold then proves no
    total of a shape whose versions a cut may split), then a mark that the counts were cut
    (:data:`LOST`: a fold above states no total, rather than a sum short of this part's); a
    count is never changed. None when nothing is left to cut, or nothing but what ``keep``
    keeps: "names" (a name at each end), "versions" (what a fold needs to add them up) —
    so a caller cuts its prose before its figures."""
    def short(m: ReleaseMark) -> ReleaseMark:
        if len(m.title) <= _LEAN_TITLE:
            return m
        return m.model_copy(update={"title": m.title[:_PREFIX] + "…"})

    def bare(m: ReleaseMark | None) -> ReleaseMark | None:
        if m is None or not m.version:
            return None
        key, words = m.words()  # (no digest when the heading is its version: "## 1.2.3")
        return ReleaseMark(at=m.at, version=m.version, open=m.open,
                           sig="" if words == m.version else key)

    held = (PENDING, HEAD)  # a record cut at a part's end, settled whole or not at all
    lean = [g if g.token in held else
            g.model_copy(update={"first": [short(m) for m in g.first[:1]],
                                 "last": short(g.last) if g.last else None,
                                 "unreleased": short(g.unreleased) if g.unreleased else None})
            for g in groups]
    if lean != list(groups):
        return lean
    if keep == "names":
        return None
    # the versions at both ends stay: a fold counts once a release whose headings both
    # sides of a cut hold, and could not tell it from two releases without them
    # (one release: its mark is its last, the first left out; a section not released yet,
    # or a part's opening note that one is not, by where it is)
    bared = [g if g.token in held else
             g.model_copy(update={"first": [b for b in [bare(g.first[0])] if b]
                                  if g.first and g.count > 1 and g.token != LEAD else [],
                                  "last": bare(g.last) if g.token != LEAD else None,
                                  "unreleased": ReleaseMark(at=g.unreleased.at)
                                  if g.unreleased else None})  # (where, not what)
             for g in groups]
    if bared != list(groups):
        return bared
    if keep == "versions":
        return None
    if any(g.first or g.last for g in groups):
        return [g.model_copy(update={"first": [], "last": None}) for g in groups]
    if groups and [g.token for g in groups] != [LOST]:
        return [HeadingGroup(shape="", token=LOST, count=0)]
    return None


LEAD = "lead"  # the token of a part's opening note that a release is not out yet: ``count``
# is its line in the part, ``unreleased`` the note (a heading above it is in the part before)

LOST = "lost"  # the token of a child's releases cut out of a small window: no sum holds

PENDING = "pending"  # the token of a part's record cut at its end, not yet known a release:
# ``last`` the record so far, ``count`` its level, ``first`` what else its grammar needs
UNREAD = "unread"  # the token of a part's headings of a release shape whose version is a
# whole number, undated: releases only under the lead a fold's releases of their shape share
# (:mod:`engine.extractive.kinds.changelog_unread`); ``lead`` is that lead
HEAD = "head"  # the token of a part's opening fields, of records opened in the part before:
# ``first`` its events in order (a field at a level, or "}" a level's end), ``count`` how many
