"""Release notes that gather releases under group headings ("## 1.7" over "### 1.7.2",
"# v2" over "## v2.4.0"), and the date forms of bench/heldout_changelogs.py's fifth pass
(a day-first "05.01.2023", a slashed "2023/01/05", a debian/changelog entry's trailer):
the group is no release, the count is exact, the newest release named with its date, and a
file cut at random lines states the whole's count or none, never another."""

from __future__ import annotations

import pytest

from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
)
from tests.support.helpers import counted_and_named, cut_at_random

# a library's release notes by minor series, the date (day first) on the line under each
MINOR_SERIES = """# Release notes

Each minor series is supported for twelve months after its first release.

## 1.7

### 1.7.2

Released 17.12.2022

#### Fixes

- Refactor the CLI for non-UTF-8 paths
- Bump urllib3 from 1.30.8 to 1.31.0

### 1.7.1

Released 25.11.2022

#### Fixes

- Harden the CLI for non-UTF-8 paths

### 1.7.0

Released 02.11.2022

#### Features

- Document the plugin API when the input is empty

## 1.6

### 1.6.1

Released 01.10.2022

#### Fixes

- Speed up the cache behind a proxy

### 1.6.0

Released 06.09.2022

#### Features

- Add support for the retry policy under heavy load
- Require Python 3.11 or newer

## 1.5

### 1.5.0

Released 20.07.2022

#### Features

- Improve the scheduler in dry-run mode
"""

# AndroidX-like: "## Version 1.7" over "### Version 1.7.0-rc01", the date under each
VERSION_SERIES = """# Core

## Declaring dependencies

Add the dependency on core to your build.

## Version 1.7

### Version 1.7.1

December 17, 2022

`androidx.core:core:1.7.1` is released.

- Fix the parser when the input is empty

### Version 1.7.0

November 2, 2022

`androidx.core:core:1.7.0` is released.

- Harden the TLS handshake behind a proxy

### Version 1.7.0-rc01

October 1, 2022

`androidx.core:core:1.7.0-rc01` is released.

- Deprecate the logger with nested arrays

## Version 1.6

### Version 1.6.0

August 3, 2022

`androidx.core:core:1.6.0` is released.

- Remove the cache on 32-bit platforms

### Version 1.6.0-alpha01

July 6, 2022

`androidx.core:core:1.6.0-alpha01` is released.

- Add support for the CLI in dry-run mode
"""

# a CHANGELOG by major version: "# v3" (no date, no body) over "## v3.1.0 - 2023/01/05"
MAJOR_SERIES = """# Next

- Drop the deprecated `--legacy` flag

# v3

## v3.1.0 - 2023/01/05

- Add support for the JSON encoder behind a proxy (#4121)

## v3.0.0 - 2022/11/20

- Remove the config loader's v2 keys (#4002)

# v2

## v2.4.1 - 2022/08/14

- Fix the retry policy under heavy load (#3990)

## v2.4.0 - 2022/06/02

- Speed up the template engine (#3901)
"""

# releases at one level whose versions extend another's: each one a release
SAME_LEVEL = """# Changelog

## 2.0.1

- Fix the parser when the input is empty

## 2.0

- Require Python 3.10 or newer

## 1.9.1

- Harden the cache behind a proxy

## 1.9

- Add support for the CLI in dry-run mode
"""

# a dated release over its patch releases: dated, so a release
DATED_PARENT = """# Changelog

## 1.1 (2023-01-05)

- Add the scheduler

### 1.1.1 (2023-02-01)

- Fix the scheduler with a custom locale

## 1.0 (2022-11-20)

- First release
"""

# a package's debian/changelog: the date in the trailer that signs each entry
DEBIAN = """widget (1.2.3-2) UNRELEASED; urgency=medium

  * Bump Standards-Version to 4.6.2.

 -- Jane Doe <jdoe@debian.org>  Mon, 16 Jan 2023 10:04:11 +0100

widget (1.2.3-1) unstable; urgency=medium

  * New upstream release 1.2.3.
  * Fix the parser when the input is empty.

 -- Jane Doe <jdoe@debian.org>  Thu, 05 Jan 2023 18:22:40 +0100

widget (1.2.2-1) unstable; urgency=medium

  * New upstream release 1.2.2.

 -- Ali Kaya <ali@example.com>  Tue, 13 Dec 2022 09:10:00 +0100

widget (1.2.1-1) experimental; urgency=medium

  * New upstream release 1.2.1.

 -- Ali Kaya <ali@example.com>  Fri, 02 Dec 2022 21:45:13 +0100
"""

CASES = [
    (MINOR_SERIES, 6, False, "1.7.2, 17.12.2022"),
    (VERSION_SERIES, 5, False, "Version 1.7.1, December 17, 2022"),
    (MAJOR_SERIES, 4, True, "v3.1.0 - 2023/01/05"),
    (SAME_LEVEL, 4, False, "2.0.1"),
    (DATED_PARENT, 3, False, "1.1 (2023-01-05)"),
    (DEBIAN, 3, True, "widget (1.2.3-1) unstable; urgency=medium, 05 Jan 2023"),
]
IDS = ["minor-series", "version-series", "major-series", "same-level", "dated-parent",
       "debian-trailer"]


@pytest.mark.parametrize(("text", "count", "unreleased", "newest"), CASES, ids=IDS)
def test_the_count_is_exact_and_the_newest_named(text: str, count: int, unreleased: bool,
                                                  newest: str) -> None:
    counted_and_named(text, count, unreleased, newest)


@pytest.mark.parametrize(("text", "count", "unreleased", "newest"), CASES, ids=IDS)
def test_cut_at_random_lines_states_the_whole_count_or_none(text: str, count: int,
                                                            unreleased: bool,
                                                            newest: str) -> None:
    """Cut at random lines into 2-6 parts, folded in random trees: the count is the
    whole's, or none."""
    whole = chosen(heading_groups(text, 0))
    assert whole is not None and whole.count == count
    stated = [(cuts, g) for cuts, g in cut_at_random(text, 300) if g is not None]
    assert stated  # some cuts still state it
    for cuts, g in stated:
        assert g.count == count, cuts


@pytest.mark.parametrize("cut", ["## 1.7\n\n", "## 1.7\n", "## 1.6\n\n"])
def test_a_part_ending_under_a_group_heading_agrees(cut: str) -> None:
    """A part that ends right under a group heading (its releases in the next part): the
    fold takes the group out of the count, in any tree."""
    at = MINOR_SERIES.index(cut) + len(cut)
    whole = chosen(heading_groups(MINOR_SERIES, 0))
    assert whole is not None
    from random import Random

    from tests.support.helpers import count_when_cut
    for seed in range(20):
        g = count_when_cut(MINOR_SERIES, [at], Random(seed))
        assert g is not None and g.count == whole.count
