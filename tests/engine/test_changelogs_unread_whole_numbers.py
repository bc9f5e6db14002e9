"""A part holding only whole-number release headings, undated ("*** Changes in Foo 14"),
reports them apart with their lead: the fold counts them when the releases of their shape
in the other parts open with that lead (as a whole-file reading, which learns the lead from
the dotted versions), leaves them out when those open otherwise, and states no count when
their names were cut to fit."""

from __future__ import annotations

from gapless.engine.core.extraction import Extraction
from gapless.engine.core.releases import LOST, UNREAD, HeadingGroup, leaner
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    merged_groups,
)
from tests.support.changelogs import release_count

_NEW = ["14", "13", "12", "11", "10"]
_OLD = ["9", "8.3", "8.2", "8.1", "7.12", "7.11"]


def _sections(heads: list[str]) -> str:
    out = []
    for head in heads:
        out += [f"*** {head}", "", "* Fix the parser.", "", "* New commands", "",
                "info frames", "  Show the frames.", ""]
    return "\n".join(out) + "\n"


def _parts(old_lead: str = "Changes in Foo") -> tuple[str, str]:
    top = "\t\tWhat has changed in Foo?\n\t     (Organized release by release)\n\n"
    first = top + _sections(["Changes since Foo 14"] + [f"Changes in Foo {v}" for v in _NEW])
    return first, _sections([f"{old_lead} {v}" for v in _OLD])


def _folded(first: str, second: str) -> list[HeadingGroup]:
    return merged_groups([Extraction(releases=heading_groups(first, 0)),
                          Extraction(releases=heading_groups(second, len(first)))])


def test_the_whole_file_counts_them_under_the_lead() -> None:
    first, second = _parts()
    assert release_count(first + second) == (len(_NEW) + len(_OLD), 1)


def test_a_part_of_whole_numbers_alone_reports_them_unread() -> None:
    first, _ = _parts()
    groups = heading_groups(first, 0)
    assert [g.token for g in groups] == [UNREAD]
    assert groups[0].count == len(_NEW) and groups[0].lead == "Changes in Foo "
    assert chosen(groups) is None  # (no count of its own)


def test_the_fold_counts_them_when_the_releases_share_their_lead() -> None:
    g = chosen(_folded(*_parts()))
    assert g is not None
    assert (g.count, g.unreleased is not None) == (len(_NEW) + len(_OLD), True)
    assert g.first[0].title == "Changes in Foo 14"


def test_releases_of_another_lead_leave_them_out() -> None:
    first, second = _parts(old_lead="Notes on Foo")
    assert release_count(first + second) == (len(_OLD), 0)
    g = chosen(_folded(first, second))
    assert g is not None and g.count == len(_OLD)


def test_their_names_cut_to_fit_leave_no_count() -> None:
    first, second = _parts()
    bare = heading_groups(second, len(first))
    while (lean := leaner(bare, keep="names")) is not None:
        bare = lean
    bare = [b.model_copy(update={"first": [], "last": None}) for b in bare]
    folded = merged_groups([Extraction(releases=heading_groups(first, 0)),
                            Extraction(releases=bare)])
    assert any(g.token == LOST for g in folded)
