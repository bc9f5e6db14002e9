"""A section at the releases' heading level right above the newest release, naming no
version and no date, whose sub-headings are all ones the releases hold ("## Latest
Changes" over "### Docs", above "## 0.109.0" over "### Features", "### Docs"), gathers the
changes for the next release: counted apart as not released. A preamble's section whose
sub-headings no release has stays out of the count."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_RELEASES = "".join(
    f"## {v}\n\n### Features\n\n* ✨ Add a flag. PR [#1](https://x/1) by [@a](https://x/a).\n\n"
    f"### Docs\n\n* 📝 Fix a typo. PR [#2](https://x/2) by [@b](https://x/b).\n\n"
    for v in ("0.109.0", "0.108.1", "0.108.0"))


def test_a_section_filed_like_the_releases_above_them_is_not_released_yet() -> None:
    text = ("# Release Notes\n\n## Latest Changes\n\n### Docs\n\n"
            "* 📝 Update the tutorial. PR [#3](https://x/3) by [@c](https://x/c).\n\n"
            + _RELEASES)
    assert release_count(text) == (3, 1)
    assert headline(heading_groups(text, 0)) == "Newest release: 0.109.0 (of 3 releases)."


def test_a_preamble_section_with_sub_headings_no_release_has_is_none() -> None:
    text = ("# Release Notes\n\n## About this file\n\n### Installation\n\n"
            "Run pip install widget.\n\n" + _RELEASES)
    assert release_count(text) == (3, 0)
    # under the title directly, no section at the releases' level: nothing is gathered
    assert release_count("# Release Notes\n\n### Docs\n\nText.\n\n" + _RELEASES) == (3, 0)
