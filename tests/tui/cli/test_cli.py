"""The command line contract of DESIGN.md: JSON fields, exit codes, one-sentence errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.events import Event
from gapless.engine.core.state import fold
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from tests.support.helpers import make_transcript
from tests.support.paths import REPO_ROOT

ROOT = REPO_ROOT
SAMPLE = ROOT / "engine" / "samples" / "sample-session.jsonl"
CONTRACT = {"status", "coverage", "residual_gaps", "entry", "run_id", "calls", "tokens_in",
            "tokens_out", "bytes_read", "input_bytes"}


def gapless(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GAPLESS_DB": str(tmp / "cli.db"), "PYTHONPATH": str(ROOT),
           "GAPLESS_CONFIG": str(tmp / "config.toml")}
    return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args], capture_output=True,
                          text=True, env=env, check=False, cwd=tmp)


def test_long_transcript_small_context_is_complete(tmp_path: Path) -> None:
    out = gapless("summarize", str(SAMPLE), "--context-tokens", "2000", "--json", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d.keys() >= CONTRACT
    assert d["status"] == "complete" and d["coverage"] == 1.0 and d["residual_gaps"] == []
    assert d["calls"] > 1 and d["bytes_read"] == d["input_bytes"] > 100_000
    entry = d["entry"]
    assert entry["headline"] and entry["summary"] and 3 <= len(entry["topics"]) <= 8
    assert all(0 <= a["start"] < a["end"] <= d["input_bytes"] for a in entry["anchors"])


def test_human_output_and_question(tmp_path: Path) -> None:
    out = gapless("summarize", str(SAMPLE), "--question", "which tests failed?", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "complete" in out.stdout and "coverage 100.0%" in out.stdout


def test_incomplete_run_lists_gaps_and_exits_1(tmp_path: Path) -> None:
    script = tmp_path / "answers.json"
    script.write_text(json.dumps(["not json"] * 5))
    src = tmp_path / "notes.md"
    src.write_bytes(make_transcript(40, 40).data)
    out = gapless("summarize", str(src), "--provider", "scripted", "--script", str(script),
                  "--context-tokens", "1024", "--strategy", "tree", "--json", tmp=tmp_path)
    assert out.returncode == 1
    d = json.loads(out.stdout)
    assert d["status"] in ("incomplete", "failed") and d["coverage"] < 1.0
    assert d["residual_gaps"] and d["entry"] is None


@pytest.mark.parametrize("args, message", [
    (["summarize", "/no/such/file.jsonl"], "No such file"),
    (["summarize", ".", "--context-tokens", "10"], "context_tokens"),
    (["summarize", "x", "--provider", "scripted"], "script"),
    (["why", "nope"], "no run"),
    (["rollup", "--week", "last tuesday"], "not a date"),
])
def test_user_errors_are_one_sentence(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "x").write_text("hello world")
    out = gapless(*args, tmp=tmp_path)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_no_command_prints_help(tmp_path: Path) -> None:
    out = gapless(tmp=tmp_path)
    assert out.returncode == 2 and "summarize" in out.stdout


async def test_state_at_step_k_is_the_fold_of_the_first_k_events() -> None:
    events: list[Event] = []
    result = await summarize_transcript(make_transcript(120, 50), RunRequest(Settings(context_tokens=1024)), sinks=[events.append])
    final = fold(events)
    assert final.entry == result.entry and final.calls == result.calls
    previous = -1
    for k in range(0, len(events) + 1, max(1, len(events) // 25)):
        st = fold(events[:k])
        assert st.events == k
        assert st.bytes_read >= previous  # reads only grow as the run goes on
        previous = st.bytes_read


def test_rerun_a_failed_run_by_hand(tmp_path: Path) -> None:
    script = tmp_path / "answers.json"
    script.write_text(json.dumps(["not json"] * 200))
    src = tmp_path / "notes.md"
    src.write_bytes(make_transcript(40, 40).data)
    first = gapless("summarize", str(src), "--provider", "scripted", "--script", str(script),
                    "--context-tokens", "1024", "--json", tmp=tmp_path)
    assert first.returncode == 1
    run_id = json.loads(first.stdout)["run_id"]
    again = gapless("rerun", run_id[:8], "--context-tokens", "1024", "--json", tmp=tmp_path)
    assert again.returncode == 0, again.stderr
    out = json.loads(again.stdout)
    assert out["status"] == "complete" and out["coverage"] == 1.0 and out["run_id"] != run_id
    why = json.loads(gapless("why", out["run_id"], "--json", tmp=tmp_path).stdout)
    assert why["parent_run_id"] == run_id
