"""Releases underlined alike in two wordings (a major's "changes for version 8 (date):"
beside its bugfix releases' "bugs fixed for version 8.4.0 (date):"): the shape that
counts one wording states no count of the whole; headings of one wording still count."""

from __future__ import annotations

from gapless.engine.core.releases import LOST
from gapless.engine.extractive.kinds.changelog_releases import heading_groups
from tests.support.changelogs import release_count


def _heading(title: str) -> str:
    return f"{title}\n{'-' * len(title)}\n\n### Improvements and fixes\n\n- Fix the parser.\n\n"


def _news(major: str) -> str:
    text = "Summary of important user-visible changes\n" + "=" * 42 + "\n\n"
    for v, d in (("3.4.0", "2023-09-22"), ("3.3.0", "2023-07-18"), ("3.2.0", "2023-05-08")):
        text += _heading(f"Summary of bugs fixed for version {v} ({d}):")
    text += _heading(major)
    for v, d in (("2.3.0", "2022-09-19"), ("2.2.0", "2022-05-30")):
        text += _heading(f"Summary of bugs fixed for version {v} ({d}):")
    return text


def test_a_major_underlined_in_other_words_leaves_no_count() -> None:
    groups = heading_groups(
        _news("Summary of important user-visible changes for version 3 (2023-01-08):"), 0)
    assert [g.token for g in groups] == [LOST]


def test_one_wording_still_counts() -> None:
    assert release_count(_news("Summary of bugs fixed for version 3.1.0 (2023-01-08):")) == (6, 0)


def test_an_undated_line_underlined_alike_is_no_release() -> None:
    assert release_count(_news("Notes on the upgrade to version 3")) == (5, 0)


def test_a_part_holding_one_release_of_each_wording_leaves_no_count() -> None:
    part = (_heading("Summary of important user-visible changes for version 3 (2023-01-08):")
            + _heading("Summary of bugs fixed for version 2.3.0 (2022-09-19):"))
    assert [g.token for g in heading_groups("\n" + part, 4096)] == [LOST]


def test_the_document_title_underlined_alike_is_no_release() -> None:
    title = "Widget 3.4.0 release notes (2023-09-22)"
    text = _heading(title).replace("### Improvements and fixes\n\n- Fix the parser.\n\n", "")
    text += _news("Summary of bugs fixed for version 3.1.0 (2023-01-08):").split("\n", 3)[3]
    assert release_count(text) == (6, 0)
