"""Release marks set between rules, indented among numbered entries ("\\t--- 2.1.3
released ---"): each is a release however far it is indented, and in a newest-first
history the entries above the first mark are the release in development, counted apart.
An indented line of a body that is not wrapped in rules stays no heading, and a history
oldest first, whose marks close the entries above them, counts no development above."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
    merged_groups,
)
from gapless.engine.extractive.kinds.registry import summarize
from tests.support.changelogs import release_count

_TAGS = ["bug", "func", "cleanup", "doc"]


def _entries(first: int, n: int) -> str:
    return "".join(f"{k}.\t[{_TAGS[k % 4]}]\t\tFix the resolver when the zone {k} is\n"
                   f"\t\t\tsigned twice. [GL #{k + 3000}]\n\n"
                   for k in range(first, first - n, -1))


def _newest_first(top: int) -> str:
    text, num = _entries(900, top), 900 - top
    for p in range(5, 0, -1):
        text += f"\t--- 2.1.{p} released ---\n\n" + _entries(num, 3)
        num -= 3
    return text


def test_marks_between_rules_are_releases_and_the_entries_above_are_in_development() -> None:
    text = _newest_first(2)
    assert release_count(text) == (5, 1)
    assert headline(heading_groups(text, 0)) == \
        "Newest release: --- 2.1.5 released --- (of 5 releases)."
    # nothing above the first mark: no release in development
    assert release_count(_newest_first(0)) == (5, 0)
    # split anywhere, the parts still count five releases
    lines = text.split("\n")
    for cut in range(1, len(lines) - 1, 3):
        head = "\n".join(lines[:cut]) + "\n"
        g = chosen(merged_groups([summarize(head, 0),
                                  summarize("\n".join(lines[cut:]), len(head))]))
        assert g is not None and g.count == 5, cut


def test_an_indented_line_not_wrapped_in_rules_is_no_mark() -> None:
    text = _newest_first(2).replace("\t--- 2.1.", "\tsee 2.1.").replace(" released ---",
                                                                         " released")
    assert chosen(heading_groups(text, 0)) is None


def test_marks_closing_an_oldest_first_history_count_no_development() -> None:
    text = "".join(f"2019-0{p}-01 (bug) Fix the parser.\n\n--- Released 8.6.{p}, "
                   f"Mar {p}, 2019 ---\n\n" for p in range(1, 6))
    assert release_count(text) == (5, 0)


def test_a_title_and_a_note_above_the_first_mark_are_no_development() -> None:
    text = "Widget Change Log\n\nFor older versions, see the site.\n\n" + "".join(
        f"=============== Widget 3.{p}.0 ===============\n\nBug Fixes\n---------\n"
        f"* WID-{p}: Fix the parser.\n\n" for p in range(5, 0, -1))
    assert release_count(text) == (5, 0)
    # the same history opening with entries written like those under its marks
    assert release_count("* WID-9: Faster start.\n\n" + text.split("\n\n", 2)[2]
                         .replace("Bug Fixes\n---------\n", "")) == (5, 1)
