"""A date left to fill in may write the format's letters in the order and with the
separator of the file's numeric dates ("version 2.14.14 (MM/DD/YYYY):" over "version
2.14.13 (02/03/2024):"): the release is not out yet, counted apart, not as the newest."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_headings import DATE_HOLE
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def test_the_formats_letters_in_any_order_are_a_date_left_to_fill_in() -> None:
    assert DATE_HOLE.search("version 2.14.14 (MM/DD/YYYY):")
    assert DATE_HOLE.search("3.1.0 (DD.MM.YYYY)")
    assert DATE_HOLE.search("## 1.0.0 - yyyy/mm/dd")
    assert not DATE_HOLE.search("version 2.14.13 (02/03/2024):")
    assert not DATE_HOLE.search("Dates now print as MMDDYYYY")


def _pidgin(n: int) -> str:
    out = ["Pidgin and Finch: The Pimpin' Penguin IM Clients", "",
           f"version 2.14.{n + 1} (MM/DD/YYYY):", "\tlibpurple:", "\t* Fix the parser", ""]
    for k in range(n, 0, -1):
        out += [f"version 2.14.{k} ({k:02d}/0{k % 9 + 1}/2023):", "\tPidgin:",
                f"\t* Fix the cache (PIDGIN-{17000 + k})", ""]
    return "\n".join(out)


def test_a_release_dated_in_the_formats_letters_is_counted_apart() -> None:
    text = _pidgin(6)
    assert release_count(text) == (6, 1)
    assert headline(heading_groups(text, 0)).startswith("Newest release: version 2.14.6 ")
