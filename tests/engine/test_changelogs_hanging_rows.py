"""A NEWS written as a two-column table ("VERSION   DESCRIPTION" over a rule): each
release's version at a row's start, its first item after a gap of spaces, the other items
on the lines under it indented to that column, no blank line between rows. Each row is a
release; before, only the row under the rule (or a part's first line) was set off, so the
whole counted none and a text cut into parts counted one per part."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_hanging import hanging_row
from gapless.engine.extractive.kinds.changelog_headings import VERSION
from gapless.engine.extractive.kinds.changelog_releases import chosen, heading_groups
from tests.support.changelogs import release_count

_VERSIONS = ["6.0.2", "6.0.1", "6.0.0", "5.2.3", "5.2.2", "5.2.1", "5.2.0", "5.1.3"]
_PAD = " " * 16


def _news(hang: str = _PAD) -> str:
    out = ["VERSION         DESCRIPTION", "-" * 77]
    for v in _VERSIONS:
        out += [f"{v:<16}- fix a crash when the database is locked",
                f"{hang}- makepkg: honour the build directory when it is a",
                f"{hang}    symlink to another file system",
                f"{hang}- update translations"]
    return "\n".join(out)


def test_each_row_of_the_table_is_a_release() -> None:
    assert release_count(_news()) == (len(_VERSIONS), 0)


def test_parts_cut_between_rows_add_up_to_the_whole() -> None:
    lines = _news().split("\n")
    rows = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    for cut in rows[2:6]:
        counts = [g.count if (g := chosen(heading_groups("\n".join(part), 0))) else 0
                  for part in (lines[:cut], lines[cut:])]
        assert sum(counts) == len(_VERSIONS)


def test_a_line_whose_next_line_does_not_hang_at_its_column_is_no_row() -> None:
    lines = _news(hang=" " * 4).split("\n")
    assert not hanging_row(lines, 2, VERSION)
    assert hanging_row(_news().split("\n"), 2, VERSION)
    assert not hanging_row(["1.2.3   Fixed the parser", ""], 0, VERSION)
    assert not hanging_row(["The 1.2.3   release", "                text"], 0, VERSION)
