"""Release headings by their markup's grammar, on small changelogs made up here, one per
markup (reStructuredText, setext, outline stars, AsciiDoc, GNU dated entries, Keep a
Changelog, generated release notes): the releases counted exactly, a section not released
yet counted apart, the newest release and its date in the headline, the same count from
``gapless summarize`` (one text, or leaves of any size folded) and from ``gapless read``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.fold import fold_extractions
from gapless.engine.extractive.kinds.changelog_releases import chosen, merged_groups
from gapless.engine.extractive.kinds.registry import summarize
from gapless.engine.strategies.chunked.read import read_summary

RST = """\
==========
 Changelog
==========

Release 3.0.0 (in development)
==============================

Features added
--------------

* #120: Allow config files of the 2.0 style.

Release 2.1.0 (released Jul 18, 2024)
=====================================

Bugs fixed
----------

* #118: Fix a crash when a path holds 1.2 in its name.

Release 2.0.1 (released May 2, 2024)
====================================

* #110: Fix the regression of 2.0.0.

Version 2.0 (released Apr 1, 2024)
==================================

Incompatible changes
--------------------

* Drop Python 3.7.
"""

RST_LABELS = """\
Changes
=======

.. _v1.4.0:
v1.4.0 (2024-03-01)
+++++++++++++++++++

- Fixed the parsing of 1.3 files.

.. _v1.3.0:
v1.3.0 (2024-01-10)
+++++++++++++++++++

- Added a reader for 1.2 files.

.. _v1.2.0:
1.2.0 (2023-11-02)
++++++++++++++++++

- First public release.
"""

SETEXT = """\
Changelog
=========

Unreleased
----------

* Nothing yet.

2.0.0 - 2024-05-01
------------------

* Removed the 1.x API.
* Bumped the parser to 3.2.1

1.1.0 - 2024-02-01
------------------

* Added --quiet.

1.0.0 - 2023-12-24
------------------

* First release.
"""

OUTLINE = """\
GNU Foo NEWS                                    -*- outline -*-

* Noteworthy changes in release ?.? (????-??-??) [?]

** Bug fixes

  foo no longer crashes on inputs of version 1.2.

* Noteworthy changes in release 1.2 (2024-02-01) [stable]

** New features

  foo --bar prints the totals.

* Noteworthy changes in release 1.1 (2023-09-01) [stable]

** Bug fixes

  foo -x works again.

* Major changes in release 1.0 (2023-01-05):

  First release.
"""

ASCIIDOC = """\
= Foo Changelog
:toc:

This document lists the changes of Foo by release.

// tag::compact[]
== Unreleased

Enhancements::

  * Add a mode for 2.x files (#12)

== 1.4.2 (2024-04-01) - @ann

Bug Fixes::

  * Fix the regression of 1.4.1 (#10)

=== Details

{url-repo}/releases/tag/v1.4.2[git tag]

== 1.4.1 (2024-03-01) - @bob

Bug Fixes::

  * Fix a crash on empty files (#9)
// end::compact[]

== 1.4.0 (2024-01-15) - @ann

Enhancements::

  * Read 1.3 files (#7)

== Older releases (pre-0.1)

See the commit history.
"""

GNU_DATED = """\
2024-05-01  Jane Doe  <jane@example.org>

\t* src/foo.c (main): Handle files of version 1.2.

2024-04-20  John Roe  <john@example.org>

\t* Version 1.2 released.
\t* configure.ac: Bump to 1.2.

2024-04-02  Jane Doe  <jane@example.org>

\t* src/bar.c (read_all): Check the length.
"""

KEEP_A_CHANGELOG = """\
# Changelog

All notable changes to this project are documented in this file.

## [Unreleased]

### Added
- A flag to skip 1.0 files.

## [1.1.0] - 2024-03-01
### Fixed
- A crash on 1.0 files.

## [1.0.0] - 2024-01-01
### Added
- First release.

[Unreleased]: https://example.org/compare/v1.1.0...HEAD
[1.1.0]: https://example.org/compare/v1.0.0...v1.1.0
"""

# generated release notes: loose lists of bullets, set off by blank lines like headings,
# that repeat one shape ("* Bump x from 1.2.3 to 1.2.4") more often than the releases do
GENERATED = "# Release notes\n\n" + "".join(
    f"## v2.{n}.0\n\n## What's Changed\n\n"
    + "".join(f"* Bump {dep} from 1.{n}.0 to 1.{n}.1\n\n" for dep in ("alpha", "beta", "gamma"))
    + f"* Fix the parser on empty input (#{40 + n})\n\n"
    f"**Full Changelog**: https://example.org/compare/v2.{n - 1}.0...v2.{n}.0\n\n"
    for n in (3, 2, 1))

# a long history whose wording drifted over the years, with a sub-heading naming a version
DRIFTING = """\
# Changes

## Release v2.0.0 (2024-06-01)

### Upgrading from 1.9

- Rename the settings file.

## Version 1.9.0

- Added a cache.

## v1.8.0

- Faster start.

## [1.7.0] - 2023-01-01

- First release on the new site.
"""

OLDEST_FIRST = """\
0.1  2020-01-01

  - First release.

0.2  2021-03-04

  - Added a reader.

0.3  2022-06-30

  - Faster reads.
"""

# (text, releases, the section not released yet or "", the newest release's key, its date)
CASES = {
    "rst": (RST, 3, "Release 3.0.0", "2.1.0", "Jul 18, 2024"),
    "rst-labels": (RST_LABELS, 3, "", "1.4.0", "2024-03-01"),
    "setext": (SETEXT, 3, "Unreleased", "2.0.0", "2024-05-01"),
    "outline": (OUTLINE, 3, "?.?", "1.2", "2024-02-01"),
    "asciidoc": (ASCIIDOC, 3, "Unreleased", "1.4.2", "2024-04-01"),
    "gnu-dated": (GNU_DATED, 3, "", "2024-05-01", ""),
    "keep-a-changelog": (KEEP_A_CHANGELOG, 2, "Unreleased", "1.1.0", "2024-03-01"),
    "generated": (GENERATED, 3, "", "v2.3.0", ""),
    "oldest-first": (OLDEST_FIRST, 3, "", "0.3", "2022-06-30"),
    "drifting": (DRIFTING, 4, "", "v2.0.0", "2024-06-01"),
}
_COUNT = re.compile(r"^(\d+) releases( and 1 unreleased \((.*?)\))?: ")


def _stated(summary: str) -> tuple[int, str]:
    m = _COUNT.match(summary)
    assert m is not None, summary[:200]
    return int(m.group(1)), m.group(3) or ""


def _pieces(text: str, size: int) -> list[tuple[str, int]]:
    """``text`` cut after the first blank line past every ``size`` characters, as the
    product cuts a text into leaves (after blank lines where it can)."""
    out, pos = [], 0
    while pos < len(text):
        end = text.find("\n\n", pos + size)
        end = len(text) if end < 0 else end + 2
        out.append((text[pos:end], pos))
        pos = end
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_changelog_of_each_markup_names_its_releases(case: str) -> None:
    text, n, apart, key, date = CASES[case]
    ex = summarize_text(text)
    assert ex.kind == "changelog"
    count, unreleased = _stated(ex.summary)
    assert count == n
    assert (apart in unreleased) if apart else not unreleased, unreleased
    assert ex.headline.startswith("Newest release: ") and key in ex.headline, ex.headline
    assert date in ex.headline
    # leaves of any size, none seeing the whole file, fold to the same count
    for size in (60, 150, 400):
        parts = [summarize(piece, offset) for piece, offset in _pieces(text, size)]
        g = chosen(merged_groups(parts))
        assert g is not None and g.count == n, size
        assert (g.unreleased is not None) == bool(apart), size
        folded = fold_extractions(parts)
        assert _stated(folded.summary) == (count, unreleased), size
        assert key in folded.headline and date in folded.headline, (size, folded.headline)


@pytest.mark.parametrize("case", ["rst", "outline", "asciidoc", "keep-a-changelog",
                                  "generated"])
async def test_read_states_the_count_summarize_states(case: str, tmp_path: Path) -> None:
    text, n, apart, key, _ = CASES[case]
    path = tmp_path / "CHANGES"
    path.write_text(text, encoding="utf-8")
    r = await read_summary(path, settings=Settings())
    count, unreleased = _stated(r.summary)
    assert count == n and (apart in unreleased if apart else not unreleased), r.summary
    assert key in r.summary.split("\n\n")[1]  # the headline, under the releases line


def test_release_notes_of_one_release_are_no_history() -> None:
    """A document about one release, its paragraphs opening with the version, states no
    release count (it has no repeated release heading)."""
    text = ("## Introduction to Foo 1.21 {#intro}\n\nFoo 1.21 adds three new built-ins to the\n"
            "language, and the compiler is faster.\n\nFoo 1.21 improves build speed by up to\n"
            "six percent on large programs.\n\n## Tools {#tools}\n\nFoo 1.21 changes the "
            "way versions are written.\n")
    ex = summarize_text(text)
    assert ex.kind != "changelog" and "releases:" not in ex.summary
