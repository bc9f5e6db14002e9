"""``--question`` on ``summarize`` and ``read``: the answer comes first, with where it rests
(file:line), and ``entry.answer`` / ``answer`` with ``answer_anchors`` in ``--json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import isolate_cli
from tests.support.cli import run_cli as _run
from tests.support.paths import TEST_DATA

MEETING = TEST_DATA / "meetings" / "ES2002a.txt"
QUESTION = "What did the group discuss about the email they received on the project announcement?"
# the line as the answer quotes it: the transcript's words without the fillers of speech
LINE = "Industrial Designer: I just got the project announcement about what the project is"


@pytest.fixture(autouse=True)
def _env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate_cli(tmp_path, monkeypatch)


def test_summarize_question_answer_first_with_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "summarize", str(MEETING), "--question", QUESTION)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Answer" and LINE in out
    assert f"{MEETING}:11" in out
    assert out.index(LINE) < out.index("topics:")
    code, out = _run(capsys, "summarize", str(MEETING), "--question", QUESTION, "--json")
    entry = json.loads(out)["entry"]
    assert LINE in entry["answer"] and len(entry["answer"].split()) <= 120
    assert any(a.get("line") == 11 and a["file"] == str(MEETING)
               for a in entry["answer_anchors"])


def test_summarize_without_question_has_no_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "summarize", str(MEETING), "--json")
    assert code == 0 and "answer" not in json.loads(out)["entry"]


def test_read_question_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "read", str(MEETING), "--question", QUESTION, "--json")
    assert code == 0
    d = json.loads(out)
    assert {"summary", "outline", "cursor", "stats", "truncated", "answer"} <= d.keys()
    assert any(a["line"] == 11 for a in d["answer_anchors"])
    code, out = _run(capsys, "read", str(MEETING), "--question", QUESTION)
    assert out.splitlines()[0] == "Answer" and f"{MEETING}:11" in out
    code, out = _run(capsys, "read", str(MEETING), "--json")
    assert set(json.loads(out)) == {"summary", "outline", "cursor", "stats", "truncated"}


def test_a_question_nothing_answers_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """Asked about words the meeting never uses, the answer says none was found rather than
    leaving the question out as if it had been ignored; the summary still follows."""
    asked = "Summarize the job role for each groupmate."
    for verb in ("summarize", "read"):
        code, out = _run(capsys, verb, str(MEETING), "--question", asked)
        lines = out.splitlines()
        assert code == 0 and lines[0] == "Answer", out
        assert "none found" in lines[1] and asked in lines[1]
        assert "try the words the input would use" in lines[1]
        assert "kick-off meeting" in out  # the summary is still there
    code, out = _run(capsys, "read", str(MEETING), "--question", asked, "--json")
    assert json.loads(out)["answer"] == ""


MINUTES = """\
Alice: Okay, so um this is the planning meeting for the spring release.
Bob: Um, I think we should go with the blue design for the landing page.
Alice: Yeah, agreed, we'll go with the blue design then.
Carol: Uh I'll send the updated mockups to the design team by Friday.
Alice: Bob, can you check the hosting costs before the next meeting?
Bob: Sure, I will look into the hosting costs.
"""


def test_meeting_decisions_and_actions_are_lists(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    src = tmp_path / "minutes.txt"
    src.write_text(MINUTES)
    code, out = _run(capsys, "summarize", str(src))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "This is the planning meeting for the spring release."
    assert "decided:" in lines and "to do:" in lines
    todo = lines[lines.index("to do:") + 1:]
    assert "  - Carol: I'll send the updated mockups to the design team by Friday." in todo
    code, out = _run(capsys, "summarize", str(src), "--json")
    entry = json.loads(out)["entry"]
    assert isinstance(entry["decisions"], list) and isinstance(entry["actions"], list)
