"""``gapless read --question``: the question reaches the model prompts and the model's
``answer`` becomes read's ``answer``; offline, a fact in the middle of a 2 MB file is found."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.providers.base import ModelRequest
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary
from gapless.tui.cli.main import main
from tests.support.cli import isolate_cli

QUESTION = "At what monthly price was the warehouse lease renewal settled?"
FACT = "Dana: The warehouse lease renewal was settled at 4,375 euros per month."
_WORDS = ("budget", "schedule", "design", "review", "team", "release", "customer", "feature",
          "report", "plan", "testing", "office", "travel", "supplier", "training", "quarter")
_NAMES = ("Alice", "Bob", "Carol", "Erin", "Frank")


def _write(path: Path, size: int, seed: int = 7) -> int:
    """Talk of ``size`` bytes with FACT on one line in the middle; returns its 1-based line."""
    rnd = random.Random(seed)
    lines: list[str] = []
    total = 0
    fact_line = 0
    while total < size:
        if not fact_line and total >= size // 2:
            lines.append(FACT)
            fact_line = len(lines)
        words = " ".join(rnd.choice(_WORDS) for _ in range(rnd.randrange(8, 20)))
        lines.append(f"{rnd.choice(_NAMES)}: We talked about the {words}.")
        total += len(lines[-1]) + 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return fact_line


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
def test_a_fact_in_the_middle_of_2_mb_is_the_answer(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    isolate_cli(tmp_path, monkeypatch)
    f = tmp_path / "talk.txt"
    line = _write(f, 2 * 1024 * 1024)
    capsys.readouterr()
    assert main(["read", str(f), "--question", QUESTION, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "4,375 euros per month" in out["answer"], out["answer"]
    assert len(out["answer"].split()) <= 120
    assert any(a["line"] == line for a in out["answer_anchors"]), (
        line, out["answer_anchors"])


async def test_the_question_reaches_the_model_and_its_answer_comes_back(tmp_path: Path) -> None:
    f = tmp_path / "talk.txt"
    _write(f, 60_000)
    inner = ExtractiveProvider()
    prompts: list[tuple[str, str]] = []

    def policy(request: ModelRequest, index: int) -> str:
        prompts.append((request.purpose, request.prompt))
        reply = json.loads(inner.answer(request))
        # a model that answers only from what it is shown: the chunk, or its children's answers
        reply["answer"] = "The lease was renewed at 4,375 euros a month." if (
            "4,375 euros" in request.prompt) else ""
        return json.dumps(reply)

    r = await read_summary(f, ReadOptions(question=QUESTION), settings=Settings.model_validate({"context_tokens": 4096}), provider=ScriptedProvider(policy=policy))
    assert r.status == "complete"
    chunks = [p for purpose, p in prompts if purpose == "chunk"]
    assert len(chunks) > 1
    assert all(QUESTION in p and '"answer"' in p for p in chunks)
    assert all(QUESTION in p for purpose, p in prompts if purpose != "chunk")
    assert r.answer == "The lease was renewed at 4,375 euros a month."
    assert r.to_json()["answer"] == r.answer
