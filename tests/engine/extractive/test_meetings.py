"""Meetings: who decided what, action items with owners, open questions, speakers kept,
no fillers in the headline or topics (synthetic minutes and the real QMSum meetings)."""

from __future__ import annotations

import re

import pytest

from engine import load_transcript
from engine.extractive import fold_extractions, summarize_text
from engine.extractive.meeting import tidy
from tests.support.paths import SHARED_DATA

MEETINGS = sorted((SHARED_DATA / "meetings").glob("*.txt"))
FILLERS = re.compile(r"(?<![\w'-])(?:um+|uh+|hmm+|yeah|okay|mm-hmm)(?![\w'-])", re.I)

MINUTES = """\
Alice: Okay, so um this is the planning meeting for the spring release.
Bob: Um, I think we should go with the blue design for the landing page.
Alice: Yeah, agreed, we'll go with the blue design then.
Carol: Uh I'll send the updated mockups to the design team by Friday.
Alice: Bob, can you check the hosting costs before the next meeting?
Bob: Sure, I will look into the hosting costs.
Carol: Hmm, what about the translations, who owns those?
Alice: Okay.
Bob: Yeah.
"""


def test_minutes_say_who_decided_and_who_will_do_what() -> None:
    ex = summarize_text(MINUTES)
    assert ex.headline == "This is the planning meeting for the spring release."
    assert any(d.startswith(("Alice: ", "Bob: ")) and "blue design" in d for d in ex.decisions)
    assert "Carol: I'll send the updated mockups to the design team by Friday." in ex.actions
    assert "Bob: Can you check the hosting costs before the next meeting?" in ex.actions
    assert ex.open_questions == ["Carol: What about the translations, who owns those?"]
    # minutes: speakers kept, the stated purpose first, the topics last
    assert re.search(r"(?:Alice|Bob): [^.]*go with the blue design", ex.summary), ex.summary
    assert ex.summary.startswith("Alice: This is the planning meeting for the spring release.")
    assert re.search(r"Topics: [^\n]*blue design", ex.summary), ex.summary
    for text in [ex.headline, ex.summary, *ex.topics, *ex.decisions, *ex.actions]:
        assert not FILLERS.search(text), text


def test_folded_minutes_keep_decisions_and_actions() -> None:
    lines = MINUTES.splitlines(keepends=True)
    first, second = "".join(lines[:4]), "".join(lines[4:])
    parts = [summarize_text(first), summarize_text(second, len(first.encode()))]
    root = fold_extractions(parts)
    assert any("blue design" in d for d in root.decisions)
    assert any(a.startswith("Carol: ") for a in root.actions)
    assert any(a.startswith("Bob: ") for a in root.actions)


def test_tidy_drops_fillers_and_stammers() -> None:
    assert tidy("Okay Right Um well this is the kick-off meeting for our our project .") == (
        "This is the kick-off meeting for our project.")
    assert tidy("Um I think I think we should , uh , wait .") == "I think we should, wait."


@pytest.mark.parametrize("path", MEETINGS, ids=lambda p: p.stem)
def test_real_meetings_have_no_fillers_in_headline_or_topics(path: object) -> None:
    t = load_transcript(str(path))
    ex = summarize_text(t.data.decode("utf-8"))
    assert ex.headline and not FILLERS.search(ex.headline), ex.headline
    assert ex.topics and not any(FILLERS.search(topic) for topic in ex.topics), ex.topics
    assert re.search(r"(?:^|\. )[A-Z][\w .'-]{0,40}: ", ex.summary), "speakers kept"
