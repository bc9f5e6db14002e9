"""Changelog shapes found by bench/heldout_changelogs.py's eighth pass, each with a small
sample written as its tool writes it: the count stated is exact (or none), the newest
release named, and a file cut at random lines states the whole's count or none."""

from __future__ import annotations

import json
import random

import pytest

from gapless.engine.extractive.kinds.changelog_field_version import is_field_version
from gapless.engine.extractive.kinds.changelog_json import member_value
from gapless.engine.extractive.kinds.changelog_releases import (
    UNCOUNTED,
    chosen,
    heading_groups,
    releases_line,
)
from gapless.engine.extractive.kinds.changelog_version_list import version_list_groups
from tests.support.helpers import count_when_cut, counted_and_named, cut_at_random


def _gem(number: str, day: str) -> dict[str, object]:
    return {"authors": "Ada Lovelace", "built_at": f"{day}T00:00:00.000Z",
            "created_at": f"{day}T14:15:21.945Z", "number": number, "platform": "ruby",
            "prerelease": ".rc" in number or ".beta" in number,
            "ruby_version": ">= 2.7.0", "licenses": ["MIT"]}


# RubyGems.org's versions API: pre-releases set off by a dot ("3.0.0.rc1")
GEMS = json.dumps([_gem(n, d) for n, d in [
    ("3.0.1", "2023-04-02"), ("3.0.0", "2023-03-01"), ("3.0.0.rc2", "2023-02-14"),
    ("3.0.0.beta.1", "2023-01-20"), ("2.4.1", "2022-11-30"), ("2.4.0", "2022-10-01")]],
    indent=1)

# a Maven repository's maven-metadata.xml: undated versions, oldest first
MAVEN_METADATA = """<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>com.acme</groupId>
  <artifactId>widget-core</artifactId>
  <versioning>
    <latest>1.3.0</latest>
    <release>1.3.0</release>
    <versions>
      <version>1.0.0</version>
      <version>1.0.1</version>
      <version>1.1.0</version>
      <version>1.2.0.RELEASE</version>
      <version>1.3.0</version>
    </versions>
    <lastUpdated>20231205093012</lastUpdated>
  </versioning>
</metadata>
"""


@pytest.mark.parametrize(("text", "count", "newest"), [
    (GEMS, 6, "3.0.1, 2023-04-02"),
    (MAVEN_METADATA, 5, "1.3.0"),
], ids=["rubygems-versions", "maven-metadata"])
def test_the_count_is_exact_and_the_newest_named(text: str, count: int, newest: str) -> None:
    counted_and_named(text, count, False, newest)


@pytest.mark.parametrize("text", [GEMS, MAVEN_METADATA],
                         ids=["rubygems-versions", "maven-metadata"])
def test_cut_at_random_lines_states_the_whole_count_or_none(text: str) -> None:
    whole = chosen(heading_groups(text, 0))
    assert whole is not None
    for cuts, g in cut_at_random(text, 200):
        assert g is None or g.count == whole.count, cuts


def test_a_field_version_may_set_its_pre_release_off_by_a_dot() -> None:
    assert all(is_field_version(v) for v in ("7.1.0.rc1", "2.0.0.beta.2", "5.3.0.RELEASE",
                                              "1.2.3", "v2.0.0-rc.1"))
    assert not any(is_field_version(v) for v in ("1.0.0_rc1", "widget-1.2.tar.gz", "1.2.",
                                                  "release 1.2.3"))


def test_a_list_whose_records_read_only_in_part_states_no_count() -> None:
    """A dated record whose version no rule reads, among records: the count of the others
    would be short; none is stated."""
    records = json.loads(GEMS)
    records[2]["number"] = "3.0.0_rc2"
    assert releases_line(heading_groups(json.dumps(records, indent=1), 0)) == UNCOUNTED


def test_version_leaves_in_no_run_are_no_releases() -> None:
    """A build file's versions, one to a parent among other fields, two in a range, a few
    a page supports, or a run out of order: no release list."""
    pom = "<project>\n  <dependencies>\n" + "".join(
        f"    <dependency>\n      <groupId>org.acme</groupId>\n      <artifactId>lib{k}"
        f"</artifactId>\n      <version>1.{k}.0</version>\n    </dependency>\n"
        for k in range(6)) + "  </dependencies>\n</project>\n"
    pair = "<range>\n  <version>1.0.0</version>\n  <version>2.0.0</version>\n</range>\n"
    shuffled = "<supported>\n" + "".join(
        f"  <version>{v}</version>\n" for v in ("3.9", "3.11", "3.10", "3.12", "3.13", "3.8")) + "</supported>\n"
    few = "<ul>\n" + "".join(f"  <li>3.{k}</li>\n" for k in range(9, 13)) + "</ul>\n"
    for text in (pom, pair, few, shuffled):
        assert version_list_groups(text, 0) == []
        assert chosen(heading_groups(text, 0)) is None


def test_a_run_cut_by_a_part_is_counted_by_none() -> None:
    """A part holding only some of the run's leaves (its parent's tags outside) counts
    none of them."""
    cut = MAVEN_METADATA.index("      <version>1.1.0")
    assert version_list_groups(MAVEN_METADATA[:cut], 0) == []
    assert version_list_groups(MAVEN_METADATA[cut:], cut) == []


def _crate(num: str, day: str, yanked: bool) -> dict[str, object]:
    base = f"/api/v1/crates/widget/{num}"
    return {"id": 265301, "crate": "widget", "num": num, "dl_path": f"{base}/download",
            "created_at": f"{day}T10:11:12.345678+00:00", "yanked": yanked,
            "features": {"default": ["std"], "std": []},
            "published_by": {"login": "octocat", "name": "Octo \"the\" Cat \\ Esq."},
            "rust_version": "1.60", "license": "MIT OR Apache-2.0"}


# crates.io's versions API as it answers: one line, its version field "num", another
# version field ("rust_version") after it, escaped quotes in a string
CRATES = json.dumps({"versions": [_crate(f"1.{9 - k}.{k % 3}", f"2023-0{9 - k}-1{k}", k == 4)
                                  for k in range(9)],
                     "meta": {"total": 9, "next_page": None}})


def test_a_one_line_json_cut_anywhere_states_the_whole_count_or_none() -> None:
    """Cut at any character (inside a string, a key, a number, an escape), 1-5 times: the
    count is the whole's or none, and most cuts state it."""
    assert "\n" not in CRATES
    whole = chosen(heading_groups(CRATES, 0))
    assert whole is not None and whole.count == 9
    told = [g for _, g in cut_at_random(CRATES, 300, anywhere=True)]
    assert all(g is None or g.count == 9 for g in told)
    assert sum(g is not None for g in told) > 250


@pytest.mark.parametrize("inside", ['"num": "1.', '"num": "1.9.0', '"nu', '"num":'])
def test_a_version_cut_in_two_is_read_whole(inside: str) -> None:
    """The cut falls in the first record's version (or its key): the fold joins the two
    halves and counts it, named by its own version (not "1.60", a later field's)."""
    at = CRATES.index('"num": "1.9.0"') + len(inside)
    g = count_when_cut(CRATES, [at], random.Random(0))
    assert g is not None and g.count == 9
    assert g.first[0].version == "1.9.0"


def test_a_member_split_by_a_cut_joins_into_one() -> None:
    assert member_value('"num": "1.', '9.0"') == ("1.9.0", True)
    assert member_value(' "yanked": f', "alse") == ("", True)
    assert member_value("", "") == ("", False)
    assert member_value('"num": "1.', '9.0": "x"') is None  # (read the wrong way)
