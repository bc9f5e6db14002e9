"""Sections each named by the release before them ("## Changes since Widget v2.42.0
(date)"), the newest release named by the document's title alone: the title's release is
the newest, dated by its note; the count stays the sections'."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def _notes(title: str) -> str:
    rels = [("2.43.0", "November 20th 2023"), ("2.42.0(2)", "August 30th 2023"),
            ("2.42.0", "August 21st 2023"), ("2.41.0", "June 1st 2023"),
            ("2.40.1", "April 25th 2023")]
    out = f"# {title}\nLatest update: December 12th 2023\n\n## Introduction\n\n" \
          "These release notes describe issues specific to this release.\n\n"
    for version, day in rels:
        out += (f"## Changes since Widget for Windows v{version} ({day})\n\n"
                "### New Features\n\n* Comes with a newer parser.\n\n"
                "### Bug Fixes\n\n* Fix the cache under heavy load.\n\n")
    return out


def test_a_title_newer_than_every_heading_names_the_newest_release() -> None:
    text = _notes("Widget for Windows v2.43.1 Release Notes")
    assert release_count(text) == (5, 0)
    assert headline(heading_groups(text, 0)) == (
        "Newest release: Widget for Windows v2.43.1 Release Notes, December 12th 2023 "
        "(of 5 releases).")


def test_a_title_naming_no_newer_version_is_left_as_it_is() -> None:
    text = _notes("Widget for Windows v2.40.0 Release Notes")  # an older version
    assert headline(heading_groups(text, 0)) == (
        "Newest release: v2.43.0, November 20th 2023 (of 5 releases).")
