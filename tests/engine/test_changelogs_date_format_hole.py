"""A date left to fill in may have its year written and the rest still the format's
letters ("## [10.5.7] - 2024-MM-DD"): the release is not out yet, counted apart, however
few dated releases are under it (a small window's first part)."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_headings import DATE_HOLE
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def test_a_year_over_the_formats_letters_is_a_date_left_to_fill_in() -> None:
    assert DATE_HOLE.search("## [10.5.7] - 2024-MM-DD")
    assert DATE_HOLE.search("## 2.0.0 (YYYY-MM-DD)")
    assert not DATE_HOLE.search("## [10.5.6] - 2024-01-03")
    assert not DATE_HOLE.search("Fix the 2024-MMDD parser")


def test_a_release_dated_by_its_year_and_the_formats_letters_is_counted_apart() -> None:
    text = ("# Changes in Widget 10.5\n\nAll notable changes of the Widget 10.5 release "
            "series.\n\n## [10.5.2] - 2024-MM-DD\n\n### Fixed\n\n* [#5636](https://x/5636): "
            "Fix the parser\n\n## [10.5.1] - 2024-01-03\n\n### Fixed\n\n* Fix the cache\n\n"
            "## [10.5.0] - 2023-12-01\n\n### Added\n\n* Add a flag\n\n"
            "[10.5.2]: https://x/compare/10.5.1...10.5\n")
    assert release_count(text) == (2, 1)
    assert headline(heading_groups(text, 0)).startswith("Newest release: [10.5.1] - 2024-01-03")
