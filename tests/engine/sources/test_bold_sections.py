"""Bold labels that each open a list are a document's sections (a changelog's "**Bug Fixes**"
under each release), never two speakers taking turns; bold labels that open words are."""

from __future__ import annotations

from gapless.engine.extractive.kinds.registry import detect
from gapless.engine.extractive.turns import learn_turns
from tests.support.helpers import counted_and_named, cut_at_random


def _notes(releases: int) -> str:
    parts = ["# Core\n\nRelease notes of the core library.\n"]
    for k in range(releases, 0, -1):
        parts.append(f"## [v1.{k}.0](https://example.org/compare/v1.{k - 1}.0...v1.{k}.0) "
                     f"(2023-{k:02d}-05)\n\n**Fixed bugs:**\n\n"
                     f"- The parser no longer drops a field [\\#{100 + k}]\n"
                     f"- Fix the retry policy behind a proxy [\\#{200 + k}]\n\n"
                     "**Merged pull requests:**\n\n"
                     f"- Bump urllib3 from 2.{k}.0 to 2.{k}.1 [\\#{300 + k}] (octocat)\n")
    return "\n".join(parts)


def test_bold_labels_over_lists_are_sections_not_turns() -> None:
    text = _notes(12)
    assert learn_turns(text) is None
    assert detect(text).name == "changelog"
    counted_and_named(text, 12, False, "v1.12.0, 2023-12-05")
    stated = [(cuts, g) for cuts, g in cut_at_random(text, 150) if g is not None]
    assert stated
    for cuts, g in stated:
        assert g.count == 12, cuts


def test_a_part_cut_right_under_a_label_is_still_sections() -> None:
    text = _notes(3)
    cut = text.rindex("**Merged pull requests:**") + len("**Merged pull requests:**\n")
    assert learn_turns(text[:cut]) is None


def test_bold_labels_that_open_words_are_turns() -> None:
    text = "".join(f"**User:**\n\nHow do I run the migrations on release number {k}?\n\n"
                   f"**Assistant:**\n\n- Add a release command.\n- Run it before the rollout.\n\n"
                   for k in range(4))
    turns = learn_turns(text)
    assert turns is not None and set(turns.roles.values()) == {"user", "assistant"}
