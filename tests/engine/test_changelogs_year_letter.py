"""A release versioned by its year and a letter, the year's releases lettered in turn
("Release 2023d - 2023-12-22 21:40:59 -0800"), is read as a version where the heading
dates it after that word; undated, or in prose, a year with a letter names no release."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_RELEASES = [("2023d", "2023-12-22"), ("2023c", "2023-03-28"), ("2023b", "2023-03-23"),
             ("2023a", "2023-03-22"), ("2022g", "2022-11-29")]


def _news(dated: bool = True) -> str:
    out = ["News for the tz database", "", "Unreleased, experimental changes", "",
           "  Briefly:", "    The leap second file is now the default.", ""]
    for v, d in _RELEASES:
        out += [f"Release {v}" + (f" - {d} 21:40:59 -0800" if dated else ""), "",
                "  Briefly:", f"    Asia/Gaza springs forward on {d[:4]}-03-30.", ""]
    return "\n".join(out)


def test_a_dated_year_and_letter_is_a_release() -> None:
    text = _news()
    assert release_count(text) == (len(_RELEASES), 1)
    assert headline(heading_groups(text, 0)).startswith("Newest release: Release 2023d - ")


def test_undated_it_is_no_version() -> None:
    assert not [g for g in heading_groups(_news(dated=False), 0) if g.count]
