"""Offline answers to questions: the transcript line that states the fact, anchored, short.

The questions and their relevant turns are QMSum's (tests/data/meetings/references.json);
each one picked here has its answer on one line of the transcript."""

from __future__ import annotations

import json

import pytest

from gapless.engine import load_transcript
from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.extractive.answers import MAX_ANSWER_WORDS, query_terms, stem
from gapless.engine.extractive.meeting import tidy
from tests.support.paths import TEST_DATA

MEETINGS = TEST_DATA / "meetings"
REF_FILE = MEETINGS / "references.json"
REFS = json.loads(REF_FILE.read_text()) if REF_FILE.exists() else {}

# (meeting, index of the specific query): questions whose answer one line states.
ONE_LINE = [("ES2002a", 2), ("TS3003a", 4), ("Bed004", 1)]
# Of those, the ones whose line each leaf of a four-way cut still nominates (in Bed004's
# first quarter, other lines about the wizard outscore the one the reference points at).
FOLDED = ONE_LINE[:2]


def _norm(text: str) -> str:
    return " ".join(text.split())


def _check(name: str, k: int, extraction: Extraction) -> None:
    t = load_transcript(str(MEETINGS / f"{name}.txt"))
    query = REFS[name]["specific_queries"][k]
    assert extraction.answer and len(extraction.answer.split()) <= MAX_ANSWER_WORDS
    quoted = []
    for a in t.annotate_anchors([a.model_dump() for a in extraction.answer_anchors]):
        line = a.get("line")
        assert isinstance(line, int) and a["file"].endswith(f"{name}.txt")
        if any(lo <= line - 1 <= hi for lo, hi in query["relevant_turns"]):
            start, end = int(str(a["start"])), int(str(a["end"]))
            quoted.append(_norm(t.data[start:end].decode("utf-8")))
    assert quoted, (query["query"], extraction.answer)
    # the whole line that states the fact is in the answer, as the transcript says it
    # without the fillers of speech (tidied as minutes quote it)
    assert any(_norm(tidy(q)) in _norm(extraction.answer) for q in quoted)


@pytest.mark.parametrize(("name", "k"), ONE_LINE)
def test_answer_quotes_the_line_that_states_the_fact(name: str, k: int) -> None:
    t = load_transcript(str(MEETINGS / f"{name}.txt"))
    query = REFS[name]["specific_queries"][k]["query"]
    ex = summarize_text(t.data.decode("utf-8"), 0, question=query)
    _check(name, k, ex)


@pytest.mark.parametrize(("name", "k"), FOLDED)
def test_folds_keep_the_best_answer(name: str, k: int) -> None:
    """Leaves nominate, folds keep the best: cut into four leaves, the root still quotes
    the line."""
    t = load_transcript(str(MEETINGS / f"{name}.txt"))
    query = REFS[name]["specific_queries"][k]["query"]
    data = t.data
    cuts = [0] + [data.index(b"\n", len(data) * i // 4) + 1 for i in (1, 2, 3)] + [len(data)]
    leaves = [summarize_text(data[a:b].decode("utf-8"), a, question=query)
              for a, b in zip(cuts, cuts[1:], strict=False)]
    root = fold_extractions([fold_extractions(leaves[:2], question=query),
                             fold_extractions(leaves[2:], question=query)], question=query)
    _check(name, k, root)


def test_no_question_no_answer_and_dumps_unchanged() -> None:
    ex = summarize_text("Alice: we ship on Friday.\nBob: fine by me.\n")
    assert ex.answer == "" and ex.answer_anchors == []
    dumped = ex.model_dump()
    assert "answer" not in dumped and "answer_anchors" not in dumped
    assert "decisions" not in dumped and "actions" not in dumped


def test_question_words_and_stems() -> None:
    assert query_terms("Summarize the discussion about the remote controls") == [stem("remote"),
        "control"]
    assert stem("meetings") == "meeting" and stem("decided") == stem("decide") == "decid"
    assert stem("batteries") == "battery"


def test_answer_fields_survive_a_model_reply() -> None:
    ex = Extraction.model_validate({"headline": "h", "summary": "s", "topics": [],
                                    "answer": None, "answer_anchors": [{"start": "3", "end": 9},
                                                                       {"bad": 1}]})
    assert ex.answer == "" and [(a.start, a.end) for a in ex.answer_anchors] == [(3, 9)]


def test_a_fold_without_the_question_keeps_the_leaves_best_pieces() -> None:
    name, k = FOLDED[0]
    t = load_transcript(str(MEETINGS / f"{name}.txt"))
    query = REFS[name]["specific_queries"][k]["query"]
    data = t.data
    cut = data.index(b"\n", len(data) // 2) + 1
    leaves = [summarize_text(data[:cut].decode("utf-8"), 0, question=query),
              summarize_text(data[cut:].decode("utf-8"), cut, question=query)]
    _check(name, k, fold_extractions(leaves))


def test_an_answer_does_not_say_the_same_thing_twice() -> None:
    """Two subagents reporting one finding in nearly the same words: the answer quotes it
    once, and the words go to the next relevant passage; in a fold of both, too."""
    first = ("### user · t\nWhy did adb root fail on the emulator?\n\n"
             "### assistant · t\nThe adb root command failed with 'adbd cannot run as root in "
             "production builds' on the emulator image.\n\n")
    second = ("### assistant · t\nThe adb root command explicitly failed with 'adbd cannot run "
              "as root in production builds' on the emulator image.\n\n"
              "### assistant · t\nThe google_apis emulator image is a user build, so adb root "
              "is refused; a userdebug image allows adb root.\n")
    question = "why did adb root fail?"
    whole = summarize_text(first + second, question=question)
    assert whole.answer.count("cannot run as root in production builds") == 1, whole.answer
    assert "userdebug image allows adb root" in whole.answer
    parts = [summarize_text(first, question=question),
             summarize_text(second, len(first.encode()), question=question)]
    folded = fold_extractions(parts, question=question)
    assert folded.answer.count("cannot run as root in production builds") == 1, folded.answer
    assert "userdebug" in folded.answer
