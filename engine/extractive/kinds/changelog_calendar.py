"""Headings that are dates alone, a day to a week apart: a diary's pages, no releases.

A history released by date ships when a release is ready, so its dated headings are
mostly weeks or months apart and the steps between them vary. Notes kept by the calendar
(a stand-up's working days, a journal, a weekly notebook) head each section with a date
alone, and step from one to the next by a day, a few days or a week. Counting those
sections as releases would state a wrong count in the voice of an exact one; where the
steps cannot tell a fast release train from a diary, no count is stated.

A part of a split file sees only some of the steps, so its group of dated headings
carries its own (how many are a week or less, its first and last day) and a fold adds
them up with the step across each cut: the whole is read as a diary exactly when a leaf
over the whole file would. A group with a heading that is not a date alone carries no
days, and nothing it is merged with is a diary.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from itertools import pairwise

from gapless.engine.core.releases import HeadingGroup

__all__ = ["calendar_pages", "diary", "joined", "with_steps"]

_MIN_STEPS = 2  # steps between headings needed to tell (two dates: maybe a quick fix)
_SHARE = 0.75  # the share of steps a week or less: a holiday or a trip may skip pages
_WEEK = 7


def _short(step: int) -> bool:
    return 1 <= step <= _WEEK


def with_steps(g: HeadingGroup, days: Sequence[dt.date | None]) -> HeadingGroup:
    """Date group ``g`` with the steps between its headings' ``days`` (in file order; None
    for a heading that is not a date alone, or names no day): ``steps`` those of a day to
    a week, ``span`` the first and last day's ordinals; ``g`` as it is when a heading is
    no page (its steps matter to no fold)."""
    if not days or any(d is None for d in days):
        return g
    known = [d for d in days if d is not None]
    steps = sum(1 for a, b in pairwise(known) if _short(abs((b - a).days)))
    return g.model_copy(update={"steps": steps,
                                "span": [known[0].toordinal(), known[-1].toordinal()]})


def joined(before: HeadingGroup, after: HeadingGroup) -> dict[str, int | list[int]]:
    """The steps of two parts' groups of one date shape (in file order) as one's, the step
    across the cut added: the fields to update the merged group with."""
    if not before.span or not after.span:
        return {"steps": 0, "span": []}
    across = _short(abs(after.span[0] - before.span[1]))
    return {"steps": before.steps + after.steps + across,
            "span": [before.span[0], after.span[1]]}


def diary(g: HeadingGroup) -> bool:
    """Whether a date group's headings (:func:`with_steps`) are a calendar's pages: every
    one a date alone, and most steps between neighbours a day to a week."""
    total = g.count - 1  # (the steps between its headings)
    return (g.token == "D" and bool(g.span) and total >= _MIN_STEPS
            and g.steps >= _SHARE * total)


def calendar_pages(days: Sequence[dt.date | None]) -> bool:
    """Whether headings of one date shape (their days, None for one that is not a date
    alone) are a diary's pages."""
    return diary(with_steps(HeadingGroup(shape="", token="D", count=len(days)), days))
