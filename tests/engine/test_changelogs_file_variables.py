"""An editor's file variables on the first line ("-*- coding: utf-8; -*-") are no text a
reader sees: the release heading right under them opens the text, set off like a first
line, and is the newest release, not lost to the line above it."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import news, release_count


def test_a_heading_under_file_variables_is_the_newest_release() -> None:
    text = news("-*- coding: utf-8; -*-")
    assert release_count(text) == (8, 0)
    assert headline(heading_groups(text, 0)).startswith(
        "Newest release: changes in foo-2.3.8 relative to foo-2.3.7:")


def test_a_line_of_text_above_it_still_joins_it_to_a_paragraph() -> None:
    assert release_count(news("Notes on the foo compiler:")) == (7, 0)
