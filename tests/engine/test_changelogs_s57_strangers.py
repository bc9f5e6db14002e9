"""The eleventh strangers' pass over changelogs: an ordered list's entries that name a
version are no headings; a version alone on its line (or with a short note in parentheses)
is a heading over unbulleted items; the text's title over its series and the release being
prepared, undated over dated releases, are no releases; two headings of one version dated
on different days are two releases (a leaf's and a fold's); a part read as a log still
carries its release headings up."""

from __future__ import annotations

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.kinds.changelog import with_releases
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
    merged_groups,
)
from gapless.engine.extractive.logs.detect import input_format
from tests.support.changelogs import release_count

# BIND's CHANGES: numbered entries, some naming versions, release markers indented
_NUMBERED = """6302.\t[func]\t\tAdd the "resolver-use-dns64" option. [GL #4449]

6301.\t[bug]\t\tBump libuv from 1.44.2 to 1.46.0 in the CI images.
\t\t\t[GL #4345]

\t--- 9.19.19 released ---

6300.\t[cleanup]\tBump openssl from 1.1.1 to 3.0.0 in the CI images. [GL #4400]

6299.\t[bug]\t\tA crash in 9.19.17 when the cache is flushed. [GL #4420]

\t--- 9.19.18 released ---

6298.\t[test]\t\tBump pytest from 7.4.2 to 7.4.3 in the system tests. [GL #4401]

6297.\t[port]\t\tBuild with meson 1.3.0. [GL #4402]
"""


def test_an_ordered_lists_entries_naming_versions_are_no_headings() -> None:
    # (was 4 "releases": the entries); the marks between rules are the releases, the
    # entries above the first the release in development
    g = chosen(heading_groups(_NUMBERED, 0))
    assert g is not None and g.count == 2 and g.unreleased is not None
    assert [m.version for m in g.first] == ["9.19.19", "9.19.18"]


def test_a_number_over_one_word_may_still_open_a_heading() -> None:
    text = "".join(f"{n}. Version {v} (2024-0{n}-01)\n\n* Fixed.\n\n"
                   for n, v in ((3, "2.1.0"), (2, "2.0.0"), (1, "1.9.0")))
    assert release_count(text) == (3, 0)


# zstd's CHANGELOG: "v1.5.5 (Apr 2023)" over unbulleted "area: text" lines; the oldest
# releases undated
_BARE = """v1.5.5 (Apr 2023)
fix: fix rare corruption bug affecting the high compression mode (#3517, @terrelln)
perf: improve mid-level compression speed (#3529, @yoniko)
api: new experimental function ZSTD_compressSequencesAndLiterals()

v1.5.4 (Feb 9, 2023)
perf: faster decoding speed on the latest Apple Silicon (#3361)
build: fix build on Windows with MSVC 2019

v1.1.4
cli: new : can compress in *.xz format
doc: clarified the format specification
"""


def test_a_version_alone_with_a_short_note_is_a_heading_over_unbulleted_items() -> None:
    assert release_count(_BARE) == (3, 0)
    assert headline(heading_groups(_BARE, 0)).startswith("Newest release: v1.5.5 (Apr 2023)")


def test_a_version_line_that_runs_on_as_a_sentence_is_still_prose() -> None:
    text = ("Intro\n\nv1.5.5 brings faster decoding\nand a smaller binary to every platform.\n"
            "\nv1.5.4 (Feb 9, 2023)\nperf: faster\n")
    g = chosen(heading_groups(text, 0))
    assert g is None or g.count == 1


# OpenLDAP's CHANGES: a title naming the series, the release being prepared undated
_OPENING = """OpenLDAP 2.4 Change Log

OpenLDAP 2.4.60 Engineering
\tFixed libldap double free of request during abandon (ITS#9893)

OpenLDAP 2.4.59 Release (2021/06/03)
\tFixed slapd-mdb to bump openssl from 1.1.1j to 1.1.1k (ITS#9584)

OpenLDAP 2.4.58 Release (2021/03/16)
\tFixed slapd to require Python 3.8 or newer (ITS#9456)

OpenLDAP 2.4.57 Release (2021/01/18)
\tFixed libldap again (ITS#9400)

OpenLDAP 2.4.56 Release (2020/11/10)
\tFixed slapd (ITS#9370)
"""


def test_the_title_over_the_series_and_the_undated_top_are_no_releases() -> None:
    assert release_count(_OPENING) == (4, 1)
    assert headline(heading_groups(_OPENING, 0)).startswith(
        "Newest release: OpenLDAP 2.4.59 Release (2021/06/03)")


def test_the_opening_rules_hold_only_at_the_texts_start() -> None:
    # a part cut further into the file: its first heading is not the file's top
    g = chosen(heading_groups(_OPENING, 5000))
    assert g is not None and g.count == 6 and g.unreleased is None


def test_an_undated_top_over_partly_undated_releases_is_a_release() -> None:
    text = "".join(f"Widget {v}{d}\n\tFixed a thing\n\n" for v, d in
                   (("2.4.60", ""), ("2.4.59", " (2021/06/03)"), ("2.4.58", ""),
                    ("2.4.57", " (2021/01/18)"), ("2.4.56", " (2020/11/10)")))
    assert release_count(text) == (5, 0)


# Redis' release notes: the release candidates name one version, each dated apart
_RCS = "".join(
    f"{'=' * 80}\nRedis {v}    Released {d} 12:00:00 IST\n{'=' * 80}\n\n"
    f"Upgrade urgency: LOW.\n\n* Fixed a thing (#{k})\n\n"
    for k, (v, d) in enumerate((("6.2.1", "Tue 02 Mar 2021"), ("6.2.0 GA", "Tue 23 Feb 2021"),
                                ("6.2 RC3", "Tue 02 Feb 2021"), ("6.2 RC2", "Tue 12 Jan 2021"),
                                ("6.2 RC1", "Mon 14 Dec 2020"))))


def test_headings_of_one_version_dated_apart_are_two_releases() -> None:
    assert release_count(_RCS) == (5, 0)


def test_a_fold_counts_headings_of_one_version_dated_apart_on_both_sides_of_a_cut() -> None:
    cut = _RCS.index("=" * 80 + "\nRedis 6.2 RC2")
    parts = [Extraction(kind="changelog", summary="", releases=heading_groups(_RCS[:cut], 0)),
             Extraction(kind="changelog", summary="",
                        releases=heading_groups(_RCS[cut:], cut))]
    g = chosen(merged_groups(parts))
    assert g is not None and g.count == 5


# HAProxy's CHANGELOG: a part whose "- BUG/MINOR:" items make it read as a log
_TAGGED = "".join(f"{d} : {v}\n    - BUG/MINOR: ssl: fix a leak\n    - MINOR: cli: add a flag\n\n"
                  for d, v in (("2023/12/14", "2.8.5"), ("2023/11/17", "2.8.4"),
                               ("2023/09/08", "2.8.3")))


def test_a_part_read_as_a_log_carries_its_release_headings() -> None:
    ex = with_releases(Extraction(kind="log", summary="levels"), _TAGGED, 0)
    g = chosen(ex.releases)
    assert g is not None and g.count == 3


def test_no_part_of_an_input_read_whole_as_a_log_carries_release_headings() -> None:
    """A log's leaves are records (and counting headings in each leaf of a 50 MB log made
    its summary four times slower): the parts carry releases only where the whole input is
    no log."""
    with input_format("generic"):
        ex = with_releases(Extraction(kind="log", summary="levels"), _TAGGED, 0)
    assert ex.releases == []


def test_a_log_with_no_repeated_heading_carries_none() -> None:
    text = "2023/12/14 : 2.8.5\n    - BUG/MINOR: ssl: fix a leak\n    - MINOR: cli: a flag\n"
    assert with_releases(Extraction(kind="log", summary="levels"), text, 0).releases == []


# a Zeek reporter log: epoch stamps that read as versions where a part opens
_STAMPED = (
    "1709253216.110843\tReporter::WARNING\tFailed to open GeoIP location database\t(empty)\n"
    "1709253219.393232\tReporter::INFO\tprocessing suspended\t(empty)\n"
    "1709253222.347984\tReporter::INFO\tprocessing suspended\t/opt/zeek/share/zeek/base/"
    "frameworks/cluster/./main.zeek, line 440\n")


def test_a_log_whose_stamps_read_as_headings_carries_none() -> None:
    assert chosen(heading_groups(_STAMPED, 0)) is not None  # (what the rule must refuse)
    assert with_releases(Extraction(kind="log", summary="levels"), _STAMPED, 0).releases == []
