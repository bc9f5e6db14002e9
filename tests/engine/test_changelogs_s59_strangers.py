"""The thirteenth strangers' pass: the section after the newest release named by that
release's version alone is not released yet (of the releases' shape or another), and a
release's date field holding question marks alone is a date left to fill in."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
    merged_groups,
)
from gapless.engine.extractive.kinds.registry import summarize
from tests.support.changelogs import release_count


def _underlined(title: str, rule: str = "-") -> str:
    return f"{title}\n{rule * len(title)}\n\n"


def _from_to(names: list[str], top: str) -> str:
    """A NEWS file of "Changes from A to B" sections (newest first) under ``top``."""
    text = "ZSH-like NEWS\n\n" + _underlined(top) + "Options were refined.\n\n"
    for prev, cur in zip(names[1:], names, strict=False):
        text += _underlined(f"Changes from {prev} to {cur}") + (
            f"Release {cur} is a bug fix release; see the README.\n\n"
            "  % zstyle ':completion:*' list-colors\n\n")
    return text


def test_a_section_named_after_the_newest_release_is_not_released() -> None:
    names = ["5.9", "5.8.1", "5.8", "5.7.1-test-3", "5.7.1", "5.7"]
    text = _from_to(names, "Changes since 5.9")
    assert release_count(text) == (5, 1)
    assert headline(heading_groups(text, 0)).startswith(
        "Newest release: Changes from 5.8.1 to 5.9 (of 5")
    # split under the top section: the whole still counts it apart, the releases alike
    cut = text.index("Changes from 5.8 to 5.8.1")
    merged = merged_groups([summarize(text[:cut], 0), summarize(text[cut:], cut)])
    g = chosen(merged)
    assert g is not None and g.count == 5 and g.unreleased is not None
    # a top naming both versions is a release (tmux's "CHANGES FROM 3.7c TO 3.8"), and
    # one naming an older version than the release below it is none of this
    assert release_count(_from_to(names, "Changes from 5.9 to 5.10")) == (6, 0)
    assert release_count(_from_to(names, "Changes since 5.8.1")) == (6, 0)


def test_the_section_after_a_dated_release_of_another_shape_is_not_released() -> None:
    rels = [("0.20.1", "2023-05-17"), ("0.20", "2023-05-04"), ("0.19", "2022-07-05"),
            ("0.18.1", "2021-11-23")]
    body = "* docutils/nodes.py\n\n  - Fix the parser when the input is empty.\n\n"
    text = (_underlined("Docutils History", "=") + ".. contents::\n\n"
            + _underlined("Changes since 0.20.1", "=") + body
            + "".join(_underlined(f"Release {v} ({d})", "=") + body for v, d in rels))
    assert release_count(text) == (4, 1)
    # undated releases under it: two sections of one release, or a release, nothing tells
    plain = (_underlined("Docutils History", "=") + _underlined("Changes since 0.20.1", "=")
             + body + "".join(_underlined(f"Release {v}", "=") + body for v, _ in rels))
    assert release_count(plain) == (4, 0)


def test_a_date_of_release_left_as_question_marks_is_not_released() -> None:
    def section(version: str, when: str) -> str:
        return (f"[[release-notes-{version}]]\n== {version}\n\n*Date of Release:* {when}\n\n"
                f"*Scope:* Bug fixes\n\n=== JUnit Platform\n\n* Fix the launcher.\n\n")
    text = "= Release Notes\n\n" + section("5.11.0-M1", "❓") + "".join(
        section(v, d) for v, d in [("5.10.1", "November 5, 2023"),
                                   ("5.10.0", "July 23, 2023"),
                                   ("5.9.3", "April 26, 2023")])
    assert release_count(text) == (3, 1)
    assert headline(heading_groups(text, 0)) == (
        "Newest release: 5.10.1, November 5, 2023 (of 3 releases).")
    assert release_count(text.replace("❓", "?")) == (3, 1)
    assert release_count(text.replace("❓", "Why? Because")) == (4, 0)


def _batches() -> str:
    """A monorepo's CHANGELOG: batches headed by their date alone over a section per
    package, each naming the package's version (more sections than batches)."""
    batches = [("2024-01-09", [("firebase_core", "2.24.2"), ("cloud_firestore", "4.14.0"),
                               ("firebase_remote_config", "4.3.9")]),
               ("2023-12-12", [("firebase_core", "2.24.1"), ("firebase_auth", "4.16.0")]),
               ("2023-11-28", [("cloud_firestore", "4.13.6"), ("firebase_auth", "4.15.3"),
                               ("firebase_remote_config", "4.3.8")]),
               ("2023-11-09", [("firebase_core", "2.24.0"), ("cloud_functions", "4.5.5")])]
    text = "# Change Log\n\nAll notable changes to this project will be documented here.\n\n"
    for day, pkgs in batches:
        text += f"## {day}\n\n### Changes\n\n---\n\nPackages with other changes:\n\n"
        text += "".join(f" - [`{p}` - `v{v}`](#{p}---v{v.replace('.', '')})\n"
                        for p, v in pkgs) + "\n---\n\n"
        text += "".join(f"#### `{p}` - `v{v}`\n\n - **FIX**: Fix the parser. ([a1b2c3d4]"
                        f"(https://github.com/o/r/commit/a1b2c3d4))\n\n" for p, v in pkgs)
    return text


def test_version_sections_under_batches_dated_alone_are_no_releases() -> None:
    text = _batches()
    assert release_count(text) == (4, 0)
    assert headline(heading_groups(text, 0)) == "Newest release: 2024-01-09 (of 4 releases)."
    # split so that a part holds package sections and no date heading: the fold still
    # leaves the sections out, marked by the parts that see them under their dates
    a = text.index("#### `cloud_firestore` - `v4.13.6`")
    b = text.index("## 2023-11-09")
    parts = [(0, a), (a, b), (b, len(text))]
    assert chosen(heading_groups(text[a:b], 0)) is not None  # (sections alone: counted)
    merged = merged_groups([summarize(text[i:j], i) for i, j in parts])
    g = chosen(merged)
    assert g is not None and g.token == "D" and g.count == 4
    # a date heading alone over one release heading each is no batch: the versions count
    single = "".join(f"## 2024-0{m}-01\n\n### 1.{m}.0\n\n- Fix the parser.\n\n"
                     for m in (4, 3, 2, 1))
    g = chosen(heading_groups(single, 0))
    assert g is not None and g.token == "V" and g.count == 4
