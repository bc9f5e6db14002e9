"""Changelogs written as data, each known by its grammar: a JSON list of records (string
fields holding a whole version and a whole date, the versions in order), a YAML mapping of
version keys dated by a child, and directives whose options hold a version (a release in
development undated, above the dated ones). The count is exact, the newest named with its
date, and a file cut at random lines and folded states the whole's count or none."""

from __future__ import annotations

import json
import random

import pytest

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
    releases_line,
)
from gapless.engine.extractive.kinds.registry import detect
from tests.support.helpers import cut_at_random, folded_at_random

_VERSIONS = ["2.1.0", "2.0.1", "2.0.0", "2.0.0-rc.1", "1.9.2", "1.9.1"]
_DATES = ["2024-03-02", "2024-01-15", "2023-12-01", "2023-11-20", "2023-10-02", "2023-08-30"]


def _release(k: int) -> dict[str, object]:
    tag = f"v{_VERSIONS[k]}"
    return {
        "url": f"https://api.github.com/repos/acme/tool/releases/{1000 + k}",
        "id": 1000 + k,
        "author": {"login": "octocat", "id": 583231, "type": "User"},
        "tag_name": tag, "target_commitish": "main", "name": [tag, "", f"Release {tag}"][k % 3],
        "draft": False, "prerelease": "-rc." in tag,
        "created_at": f"{_DATES[k]}T10:11:12Z", "published_at": f"{_DATES[k]}T10:11:12Z",
        "assets": [{"name": f"tool-{_VERSIONS[k]}-linux-amd64.tar.gz", "size": 4242 + k,
                    "browser_download_url": f"https://github.com/acme/tool/releases/download/"
                                            f"{tag}/tool.tar.gz"}],
        "body": f"## What's Changed\r\n* Fix the parser (1.2.{k}) by @mona in #{40 + k}\r\n",
    }


# GitHub's releases API as curl prints it: newest first
RELEASES_JSON = json.dumps([_release(k) for k in range(len(_VERSIONS))], indent=2)

# an Ansible collection's changelogs/changelog.yaml: version keys oldest first, dated last
CHANGELOG_YAML = "ancestor: null\nreleases:\n" + "".join(
    f"  {v}:\n    changes:\n      bugfixes:\n      - widget_info - fix the parser on {v}"
    f" (https://github.com/acme/widget/pull/{k}).\n      release_summary: Bugfix release"
    f" {v}.\n    fragments:\n    - {v}.yml\n    release_date: '{d}'\n"
    for k, (v, d) in enumerate(reversed(list(zip(_VERSIONS, _DATES, strict=True)))))

# the Sphinx changelog extension: a directive per release, the one in development undated
SPHINX = """=============
2.x Changelog
=============

.. changelog_imports::

    .. include:: changelog_1.rst
        :start-line: 5

.. changelog::
    :version: 2.1.1
    :include_notes_from: unreleased_2

""" + "".join(f""".. changelog::
    :version: {v}
    :released: {d}

    .. change::
        :tags: bug, orm
        :tickets: {7000 + k}

        Fixed the loader for 1.{k}.0 files; the behaviour is now the same as in 1.4.

""" for k, (v, d) in enumerate(zip(["2.1.0", "2.0.1", "2.0.0", "1.9.2"],
                                    ["March 2, 2024", "January 15, 2024", "December 1, 2023",
                                     "October 2, 2023"], strict=True)))

# a lockfile: packages with versions and dates, in no version order
LOCK_JSON = json.dumps([{"name": n, "version": v, "uploaded": d} for n, v, d in [
    ("requests", "2.31.0", "2023-05-22"), ("urllib3", "1.26.18", "2023-10-17"),
    ("idna", "3.6", "2023-11-25"), ("certifi", "2023.11.17", "2023-11-17"),
    ("charset-normalizer", "3.3.2", "2023-10-31"), ("six", "1.16.0", "2021-05-05"),
    ("attrs", "23.1.0", "2023-04-16"), ("packaging", "23.2", "2023-10-01")]], indent=2)


@pytest.mark.parametrize(("text", "count", "unreleased", "newest", "date"), [
    (RELEASES_JSON, 6, False, "v2.1.0", "2024-03-02"),
    (CHANGELOG_YAML, 6, False, "2.1.0", "2024-03-02"),
    (SPHINX, 4, True, "2.1.0", "March 2, 2024"),
])
def test_the_count_is_exact_and_the_newest_named(text: str, count: int, unreleased: bool,
                                                 newest: str, date: str) -> None:
    groups = heading_groups(text, 0)
    g = chosen(groups)
    assert g is not None
    assert g.count == count
    assert (g.unreleased is not None) is unreleased
    line = releases_line(groups)
    assert line.startswith(f"{count} releases" + (" and 1 unreleased" if unreleased else ""))
    assert headline(groups).startswith(f"Newest release: {newest}, {date} (of {count}")
    assert detect(text).name == "changelog"


@pytest.mark.parametrize("text", [RELEASES_JSON, CHANGELOG_YAML, SPHINX])
def test_cut_at_random_lines_states_the_whole_count_or_none(text: str) -> None:
    """Cut at random lines into 2-6 parts, folded in random trees: the whole's count (and
    its unreleased one), or none."""
    whole = chosen(heading_groups(text, 0))
    assert whole is not None
    stated = [(cuts, g) for cuts, g in cut_at_random(text, 300) if g is not None]
    assert len(stated) > 30  # most cuts still state it
    for cuts, g in stated:
        assert g.count == whole.count, cuts
        assert (g.unreleased is None) == (whole.unreleased is None), cuts


def test_a_lockfile_is_no_changelog() -> None:
    assert chosen(heading_groups(LOCK_JSON, 0)) is None
    assert detect(LOCK_JSON).name != "changelog"
    rnd = random.Random(7)
    ends = [i + 1 for i, c in enumerate(LOCK_JSON) if c == "\n"][:-1]
    for _ in range(100):
        cuts = sorted(rnd.sample(ends, rnd.randint(1, 3)))
        parts, offset = [], 0
        for a, b in zip([0, *cuts], [*cuts, len(LOCK_JSON)], strict=True):
            parts.append(Extraction(releases=heading_groups(LOCK_JSON[a:b], offset)))
            offset += b - a
        g = chosen(folded_at_random(parts, rnd).releases)
        assert g is None or g.count == 0, cuts


def test_version_keys_without_a_date_are_no_releases() -> None:
    """A mapping of versions to plain values (a support matrix) names no release."""
    text = "python:\n" + "".join(f"  3.{k}.0:\n    supported: yes\n" for k in range(6))
    assert chosen(heading_groups(text, 0)) is None


def test_an_undated_directive_below_the_dated_ones_is_not_unreleased() -> None:
    top = ".. changelog::\n    :version: 2.1.1\n    :include_notes_from: unreleased_2\n\n"
    assert top in SPHINX
    text = SPHINX.replace(top, "") + ".. changelog::\n    :version: 1.0.0\n\n    Old notes.\n"
    g = chosen(heading_groups(text, 0))
    assert g is not None and g.count == 4 and g.unreleased is None


def test_link_references_are_no_json() -> None:
    """A markdown part of link references (each line opening with "[") reads as no JSON,
    never as a JSON part cut in its last line (which would make the count cut)."""
    text = ("[v0.0.2]: https://github.com/acme/x/compare/v0.0.1...v0.0.2\n"
            "[v0.0.1]: https://github.com/acme/x/tree/v0.0.1\n")
    assert heading_groups(text, 0) == []


def test_records_that_name_one_version_again_and_again_are_no_releases() -> None:
    # a log of requests, each record with its client's address (four numbers, as a version
    # may be written) and its time: one "version" on every record is no history
    spends = json.dumps([{"request_id": f"chatcmpl-{k:x}", "startTime": f"2024-11-0{k + 1}T16:00:21Z",
                          "requester_ip_address": "10.0.3.17", "spend": 0.0002 * k}
                         for k in range(3)], indent=2)
    assert chosen(heading_groups(spends, 0)) is None
    assert detect(spends).name != "changelog"
