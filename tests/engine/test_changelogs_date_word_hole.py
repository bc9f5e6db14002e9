"""A word in a release heading's date place that says the date is not known yet ("## 1.4.0
- TBD", "## 1.4.0 (in progress)") marks the release not out yet: counted apart, in an
undated history too, where no dated release below tells it."""

from __future__ import annotations

import pytest

from tests.support.changelogs import release_count


def _history(top: str, dated: bool) -> str:
    text = f"# Changelog\n\n{top}\n\n- Fix a thing\n\n"
    for v, d in (("1.3.1", "2024-01-03"), ("1.3.0", "2023-12-01"), ("1.2.0", "2023-11-01")):
        text += f"## {v}" + (f" - {d}" if dated else "") + "\n\n- Fix the parser\n\n"
    return text


@pytest.mark.parametrize("top", ["## 1.4.0 - TBD", "## 1.4.0 (in progress)",
                                 "## [1.4.0] (TBA)", "## 1.4.0 \u2013 tbd"])
@pytest.mark.parametrize("dated", [True, False])
def test_a_placeholder_word_for_the_date_is_not_released_yet(top: str, dated: bool) -> None:
    assert release_count(_history(top, dated)) == (3, 1)


def test_the_words_elsewhere_in_a_heading_leave_it_a_release() -> None:
    # the word inside the title, not in the date's place: a release like the others
    assert release_count(_history("## 1.4.0 TBD parser rewrite", False)) == (4, 0)
    assert release_count(_history("## 1.4.0 (2024-02-01)", True)) == (4, 0)
