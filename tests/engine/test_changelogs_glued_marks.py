"""A mark glued to a word is no heading's markup: "#4200: text" opens an item with an
issue's number, while "## 1.2.3" (its marks then a blank) is an ATX heading. Items of that
shape that name versions ("#3285: Bump zlib from 1.2.11 to 1.2.13") are never the
surest heading shape of a history of bare "2.16.1 (24-Dec-2023)" lines."""

from __future__ import annotations

from gapless.engine.core.releases import strength
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_HISTORY = """Project: widget-databind

------------------------------------------------------------------------
=== Releases ===
------------------------------------------------------------------------

2.17.0 (not yet released)

#4160: Deprecate the legacy typing mode
 (contributed by Joo-Hyuk K)

2.16.1 (24-Dec-2023)

#4200: Bump zlib from 1.2.11 to 1.2.13
 (reported by @tkruse)
#4214: Fix the cache under heavy load

2.16.0 (15-Nov-2023)

#3968: Bump lodash from 4.17.20 to 4.17.21
#4120: Bump serde from 1.0.1 to 1.0.2
 (fix contributed by Sim Y-T)

2.15.3 (12-Oct-2023)

#4011: Bump openssl from 3.0.1 to 3.0.2

2.15.2 (30-May-2023)

No changes since 2.15.1
"""


def test_items_numbered_by_issue_are_not_headings() -> None:
    assert release_count(_HISTORY) == (4, 1)
    assert headline(heading_groups(_HISTORY, 0)) == (
        "Newest release: 2.16.1 (24-Dec-2023) (of 4 releases).")


def test_marks_then_a_blank_still_make_a_heading() -> None:
    assert strength("#") == 0 and strength("# Aa") == 0 and strength("=") == 0
    assert strength("#0: Aa a a") == 1
    text = "".join(f"## {v} (2023-0{m}-01)\n\n#12{m}: Bump zlib from 1.2.{m} to 1.2.{m + 1}\n\n"
                   for m, v in [(4, "1.3.0"), (3, "1.2.1"), (2, "1.2.0")])
    assert release_count(text) == (3, 0)
