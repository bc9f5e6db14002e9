"""Changelog headings read by their markup's grammar: an ATX heading's inline HTML tags are
markup, not its text; a heading's closing sequence ("## 7.1.2 ##", "== 3.2.1 ==") is not
part of the release the headline names; a heading naming the development line ("dev")
above the releases is the section not released yet."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_html import as_atx
from gapless.engine.extractive.kinds.changelog_releases import (
    heading_groups,
    headline,
)
from tests.support.changelogs import release_count


def test_inline_tags_in_an_atx_heading_are_markup() -> None:
    assert as_atx("## <small>[1.2.3](https://x/compare/v1.2.2...v1.2.3) (2024-01-05)</small>"
                  ) == "## [1.2.3](https://x/compare/v1.2.2...v1.2.3) (2024-01-05)"
    assert as_atx("## 1.2.3 <https://x/y>") == "## 1.2.3 <https://x/y>"  # an autolink
    assert as_atx("## <br/>") == "## <br/>"  # nothing but tags: left as it is


def test_small_patch_headings_and_plain_minor_headings_are_one_shape() -> None:
    text = ""
    for k, (v, small) in enumerate([("2.1.1", True), ("2.1.0", False), ("2.0.2", True),
                                    ("2.0.1", True), ("2.0.0", False), ("1.9.0", False)]):
        head = (f"## <small>[{v}](https://x/compare/a...v{v}) (2024-0{6 - k}-05)</small>"
                if small else f"## {v} (2024-0{6 - k}-05)")
        text += f"{head}\n\n* fix: a thing\n\n"
    assert release_count(text)[0] == 6
    assert headline(heading_groups(text, 0)).startswith("Newest release: [2.1.1]")


def test_a_closing_sequence_is_not_in_the_headline() -> None:
    atx = "".join(f"## Rails {v} (May 1, 2024) ##\n\n*   Fixed.\n\n" for v in
                  ("7.1.2", "7.1.1", "7.1.0"))
    assert headline(heading_groups(atx, 0)) == \
        "Newest release: Rails 7.1.2 (May 1, 2024) (of 3 releases)."
    adoc = "".join(f"== {v} (2024-01-0{3 - k}) ==\n\n* Fixed.\n\n" for k, v in
                   enumerate(("3.2.1", "3.2.0", "3.1.0")))
    assert headline(heading_groups(adoc, 0)) == \
        "Newest release: 3.2.1 (2024-01-03) (of 3 releases)."


def test_a_dev_heading_above_the_releases_is_unreleased() -> None:
    text = "Release History\n===============\n\ndev\n---\n\n- Something new.\n\n"
    for v in ("2.31.0", "2.30.0", "2.29.0"):
        title = f"{v} (2023-05-22)"
        text += f"{title}\n{'-' * len(title)}\n\n**Bugfixes**\n\n- Fixed.\n\n"
    assert release_count(text) == (3, 1)
