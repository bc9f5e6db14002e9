"""A heading whose version ends in a letter standing for any number ("Widget 1.21.x")
names a series that holds releases, not a release: its releases are the lines under it
that name whole versions, and the series is never counted among them."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_headings import candidate
from tests.support.changelogs import release_count


def _news() -> str:
    out = "Widget changelog\n================\n\n"
    rels = [("1.21", ["2023-10-16", "2023-08-01"]), ("1.20", ["2023-07-19", "2023-05-05"]),
            ("1.19", ["2023-04-02", "2023-02-01"])]
    for series, days in rels:
        title = f"Widget {series}.x"
        out += f"{title}\n{'-' * len(title)}\n\n"
        for k, day in enumerate(days):
            out += (f'**{day}  -  Widget {series}.{1 - k}  -  "Steady"**\n\n'
                    "- Fixes\n  * Fix the cache under heavy load.\n\n")
    return out


def test_a_series_heading_is_no_release_candidate() -> None:
    assert candidate(["Widget 1.21.x", "--------------"], 0) is None
    assert candidate(["## 3.X", ""], 0) is None
    assert candidate(["## 3.2.1 (2023-01-05)", ""], 0) is not None


def test_releases_under_series_headings_count_once_each() -> None:
    assert release_count(_news()) == (6, 0)
