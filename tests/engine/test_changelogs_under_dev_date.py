""""(under dev)" in a release heading's date place says the date is not known yet, as
"(in progress)" does: the release is counted apart, however few dated releases are under
it (a small window's first part: two)."""

from __future__ import annotations

from tests.support.changelogs import release_count


def _history(top: str) -> str:
    text = "= Foo ChangeLog\n:lang: en\n\n"
    text += f"[[v4.2.0]]\n{top}\n\nBug fixes::\n\n  * core: fix the parser\n\n"
    for v, d in (("4.1.2", "2023-12-03"), ("4.1.1", "2023-11-01")):
        text += f"[[v{v}]]\n== Version {v} ({d})\n\nBug fixes::\n\n  * irc: fix a thing\n\n"
    return text


def test_under_dev_in_the_date_place_is_not_released_yet() -> None:
    assert release_count(_history("== Version 4.2.0 (under dev)")) == (2, 1)
    assert release_count(_history("== Version 4.2.0 (under development)")) == (2, 1)


def test_the_words_in_a_title_leave_it_a_release() -> None:
    assert release_count(_history("== Version 4.2.0 (2024-01-05)")) == (3, 0)
