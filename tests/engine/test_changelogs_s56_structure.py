"""Releases found by structure in the tenth strangers' pass: a date line opening a
release's body is its note though it names its branch's version after the date, and a date
left to fill in with the century written ("?? ??? 20XX") is a release not out yet; a
heading over a list of its series' bare versions is a group, its entries the releases; a
list of undated JSON records, each with one version field under the same key, running one
way, is a release list."""

from __future__ import annotations

import json

from gapless.engine.core.releases import LOST
from gapless.engine.extractive.kinds.changelog_json_versions import json_version_list_groups
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
)
from tests.support.changelogs import release_count


def _svn(version: str, when: str) -> str:
    branch = ".".join(version.split(".")[:2]) + ".x"
    return (f"Version {version}\n({when}, from /branches/{branch})\n"
            f"https://svn.example.org/repos/asf/widget/tags/{version}\n\n"
            " User-visible changes:\n  - Client-side bugfixes:\n"
            "    * Fix the parser when the input is empty (r1901234)\n\n\n")


def test_a_dated_note_naming_its_branch_dates_the_release_and_a_hole_marks_it_unreleased(
) -> None:
    text = (_svn("1.15.0", "?? ??? 20XX") + _svn("1.14.3", "20 Dec 2023")
            + _svn("1.14.2", "12 Apr 2022") + _svn("1.14.1", "10 Feb 2021"))
    assert release_count(text) == (3, 1)
    assert headline(heading_groups(text, 0)).startswith(
        "Newest release: Version 1.14.3, 20 Dec 2023")


def test_a_line_naming_a_version_after_other_words_is_no_date_note() -> None:
    # a body line that names a version first is an item, not a note of the date
    text = "".join(f"Version 2.{n}.0\nUpgrade from 2.{n - 1}.0 on 2023-0{n}-01 is safe.\n\n"
                   for n in (4, 3, 2))
    g = chosen(heading_groups(text, 0))
    assert g is not None and g.count == 3
    assert all(not m.date for m in g.first)


def _index(series: dict[str, list[str]]) -> str:
    text = "Release notes\n=============\n\nEach release note tells what is new.\n\n"
    for name, entries in series.items():
        title = f"{name} release"
        text += f"{title}\n{'-' * len(title)}\n.. toctree::\n   :maxdepth: 1\n\n"
        text += "".join(f"   {e}\n" for e in entries) + "\n"
    return text


def test_a_heading_over_a_list_of_its_series_versions_is_a_group_of_releases() -> None:
    text = _index({"4.2": ["4.2.2", "4.2.1", "4.2"], "4.1": ["4.1.1", "4.1"], "4.0": ["4.0"],
                   "3.2": ["3.2.1", "3.2"]})
    assert release_count(text) == (8, 0)
    assert headline(heading_groups(text, 0)) == "Newest release: 4.2.2 (of 8 releases)."


def test_an_entry_of_another_series_or_prose_keeps_the_heading_a_release() -> None:
    # "3.9" under "4.2 release": no list of the heading's series
    text = _index({"4.2": ["3.9"], "4.1": ["3.8"], "4.0": ["3.7"]})
    g = chosen(heading_groups(text, 0))
    assert g is not None and g.count == 3 and g.first[0].title == "4.2 release"


def test_a_part_cut_inside_a_group_states_no_count() -> None:
    text = _index({"4.2": ["4.2.2", "4.2.1", "4.2"], "4.1": ["4.1.1", "4.1"],
                   "4.0": ["4.0.1", "4.0"]})
    lines = text.split("\n")
    heading = lines.index("4.0 release")
    # a part that ends under a heading before its entries, and one that opens among entries
    assert [g.token for g in heading_groups("\n".join(lines[:heading + 3]), 0)] == [LOST]
    assert [g.token for g in heading_groups("\n".join(lines[10:]), 0)] == [LOST]


def _updates(versions: list[str], **extra: str) -> str:
    return json.dumps({"addons": {"widget@example.org": {"updates": [
        {"version": v, "update_link": f"https://example.org/widget-{v}.xpi",
         "applications": {"gecko": {"strict_min_version": "91.0"}}, **extra}
        for v in versions]}}}, indent=2)


def test_a_list_of_undated_json_version_records_is_a_release_list() -> None:
    versions = ["1.0.0", "1.0.1", "1.1.0", "1.2.0", "2.0.0-rc.1", "2.0.0"]
    groups = json_version_list_groups(_updates(versions), 0)
    assert [(g.count, g.last.version if g.last else "") for g in groups] == [(6, "2.0.0")]
    assert headline(heading_groups(_updates(versions), 0)) == \
        "Newest release: 2.0.0 (of 6 releases)."


def test_json_version_records_out_of_order_repeated_dated_or_cut_are_no_release_list(
) -> None:
    assert json_version_list_groups(_updates(["1.2.0", "1.0.0", "1.3.0", "1.1.0", "2.0.0"]),
                                    0) == []  # a bill of materials: no order
    assert json_version_list_groups(_updates(["1.0.0", "1.1.0", "1.1.0", "1.2.0", "1.3.0"]),
                                    0) == []
    assert json_version_list_groups(_updates(["1.0.0", "1.1.0", "1.2.0", "1.3.0"]),
                                    0) == []  # four: a few versions, maybe a range's
    # dated records are the dated reader's; a part of the file holds no whole list
    dated = _updates(["1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0"], published="2023-01-05")
    assert json_version_list_groups(dated, 0) == []
    whole = _updates(["1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0", "1.5.0"])
    assert json_version_list_groups(whole[: len(whole) // 2], 0) == []
    # two version fields in each record (a page's lower and upper ends): none is the release
    pages = json.dumps({"items": [{"lower": f"1.{n}.0", "upper": f"1.{n}.9"}
                                  for n in range(6)]})
    assert json_version_list_groups(pages, 0) == []


def _centred(version: str) -> str:
    return ("                        Apache Widget Lib\n"
            f"                           Version {version}\n"
            "                          Release Notes\n\n\nINTRODUCTION:\n\n"
            f"This document contains the release notes for the {version} version.\n"
            "Lib 3.9 and onwards now targets Java 8, making use of features of Java 8.\n\n"
            "Fixed Bugs\n----------\n\no  LIB-1705: Fix the parser. Thanks to Jane.\n\n"
            + "=" * 77 + "\n\n")


def test_a_centred_title_block_names_its_release() -> None:
    text = "".join(_centred(v) for v in ("3.14.0", "3.13.0", "3.12.1", "3.12.0"))
    assert release_count(text) == (4, 0)
    assert headline(heading_groups(text, 0)) == \
        "Newest release: Version 3.14.0 (of 4 releases)."


def test_indented_lines_of_one_indent_or_apart_are_no_centred_title() -> None:
    # a code block's lines share their indent; a lone indented line is a body's line
    code = "".join(f"Changes\n\n        pip install widget=={v}\n        widget --check\n\n"
                   for v in ("1.3.0", "1.2.0", "1.1.0"))
    assert chosen(heading_groups(code, 0)) is None
    lone = "".join(f"Notes\n\n                           Version {v}\n\ntext\n\n"
                   for v in ("1.3.0", "1.2.0", "1.1.0"))
    assert chosen(heading_groups(lone, 0)) is None


def test_messages_stamped_in_seconds_since_1970_are_no_releases() -> None:
    # a chat export's messages carry their stamp as dotted seconds ("1714550000.000059"):
    # distinct, in order, one to a record, they had been read as 60 releases
    messages = [{"type": "message", "user": f"U0{n % 3}", "text": f"message {n}",
                 "ts": f"{1714550000 + 97 * n}.{n:06d}"} for n in range(60)]
    text = json.dumps(messages, indent=1)
    assert json_version_list_groups(text, 0) == []
    assert chosen(heading_groups(text, 0)) is None
    dated = [{**m, "date": "2024-05-01"} for m in messages]  # the dated reader's too
    assert chosen(heading_groups(json.dumps(dated, indent=1), 0)) is None
