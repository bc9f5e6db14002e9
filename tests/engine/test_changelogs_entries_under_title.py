"""Entries right under the text's one-line title, above releases headed by plain lines and
written like the entries under the newest ("o [GH#2652] text" over "Foo 7.94 [date]" and
its "o " items), are the changes since that release, under no heading yet: counted apart,
not released, where a preamble in words or a Markdown history's list is left alone."""

from __future__ import annotations

from tests.support.changelogs import release_count

_VERSIONS = ["7.94", "7.93", "7.92", "7.91", "7.90", "7.80", "7.70"]


def _changelog(above: list[str], title: str = "#Foo Changelog ($Id$); -*-text-*-",
               head: str = "Foo {v} [2023-05-{d:02d}]") -> str:
    out = [title, "", *above]
    for k, v in enumerate(_VERSIONS):
        out += [head.format(v=v, d=28 - k), "", "o [GH#2571] Fix the parser when the input",
                "  is empty.", "", "o Speed up the cache under heavy load.", ""]
    return "\n".join(out)


def test_entries_under_the_title_are_not_released_yet() -> None:
    above = ["o [GH#2652] Fix the scheduler in dry-run mode.", "",
             "o Document the plugin API.", ""]
    assert release_count(_changelog(above)) == (len(_VERSIONS), 1)


def test_without_them_every_release_is_out() -> None:
    assert release_count(_changelog([])) == (len(_VERSIONS), 0)


def test_a_preamble_in_words_is_left_alone() -> None:
    above = ["This file lists the changes of each release, newest first.", ""]
    assert release_count(_changelog(above)) == (len(_VERSIONS), 0)


def test_a_markdown_history_under_a_list_is_left_alone() -> None:
    above = ["- [Docs](https://example.org/docs)", "- [Issues](https://example.org/issues)", ""]
    text = _changelog(above, title="# Changelog", head="## {v} (2023-05-{d:02d})")
    text = text.replace("o [GH#2571]", "- [GH#2571]").replace("o Speed", "- Speed")
    assert release_count(text) == (len(_VERSIONS), 0)
