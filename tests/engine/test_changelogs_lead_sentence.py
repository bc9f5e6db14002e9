"""A line that opens with the releases' shared lead ("Twisted " of "Twisted 23.10.0
(date)") but goes on as a sentence, a word of small letters in the version's place and a
full stop at its end, is prose about the project, not a release heading: counted as one
it would be taken for the release being prepared."""

from __future__ import annotations

from tests.support.changelogs import release_count


def _news(preamble: str) -> str:
    out = f"{preamble}\n\n.. towncrier release notes start\n\n"
    for k, day in enumerate(["2023-10-31", "2023-08-28", "2023-06-01", "2023-03-05"]):
        title = f"Widget 23.{10 - k}.0 ({day})"
        out += f"{title}\n{'=' * len(title)}\n\nBugfixes\n--------\n\n- Fix the cache. (#1{k}23)\n\n"
    return out


def test_a_sentence_opening_with_the_lead_is_no_heading() -> None:
    text = _news("Widget uses ``towncrier`` to manage its release notes.")
    assert release_count(text) == (4, 0)


def test_a_name_for_the_next_release_after_the_lead_still_counts() -> None:
    text = _news("Widget next\n===========\n\n- Add a flag.")
    assert release_count(text) == (4, 1)
