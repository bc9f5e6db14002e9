"""A release heading whose body opens with a date written as a reference link's text
("**Date**: [22nd September 2022][3.14.0-milestone]"): the label is markup a reader never
sees, so its version is no item's and its length no part of the note; and a day-first date
may write its day as an ordinal ("22nd September 2022")."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_headings import releases_of


def _notes(note: str) -> str:
    out = "# Release Notes\n\n## 3.14.x series\n\n"
    for version, day in [("3.14.2", "22nd September 2022"), ("3.14.1", "3rd May 2022"),
                         ("3.14.0", "1st March 2022")]:
        out += (f"### {version}\n\n{note.format(day=day, version=version)}\n\n"
                "* Make the serializer's errors stable on empty input. [#8601]\n\n")
    return out


def test_a_date_in_a_reference_link_dates_its_release() -> None:
    found = releases_of(_notes("**Date**: [{day}][{version}-milestone]"))
    assert [(r.title, r.date) for r in found] == [
        ("3.14.2", "22nd September 2022"), ("3.14.1", "3rd May 2022"),
        ("3.14.0", "1st March 2022")]


def test_an_ordinal_day_first_date_dates_its_release() -> None:
    found = releases_of(_notes("**Date**: {day}"))
    assert [r.date for r in found] == ["22nd September 2022", "3rd May 2022",
                                       "1st March 2022"]


def test_an_inline_link_naming_a_version_is_still_an_item() -> None:
    found = releases_of(_notes("See [{version} upgrade notes](https://example.org/{version})"
                               " for the changes made in {day}"))
    assert [r.date for r in found] == ["", "", ""]
