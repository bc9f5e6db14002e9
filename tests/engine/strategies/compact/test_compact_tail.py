"""Compaction on the real sessions in tests/data: the longest tail that fits, the agent's
last turn always in it, Codex sessions accepted, and a report that says exactly what was done."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gapless.engine.strategies.compact.compaction import FILL, CompactAsk, compact_conversation
from gapless.engine.strategies.compact.messages import load_conversation, message_tokens
from tests.support.paths import REPO_ROOT, TEST_DATA

SESSIONS = sorted((TEST_DATA / "claude-projects").glob("*/*.jsonl")) + sorted(
    p for p in (TEST_DATA / "codex").glob("*.jsonl") if p.stat().st_size > 50_000)


@pytest.mark.parametrize("budget", [8000, 32000])
@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.name[:12])
async def test_the_tail_is_the_longest_that_fits_and_keeps_the_last_turn(path: Path,
                                                                        budget: int) -> None:
    conv = load_conversation(path)
    r = await compact_conversation(path, CompactAsk(budget))
    assert r.status == "complete" and r.triggered
    n_system = len(r.messages) - 2 - r.kept
    body = conv.messages[n_system:]
    assert r.summarized + r.kept == len(body)
    tail = r.messages[n_system + 2:]
    assert tail == [m.raw for m in body[r.summarized:]]
    # The agent's last turn is never summarized away.
    last = max(i for i, m in enumerate(body) if m.role == "assistant")
    assert r.summarized <= last
    assert r.tokens_after == sum(message_tokens(m) for m in r.messages)
    if r.tokens_after >= r.target * FILL:
        return
    # Under 80 % of the target only when the next older split would not have fitted.
    older = [k for k in range(1, r.summarized)
             if not body[k].tool_result_only]
    assert older, "a shorter head was possible"
    k = max(older)
    more = sum(m.tokens for m in body[k:r.summarized])
    assert r.tokens_after + more > r.target


async def test_a_codex_session_compacts_to_tool_calls_and_their_outputs() -> None:
    path = TEST_DATA / "codex" / "scout_codex-session.jsonl"
    r = await compact_conversation(path, CompactAsk(32000))
    assert r.status == "complete" and r.summarized and r.kept
    roles = [m["role"] for m in r.messages]
    assert roles[0] in ("system", "developer")  # the base instructions stay verbatim
    calls = {c["id"] for m in r.messages for c in m.get("tool_calls") or []}
    outputs = {m["tool_call_id"] for m in r.messages if m["role"] == "tool"}
    assert outputs and outputs <= calls  # no output in the tail without its call
    assert r.messages[-1]["role"] in ("assistant", "tool", "user")


def test_the_report_says_what_was_done(tmp_path: Path) -> None:
    path = SESSIONS[0]
    done = subprocess.run(
        [sys.executable, "-m", "gapless.tui.cli", "compact", str(path), "--budget", "16000", "--json",
         "--db", str(tmp_path / "g.db")],
        capture_output=True, text=True, cwd=REPO_ROOT, check=False)
    assert done.returncode == 0, done.stderr
    obj = json.loads(done.stdout)
    first = done.stderr.splitlines()[0]
    assert (f"summarized {obj['summarized']} messages, kept {obj['kept_verbatim']} verbatim"
            in first)
    assert f"(target {obj['target']} of a 16000-token budget)" in first
    assert "fell back" not in done.stderr
    assert obj["kept_verbatim"] >= 1


async def test_a_system_prompt_over_the_budget_is_said_not_hidden() -> None:
    """Codex's base instructions alone (~14k tokens) are over an 8k budget: they stay
    verbatim, and the result says why it is still over the budget instead of reporting a
    plain success."""
    path = TEST_DATA / "codex" / "scout_codex-session.jsonl"
    conv = load_conversation(path)
    system = sum(m.tokens for m in conv.messages if m.role in ("system", "developer"))
    assert system > 8192
    r = await compact_conversation(path, CompactAsk(8192))
    assert r.status == "complete" and r.tokens_after > 8192
    assert r.reason == (f"the result ({r.tokens_after:,} tokens) is over the 8,192-token "
                        f"budget: the system prompt alone is {system:,} tokens, kept verbatim "
                        "(compaction never rewrites the harness's instructions)")
    r = await compact_conversation(path, CompactAsk(32000))
    assert r.tokens_after <= 32000 and r.reason == ""
