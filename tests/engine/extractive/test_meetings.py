"""Meetings: who decided what, action items with owners, open questions, speakers kept,
no fillers in the headline or topics (synthetic minutes and the real QMSum meetings)."""

from __future__ import annotations

import re

import pytest

from gapless.engine import load_transcript
from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.extractive.meeting import tidy
from gapless.engine.extractive.segment import parse_text
from gapless.engine.sources.meeting import MARKUP
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary
from tests.support.paths import TEST_DATA

MEETINGS = sorted((TEST_DATA / "meetings").glob("*.txt"))
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


KICKOFF = """\
Alice: Right, this is our agenda, we will do some stuff and then we'll go through the brief.
Bob: Hi, I'm Bob, I work on the interface side of things.
Alice: According to the brief we're selling the remote for twenty five Euro in shops.
Carol: That sounds like a fair price for a remote of this kind, I suppose.
Alice: Everyone, you all need to send your design notes to the shared drive by Friday.
Bob: We need to check what the competitors charge for their remotes.
Carol: I'll draw the first sketches of the casing for our next session.
"""


def test_an_agenda_is_no_decision_and_a_price_agreed_is_one() -> None:
    ex = summarize_text(KICKOFF)
    assert not any("agenda" in d for d in ex.decisions), ex.decisions
    assert any(d.startswith("Alice: ") and "twenty five Euro" in d for d in ex.decisions), \
        ex.decisions


def test_an_action_is_owned_by_a_person_never_by_the_group() -> None:
    ex = summarize_text(KICKOFF)
    assert "Carol: I'll draw the first sketches of the casing for our next session." \
        in ex.actions
    owners = {a.partition(": ")[0] for a in ex.actions}
    assert owners <= {"Alice", "Bob", "Carol"}, ex.actions
    # the work the whole group takes on is one of the meeting's commitments, said by whom
    assert any(d.startswith("Alice: ") and "design notes" in d for d in ex.decisions), \
        ex.decisions
    assert any(d.startswith("Bob: ") and "competitors" in d for d in ex.decisions), ex.decisions


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
    # a restarted word goes, the end of a contraction stays
    assert tidy("the des design is it 's supposed to be , why didn't the team") == (
        "The design is it's supposed to be, why didn't the team")


@pytest.mark.parametrize("path", MEETINGS, ids=lambda p: p.stem)
def test_real_meetings_have_no_fillers_in_headline_or_topics(path: object) -> None:
    t = load_transcript(str(path))
    ex = summarize_text(t.data.decode("utf-8"))
    assert ex.headline and not FILLERS.search(ex.headline), ex.headline
    assert ex.topics and not any(FILLERS.search(topic) for topic in ex.topics), ex.topics
    assert re.search(r"(?:^|\. )[A-Z][\w .'-]{0,40}: ", ex.summary), "speakers kept"


_MARKUP_LEFT = re.compile(r"\{[A-Za-z_]+\}")


async def test_read_of_a_raw_meeting_quotes_what_was_said_without_its_markup() -> None:
    """``gapless read`` reads the file's own bytes, transcription markup and all (QMSum's
    ``{disfmarker}``, ``{vocalsound}``): the summary, topics, outline and answer quote what
    was said, and each answer anchor still points at the raw line it quotes."""
    path = TEST_DATA / "meetings" / "Bed004.txt"
    raw = path.read_bytes()
    assert raw.count(b"{disfmarker}") > 100
    r = await read_summary(path, ReadOptions(question="Who did a good job as the wizard?"))
    assert r.status == "complete"
    shown = [r.summary, r.answer, *(e.title for e in r.outline), *(e.digest for e in r.outline)]
    for text in shown:
        assert not _MARKUP_LEFT.search(text), text
    assert "disfmarker" not in r.summary.lower() and "wizard" in r.answer.lower()
    assert r.answer_anchors
    for anchor in r.answer_anchors:
        quoted = raw[anchor["start"]:anchor["end"]].decode("utf-8")
        said = " ".join(MARKUP.sub(" ", quoted).split())
        words = [w for w in said.split() if w.isalpha() and len(w) > 4][:3]  # no fillers
        assert words and all(w in r.answer for w in words), (said, r.answer)


def test_spoken_sentences_drop_markup_and_sentences_of_only_markup() -> None:
    text = ("Grad A: I wasn't {disfmarker} wasn't sure about the wizard .\n"
            "Grad D: {vocalsound} .\n"
            "Grad C: The {gap} wizard did a good job .\n"
            "Bob: Put {user} in the greeting template [laughter].\n")
    units = parse_text(text).units
    # a chat line's own braces are what it says; only the corpora's markup goes
    assert [u.text for u in units] == ["I wasn't wasn't sure about the wizard .",
                                       "The wizard did a good job .",
                                       "Put {user} in the greeting template ."]
    assert "disfmarker" not in {t for u in units for t in u.terms}
    # the spans stay raw: the first unit's span still holds the markup it was read with
    assert "{disfmarker}" in text[units[0].start:units[0].end]


def test_forms_of_address_are_no_topics() -> None:
    """A chaired session ("Mr.Chair, why is it …") is not about the chair."""
    t = load_transcript(str(TEST_DATA / "meetings" / "covid_0.txt"))
    ex = summarize_text(t.data.decode("utf-8"))
    assert ex.topics and not {"chair", "mr.chair"} & {x.lower() for x in ex.topics}, ex.topics
    assert " on chair" not in ex.headline
