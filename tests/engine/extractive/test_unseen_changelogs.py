"""Changelogs of tools that shared/data has none of, small ones made up here as those tools
write them (bench/heldout_changelogs.py writes long ones): ``gapless summarize`` states
the release count exactly, a section not released yet counted apart, and its headline
names the newest release and its date — from the markup's grammar, whatever the tool:

- an RPM spec's ``%changelog``: "* Mon Jan 08 2024 Name <mail> - 1.2.3-1", the first
  entry right under the section's label, named by the version after its author;
- date-first headings ("21 Dec 2023, PHP 8.3.1" under a title's rule of "|", Node's
  "## 2023-11-22, Version 20.10.0 …", Redmine's "== 2023-11-27 v5.1.1" over items that
  name a version);
- a release date left to fill in ("?? ??? ????", "*Release date: XXXX-XX-XX*",
  "[xx XXX xxxx]"), a version of work in progress ("v1.17.0-dev", "2.3.1-wip"), a
  "(development version)", a "HEAD" or a "Working version" on top: not released yet;
- long release headings ("### Changes between 3.2.0 and 3.2.1 [30 Jan 2024]") and
  "### Bug fixes:" sections under setext releases, which are no chat's turns;
- several headings in a row naming one version (Emacs' "* Changes in Emacs 29.2",
  "* Lisp Changes in Emacs 29.2"): one release, however the leaves cut them;
- openSUSE's .changes: entries "Mon Jan  8 10:11:12 UTC 2024 - mail" under a rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.extractive.fold import fold_extractions
from gapless.engine.extractive.kinds.registry import summarize
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path

RPM = """\
Name:           widget
Version:        2.1.0
Release:        1%{?dist}
Summary:        A widget library
BuildRequires:  meson >= 0.60.0

%description
Widget makes widgets.

%prep
%autosetup -p1

%build
%meson
%meson_build

%install
%meson_install

%check
%meson_test

%files
%license LICENSE
%doc README.md
%{_libdir}/libwidget.so.*

%changelog
* Mon Jan 08 2024 Jane Doe <jdoe@example.org> - 2.1.0-1
- Update to 2.1.0
- Fix the build with meson 1.3.0

* Tue Oct 03 2023 Fedora Release Engineering <releng@fedoraproject.org> - 2.0.1-2
- Rebuilt for the mass rebuild

* Fri Jul 21 2023 Jane Doe <jdoe@example.org> - 2.0.1-1
- Update to 2.0.1

* Wed Mar 01 2023 Ali Kaya <ali@example.com> - 2.0.0-1
- Update to 2.0.0
- Drop the patch merged upstream in 1.9.4
"""

PHP = """\
PHP                                                                        NEWS
|||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||
?? ??? ????, PHP 8.3.2

- Core:
  . Fixed bug GH-12953 (false positive SSA integrity verification). (nielsdos)

21 Dec 2023, PHP 8.3.1

- Core:
  . Fixed bug GH-12758 (Property hook crash with 8.2.14 opcache). (ilutov)

- Date:
  . Fixed bug GH-12511 (Incorrect date on 2023-10-29). (Derick)

23 Nov 2023, PHP 8.3.0

- Core:
  . Added the json_validate() function. (Juan Morales)

26 Oct 2023, PHP 8.3.0RC5

- FPM:
  . Fixed bug GH-12232 (FPM: segfault dynamically loading extension). (Jakub Zelenka)
"""

NODE = """\
# Node.js 20 ChangeLog

* Other Versions
  * [19.x](CHANGELOG_V19.md)

<a id="20.10.0"></a>

## 2023-11-22, Version 20.10.0 'Iron' (LTS), @targos

### Notable Changes

The --experimental-default-type flag is added, flipping the default module system.

### Commits

* \\[[`1a2b3c4d5e`](https://github.com/nodejs/node/commit/1a2b3c4d5e)] - **deps**: update undici to 5.27.2 (Node.js GitHub Bot) [#50813](https://github.com/nodejs/node/pull/50813)

<a id="20.9.0"></a>

## 2023-10-24, Version 20.9.0 'Iron' (LTS), @richardlau

### Notable Changes

This release marks the transition of Node.js 20.x into Long Term Support.

### Commits

* \\[[`2b3c4d5e6f`](https://github.com/nodejs/node/commit/2b3c4d5e6f)] - **doc**: add release key (Richard Lau) [#50300](https://github.com/nodejs/node/pull/50300)

<a id="20.8.1"></a>

## 2023-10-13, Version 20.8.1 'Iron' (Current), @RafaelGSS

### Commits

* \\[[`3c4d5e6f7a`](https://github.com/nodejs/node/commit/3c4d5e6f7a)] - **http**: fix a smuggling bug (Someone) [#50404](https://github.com/nodejs/node/pull/50404)

<a id="20.8.0"></a>

## 2023-09-28, Version 20.8.0 'Iron' (Current), @ruyadorno

### Commits

* \\[[`4d5e6f7a8b`](https://github.com/nodejs/node/commit/4d5e6f7a8b)] - **stream**: use bitmap in readable state (Benjamin) [#49745](https://github.com/nodejs/node/pull/49745)
"""

OPENSSL = """\
OpenSSL CHANGES
===============

This is a detailed breakdown of significant changes.

OpenSSL 3.3
-----------

### Changes between 3.2 and 3.3 [xx XXX xxxx]

 * Added a new API to read the QUIC stream state.

   *Hugo Landau*

OpenSSL 3.2
-----------

### Changes between 3.2.0 and 3.2.1 [30 Jan 2024]

 * A file in PKCS12 format can crash OpenSSL 3.0.12 and later.

   *Matt Caswell*

### Changes between 3.1 and 3.2.0 [23 Nov 2023]

 * Added support for client side QUIC.

   *Hugo Landau*

### Changes between 3.0 and 3.1.0 [14 Mar 2023]

 * Added FIPS 140-3 indicators.

   *Tomas Mraz*
"""

OCAML = """\
Working version
---------------

### Language features:

- #12500: Add effect handlers syntax
  (Someone, review by Other)

### Bug fixes:

- #12510: Fix a crash in 5.1.0 when unmarshaling
  (Someone, review by Other)

OCaml 5.1.1 (8 December 2023)
-----------------------------

### Bug fixes:

- #12720: Fix a memory leak
  (Someone, review by Other)

### Language features:

- #12700: Allow a type annotation
  (Someone, review by Other)

OCaml 5.1.0 (14 September 2023)
-------------------------------

### Language features:

- #12100: Add an attribute
  (Someone, review by Other)

### Bug fixes:

- #12110: Fix the type checker on 4.14.1 code
  (Someone, review by Other)

OCaml 5.0.0 (15 December 2022)
------------------------------

### Bug fixes:

- #11800: Fix the runtime
  (Someone, review by Other)
"""

REDMINE = """\
== Redmine changelog

Redmine - project management software

== 2023-11-27 v5.1.1

=== [Gems support]

* Defect #39500: Require Ruby 3.2 or newer
* Feature #39501: Update Rails to 6.1.7.6

== 2023-10-31 v5.1.0

=== [Issues]

* Defect #39400: Require Ruby 3.0 or newer
* Feature #39401: Update Rails to 6.1.7.5

== 2023-03-05 v5.0.5

=== [Text formatting]

* Defect #38300: Require Ruby 2.7 or newer
"""

PYTHON_NEWS = """\
+++++++++++
Python News
+++++++++++

What's New in Python 3.12.2 final?
==================================

*Release date: XXXX-XX-XX*

Library
-------

- gh-113000: Fix a crash in asyncio on shutdown.

What's New in Python 3.12.1 final?
==================================

*Release date: 2023-12-07*

Library
-------

- gh-112388: Fix an error in 3.11.7 code.

What's New in Python 3.12.0 final?
==================================

*Release date: 2023-10-02*

Build
-----

- gh-109191: Fix the build.
"""

ELIXIR = """\
# Changelog for Elixir v1.17

## v1.17.0-dev

### 1. Enhancements

  * [Kernel] Add `Kernel.to_timeout/1`

## v1.16.1 (2024-01-31)

### 1. Bug fixes

  * [Mix] Fix a crash on 1.15.7 lock files

## v1.16.0 (2023-12-22)

### 1. Enhancements

  * [Kernel] Add `Code.fetch_docs/1`

## v1.16.0-rc.1 (2023-12-12)

### 1. Bug fixes

  * [IEx] Fix autocompletion
"""

DART = """\
## 2.3.1-wip

- Require Dart 3.2.

## 2.3.0

- Add `Widget.tap`.

## 2.2.1

- Fix a crash with `sdk: ^3.0.0`.

## 2.2.0

- Support the 2.19.0 SDK.
"""

R_NEWS = """\
# widgetr (development version)

* Nothing yet.

# widgetr 1.1.4

## Bug fixes

* `widget()` works with R 4.3.0 again (#6919).

# widgetr 1.1.3

* Fix a regression from 1.1.2 (#6900).

# widgetr 1.1.2

* Speed up `tidy()` (#6800).
"""

HEAD = """\
HEAD
  * Nothing yet.

v1.4.0 - 2024-02-01
  * Add the --json flag
  * Fix dates before 1970-01-01

v1.3.1 - 2023-12-10
  * Require Node 18.17.0

v1.3.0 - 2023-11-01
  * First stable release
"""

EMACS = """\
GNU Emacs NEWS -- history of user-visible changes.

Temporary note:
+++ indicates that all relevant manuals in doc/ have been updated.
--- means no change in the manuals is needed.


* Installation Changes in Emacs 29.2

* Changes in Emacs 29.2

---
** The 'uniquify' package now works with 28.1 buffers.

* Lisp Changes in Emacs 29.2

+++
** New function 'string-pixel-width'.


* Installation Changes in Emacs 29.1

---
** Emacs can be built with the tree-sitter library.

* Changes in Emacs 29.1

+++
** New command 'restart-emacs'.

* Lisp Changes in Emacs 29.1

---
** New macro 'with-undo-amalgamate'.


* Installation Changes in Emacs 28.2

* Changes in Emacs 28.2

---
** 'C-x 8 .' has been changed to insert a middle dot.

* Lisp Changes in Emacs 28.2
"""

OPENSUSE = """\
-------------------------------------------------------------------
Mon Jan  8 10:11:12 UTC 2024 - Jane Doe <jdoe@suse.com>

- Update to version 2.1.0:
  * Fix the build with gcc 13.2.0
  * Add the --json flag

-------------------------------------------------------------------
Tue Oct  3 09:00:00 UTC 2023 - dimstar@opensuse.org

- Drop fix-build.patch, merged upstream

-------------------------------------------------------------------
Fri Jul 21 14:30:00 UTC 2023 - Jane Doe <jdoe@suse.com>

- Update to version 2.0.1:
  * Fix a crash on 2023-01-01 timestamps
"""

GENTOO = """\
# ChangeLog for dev-libs/widget
# Copyright 1999-2015 Gentoo Foundation; Distributed under the GPL v2

*widget-1.4.2 (08 Jan 2015)

  08 Jan 2015; Jane Doe <jdoe@gentoo.org> +widget-1.4.2.ebuild,
  -widget-1.4.0.ebuild:
  Version bump.

  12 Jan 2015; Ali Kaya <ali@gentoo.org> widget-1.4.1.ebuild:
  Stable for amd64, wrt bug #512345.

*widget-1.4.1 (03 Nov 2014)

  03 Nov 2014; Jane Doe <jdoe@gentoo.org> +widget-1.4.1.ebuild:
  Version bump, fixes the build with gcc-4.9.2.

*widget-1.4.0 (21 Aug 2014)

  21 Aug 2014; Jane Doe <jdoe@gentoo.org> +widget-1.4.0.ebuild:
  Version bump.
"""

APACHE = """\
                                                         -*- coding: utf-8 -*-
Changes with Apache 2.4.58

  *) SECURITY: CVE-2023-45802: Apache HTTP Server: HTTP/2 stream
     memory not reclaimed right away on RST (cve.mitre.org)
     This issue affects Apache HTTP Server through 2.4.57.

  *) mod_ssl: Silence an info log message when using OpenSSL 3.
     [Rainer Jung]

Changes with Apache 2.4.57

  *) mod_proxy: Fix the handling of a closed backend. [Yann Ylavic]

Changes with Apache 2.4.56

  *) core: Fix a regression in 2.4.55 with large headers. [Someone]
"""

# file name -> (text, releases, unreleased, newest release, its date)
CASES = {
    # a package's name before its version ("*widget-1.4.2 (08 Jan 2015)"), dated entries
    # between releases that name other versions
    "gentoo-ChangeLog": (GENTOO, 3, 0, "1.4.2", "08 Jan 2015"),
    # the first release right under an indented mode line, no blank between
    "apache-CHANGES": (APACHE, 3, 0, "2.4.58", ""),
    "widget.spec": (RPM, 4, 0, "2.1.0-1", "Jan 08 2024"),
    "php-NEWS": (PHP, 3, 1, "8.3.1", "21 Dec 2023"),
    "node-CHANGELOG.md": (NODE, 4, 0, "20.10.0", "2023-11-22"),
    "openssl-CHANGES.md": (OPENSSL, 3, 1, "3.2.1", "30 Jan 2024"),
    "ocaml-Changes": (OCAML, 3, 1, "5.1.1", "8 December 2023"),
    "redmine-CHANGELOG": (REDMINE, 3, 0, "v5.1.1", "2023-11-27"),
    "python-NEWS.rst": (PYTHON_NEWS, 2, 1, "3.12.1", "2023-12-07"),
    "elixir-CHANGELOG.md": (ELIXIR, 3, 1, "v1.16.1", "2024-01-31"),
    "dart-CHANGELOG.md": (DART, 3, 1, "2.3.0", ""),
    "r-NEWS.md": (R_NEWS, 3, 1, "1.1.4", ""),
    "plain-CHANGES": (HEAD, 3, 1, "v1.4.0", "2024-02-01"),
    "emacs-NEWS": (EMACS, 3, 0, "29.2", ""),
    "widget.changes": (OPENSUSE, 3, 0, "Mon Jan 8 10:11:12 UTC 2024", ""),
}
_COUNT = re.compile(r"^(\d+) releases?(?: and (\d+) unreleased)?")


def _stated(summary: str) -> tuple[int, int]:
    m = _COUNT.match(summary)
    assert m is not None, summary[:300]
    return int(m.group(1)), int(m.group(2) or 0)


def _names(headline: str, key: str, date: str) -> bool:
    flat = " ".join(headline.split())
    return (re.search(rf"(?<![\w.]){re.escape(key)}(?![\w.]|-\w)", flat) is not None
            and date in flat)


@pytest.mark.parametrize("name", sorted(CASES))
async def test_summarize_counts_and_names_the_newest(name: str, tmp_path: Path) -> None:
    text, n, apart, key, date = CASES[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    entry = (await summarize_path(path, RunRequest(Settings()))).entry or {}
    assert _stated(str(entry.get("summary", ""))) == (n, apart), entry.get("summary")
    headline = str(entry.get("headline", ""))
    assert headline.startswith("Newest release: ") and _names(headline, key, date), headline


@pytest.mark.parametrize("name", sorted(CASES))
def test_leaves_fold_to_the_same_count(name: str) -> None:
    """Cut into leaves after blank lines (none seeing the whole file), the count holds."""
    text, n, apart, key, date = CASES[name]
    parts, pos = [], 0
    while pos < len(text):
        end = text.find("\n\n", pos + 200)
        end = len(text) if end < 0 else end + 2
        parts.append(summarize(text[pos:end], pos))
        pos = end
    folded = fold_extractions(parts)
    assert _stated(folded.summary) == (n, apart), folded.summary[:300]
    assert _names(folded.headline, key, date), folded.headline
