"""Changelog releases read by their markup's structure: a fenced code block's lines are no
headings; headings naming a version inside another shape's releases are their sections; a
numbered sub-section ("### 1.1") is no release; a YAML sequence of dated records is a list
of releases; a release's date may open its first section ("| Release Date: …" under
"Release Summary")."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_fences import fenced_lines
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
)
from tests.support.changelogs import release_count


def _count(text: str) -> int:
    return release_count(text)[0]


def test_fenced_lines_are_code_and_a_part_opening_inside_a_block_is_told() -> None:
    lines = ["# 1.0", "```yaml", "# Prettier 0.9", "```", "text", "~~~", "# x", "~~~"]
    assert fenced_lines(lines) == frozenset({1, 2, 3, 5, 6, 7})
    # a part cut inside a block: a bare fence, then an opener with an info string
    cut = ["# Prettier 0.9", "```", "# 1.0", "```sh", "# 2.0", "```"]
    assert fenced_lines(cut) == frozenset({0, 1, 3, 4, 5})
    assert fenced_lines(["no fences"]) == frozenset()
    # a block inside a list item ends with the item, at a line indented less than its fence
    assert fenced_lines(["- a:", "  ```json", "  {}", "## 2.0", "", "text"]) == frozenset({1, 2})
    # only bare fences: whether a part opened inside a block, nothing tells; none is code
    assert fenced_lines(["x", "```", "# 1.0", "```"]) == frozenset()


def test_comments_in_fenced_examples_are_not_releases() -> None:
    text = "".join(
        f"# {v}\n\n[diff](https://x/compare/{p}...{v})\n\n#### Fix lists (#1 by @a)\n\n"
        f"```yaml\n# Input\nkey:   value\n\n# Prettier {p}\nkey:   value\n\n"
        f"# Prettier {v}\nkey: value\n```\n\n"
        for v, p in (("3.1.1", "3.1.0"), ("3.1.0", "3.0.3"), ("3.0.3", "3.0.2")))
    assert _count(text) == 3
    assert headline(heading_groups(text, 0)) == "Newest release: 3.1.1 (of 3 releases)."


def test_headings_naming_their_release_inside_it_are_its_sections() -> None:
    text = ""
    for v, p in (("v1.28.3", "v1.28.2"), ("v1.28.2", "v1.28.1"), ("v1.28.1", "v1.28.0")):
        text += (f"# {v}\n\n\n## Downloads for {v}\n\n### Source Code\n\nfilename | hash\n"
                 f"-------- | ----\n[k.tar.gz](https://x/{v}/k.tar.gz) | `ab`\n\n"
                 f"## Changelog since {p}\n\n## Changes by Kind\n\n- Fixed a thing.\n\n")
    assert _count(text) == 3
    assert headline(heading_groups(text, 0)) == "Newest release: v1.28.3 (of 3 releases)."


def test_a_series_heading_over_its_releases_is_still_a_group_not_sections() -> None:
    text = "".join(f"## {s}\n\n" + "".join(f"### {s}.{p} (2024-0{p + 1}-01)\n\n- Fix.\n\n"
                                          for p in (2, 1, 0))
                   for s in ("2.1", "2.0"))
    assert _count(text) == 6


def test_numbered_sections_are_not_releases() -> None:
    text = ("# Changes to Foo in Version 1.11.1\n\n* Pin a value.\n\n"
            "# Changes to Foo in Version 1.11.0\n\n## 1 Compatibility\n\n### 1.1 Security\n\n"
            "Text.\n\n### 1.2 Java\n\nText.\n\n## 2 Features\n\n### 2.1 Maps\n\nText.\n\n"
            "# Changes to Foo in Version 1.10.0\n\n## 1 Fixes\n\n### 1.1 Compiler\n\nText.\n")
    assert _count(text) == 3
    assert headline(heading_groups(text, 0)) == \
        "Newest release: Changes to Foo in Version 1.11.1 (of 3 releases)."


def test_a_yaml_sequence_of_dated_records_is_a_list_of_releases() -> None:
    text = "".join(f"- version: '2.{k}'\n  date: 2023-11-{k:02d}\n  changes:\n"
                   f"    - type: bug\n      pull: {k}\n      message: >-\n"
                   f"        Fix a regression in 2.{k - 1}.\n" for k in (10, 11, 12))
    assert _count(text) == 3
    assert headline(heading_groups(text, 0)) == \
        "Newest release: 2.12, 2023-11-12 (of 3 releases)."
    # records of a version with no date among their fields are no releases
    deps = "".join(f"- version: '1.{k}'\n  name: dep{k}\n" for k in range(3))
    assert chosen(heading_groups(deps, 0)) is None


def test_a_date_noted_under_the_first_section_title_dates_the_release() -> None:
    text = ""
    for v, d in (("v2.16.2", "2023-12-11"), ("v2.16.1", "2023-12-04"),
                 ("v2.16.0", "2023-11-06")):
        text += (f"{v}\n{'=' * len(v)}\n\nRelease Summary\n---------------\n\n"
                 f"| Release Date: {d}\n| `Porting Guide <https://x>`__\n\n\n"
                 "Bugfixes\n--------\n\n- fix a thing.\n\n")
    assert _count(text) == 3
    assert headline(heading_groups(text, 0)) == \
        "Newest release: v2.16.2, 2023-12-11 (of 3 releases)."
