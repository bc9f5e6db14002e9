"""Changelog shapes found by bench/heldout_changelogs.py's fourth pass, each with a small
sample written as its tool writes it: the count stated is exact, the newest release named,
and a file cut at random lines states the whole's count or none."""

from __future__ import annotations

import pytest

from gapless.engine.extractive.kinds.changelog_releases import (
    UNCOUNTED,
    chosen,
    heading_groups,
    releases_line,
)
from tests.support.helpers import counted_and_named, cut_at_random

# a Redmine plugin's CHANGELOG.textile: "h2." headings, items that name versions
TEXTILE = """h1. Changelog

All notable changes to the widget plugin.

h2. Unreleased

* Compatibility with Redmine 5.1

h2. 3.1.2 (2023-10-12)

h3. Bug fixes

* Require Python 3.12 or newer (#19986)
* Bump zlib from 1.2.13 to 1.3.0 (#4410)

h2. 3.1.1 (2023-08-30)

bq. Needs Redmine 4.2 or newer.

h3. Features

* Add support for the cache behind a proxy (#4391)

h2. 3.1.0 (2023-06-02)

h3. Other

* Require Python 3.8 or newer (#4377)

h2(#old). 3.0.0 (2023-01-15)

* Drop Redmine 3.4
"""

# a releases.csv a release script appends to, newest first, notes quoted with commas
CSV = """version,date,type,notes
4.1.2,2021-11-16,patch,"Speed up the config loader, see #1203"
4.1.1,2021-10-28,minor,Harden the HTTP client behind a proxy
4.1.0-rc.2,2021-10-02,prerelease,Bump zlib from 1.2.11 to 1.2.12
4.1.0-rc.1,2021-09-20,prerelease,"Require Python 3.9 or newer, finally"
4.0.3,2021-08-01,patch,Fix the parser when the input is empty
4.0.2,2021-06-12,patch,Document the retry policy
"""

# ``npm view widget time --json``: publish times, oldest first
NPM_TIME = """{
  "created": "2015-02-09T10:11:12.123Z",
  "modified": "2019-07-19T14:46:04.966Z",
  "0.1.0": "2015-02-09T10:11:12.456Z",
  "0.1.1": "2015-03-30T08:00:01.000Z",
  "0.2.0": "2015-06-02T17:45:10.301Z",
  "1.0.0-rc.1": "2016-01-11T09:12:44.010Z",
  "1.0.0": "2016-02-01T12:00:00.000Z",
  "1.0.1": "2019-07-19T14:46:04.966Z"
}"""


# a WordPress plugin's readme.txt: its Upgrade Notice lists the newest versions again,
# in the release headings' own shape
WORDPRESS = """=== Widget Forms ===
Contributors: janedoe
Tags: forms, contact
Requires at least: 5.8
Tested up to: 6.4
Stable tag: 2.3.1
License: GPLv2 or later

Contact forms that stay out of the way.

== Description ==

Widget Forms adds a block and a shortcode for contact forms.

== Frequently Asked Questions ==

= Does it work with WordPress 6.0? =

Yes, and with every version since 5.8.

== Changelog ==

= 2.3.1 - 2023-10-12 =
* Fix the parser when the input is empty
* Require PHP 7.4 or newer

= 2.3.0 - 2023-09-01 =
* Add support for the cache behind a proxy

= 2.2.4 - 2023-07-19 =
* Bump zlib from 1.2.13 to 1.3.0

= 2.2.3 - 2023-05-02 =
* Harden the CLI for non-UTF-8 paths

= 2.2.2 - 2023-03-14 =
* Document the retry policy

== Upgrade Notice ==

= 2.3.1 =
Security fix. Upgrade recommended.

= 2.3.0 =
Fixes a crash. Upgrade recommended.
"""


@pytest.mark.parametrize(("text", "count", "unreleased", "newest"), [
    (TEXTILE, 4, True, "3.1.2 (2023-10-12)"),
    (CSV, 6, False, "4.1.2, 2021-11-16"),
    (NPM_TIME, 6, False, "1.0.1, 2019-07-19"),
], ids=["redmine-textile", "releases-csv", "npm-view-time"])
def test_the_count_is_exact_and_the_newest_named(text: str, count: int, unreleased: bool,
                                                  newest: str) -> None:
    counted_and_named(text, count, unreleased, newest)


@pytest.mark.parametrize("text", [TEXTILE, CSV, NPM_TIME],
                         ids=["redmine-textile", "releases-csv", "npm-view-time"])
def test_cut_at_random_lines_states_the_whole_count_or_none(text: str) -> None:
    """Cut at random lines into 2-6 parts, folded in random trees: the count is the
    whole's, or none."""
    whole = chosen(heading_groups(text, 0))
    assert whole is not None
    stated = [(cuts, g) for cuts, g in cut_at_random(text, 200) if g is not None]
    assert stated  # some cuts still state it
    for cuts, g in stated:
        assert g.count == whole.count, cuts


def test_a_csv_of_addresses_and_dates_is_no_release() -> None:
    text = "client,date,request\n" + "".join(
        f"10.0.{k}.7,2024-03-0{k + 1},GET /index.html\n" for k in range(6))
    assert chosen(heading_groups(text, 0)) is None


def test_a_csv_of_undated_versions_is_no_release() -> None:
    text = "package,version\n" + "".join(f"1.{k}.0,pkg{k}\n" for k in range(6))
    assert chosen(heading_groups(text, 0)) is None


def test_a_json_map_of_names_to_versions_is_no_release() -> None:
    text = '{\n' + ",\n".join(f'  "dep{k}": "1.{k}.0"' for k in range(6)) + "\n}"
    assert chosen(heading_groups(text, 0)) is None


def test_releases_listed_again_state_no_count() -> None:
    """An upgrade notice that names the newest versions again in the releases' shape: the
    whole states no count, and no cut states another than the changelog's five."""
    assert releases_line(heading_groups(WORDPRESS, 0)) == UNCOUNTED
    for cuts, g in cut_at_random(WORDPRESS, 300, seed=7):
        assert g is None or g.count == 5, cuts


def test_one_release_written_twice_in_a_row_still_counts() -> None:
    """A heading written twice right under itself is two releases, as before (no second
    list: only a version named again further down is one)."""
    text = "".join(f"## {v}\n\n- Fix the parser\n\n" for v in
                   ["1.4.0", "1.3.0", "1.3.0", "1.2.0", "1.1.0"])
    assert releases_line(heading_groups(text, 0)).startswith("5 releases")
