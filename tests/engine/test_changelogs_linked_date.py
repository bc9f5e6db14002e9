"""A release heading whose body opens with its date followed by a link alone
("December 21st 2023 [Detailed release notes](…)"): the line notes the release's date,
however long the link; a date followed by words is an item, no note of the release."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_headings import releases_of


def _changelog(note: str) -> str:
    out = "# Change log\n\nAll notable changes are documented in this file.\n\n"
    for version, day in [("2.5.1.Final", "December 21st 2023"),
                         ("2.5.0.Final", "December 4th 2023"),
                         ("2.5.0.CR1", "November 16th 2023")]:
        out += (f"## {version}\n{note.format(day=day)}\n\n### Fixes since the last release\n\n"
                "* Fix the connector's offsets [DBZ-7211](https://issues.example.org/DBZ-7211)"
                "\n\n")
    return out


def test_a_date_over_a_link_dates_its_release() -> None:
    found = releases_of(_changelog(
        "{day} [Detailed release notes](https://issues.example.org/ReleaseNote.jspa?"
        "projectId=12317320&version=12416463)"))
    assert [(r.title, r.date) for r in found] == [
        ("2.5.1.Final", "December 21st 2023"), ("2.5.0.Final", "December 4th 2023"),
        ("2.5.0.CR1", "November 16th 2023")]


def test_a_bare_url_after_the_date_dates_it_too() -> None:
    found = releases_of(_changelog("{day} https://issues.example.org/notes/12416463"))
    assert found[0].date == "December 21st 2023"


def test_a_date_then_words_is_an_item() -> None:
    found = releases_of(_changelog(
        "{day} the offsets were reset [DBZ-7100](https://issues.example.org/DBZ-7100)"))
    assert [r.date for r in found] == ["", "", ""]
