"""The tree's first leaf measures the model (issue 42): against a server that reports its
prompt tokens but has no tokenizer endpoint, no calibration probe is sent — the first leaf
is read alone, the usage its reply reports fits a model of the server's counts (tokens per
character, and per byte past a character's first once prompts tell them apart), and the
rest is packed to the window by it. Real loopback servers (tests/support/fault_server.py),
a real SQLite store and the independent verifier."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import subprocess
from pathlib import Path

import pytest

from gapless.engine.audit.verify import verify_runs
from gapless.engine.core.events import Event, InvocationStarted, ProviderCall
from gapless.engine.core.transcript import Origin, Transcript, TranscriptBuilder
from gapless.engine.run.memo import MemoryMemo
from gapless.engine.run.request import RunRequest
from gapless.engine.run.token_model import continuing_marks, usage_model
from gapless.engine.service import summarize_stored, summarize_transcript
from gapless.engine.store import Store
from gapless.engine.strategies.tree_plan import Shape, folds_of, lead_partitions, partition
from gapless.engine.usecases.plan import plan_transcript
from tests.support.fault_server import FaultServer, fast_settings

WORDS = ["parser", "cache", "migration", "schema", "pytest", "failing", "fixed", "index",
         "query", "latency", "timeout", "retry", "server", "deploy", "branch", "commit"]
# stretches of text whose characters take more than one byte (as a session's arrows,
# dashes, accented names and CJK comments do), unevenly spread over the input
WIDE = ["→", "—", "café", "naïve", "日本語のコメント", "✓ passed", "Größe", "📦"]


def mixed_transcript(n_messages: int = 420, seed: int = 3) -> Transcript:
    rnd = random.Random(seed)
    b = TranscriptBuilder(kind="test", name=f"mixed-{seed}")
    for i in range(n_messages):
        role = "user" if i % 2 == 0 else "assistant"
        wide = 0.3 if (i // 40) % 3 == 1 else 0.02  # some stretches far wider than others
        body = " ".join(rnd.choice(WIDE) if rnd.random() < wide else rnd.choice(WORDS)
                        for _ in range(70))
        b.add(f"### {role} · message {i}\nWe looked at src/mod_{i % 7}.py and {body}.\n",
              Origin("gen.jsonl", "s1"), role=role, timestamp=f"2026-01-01T10:{i % 60:02d}:00Z")
    return b.build()


def leaf_calls(events: list[Event]) -> list[ProviderCall]:
    return [e for e in events if isinstance(e, ProviderCall) and e.purpose == "leaf" and e.ok]


@pytest.mark.parametrize("chars_per_token,window", [(2.5, 2048), (4.0, 2048), (5.0, 2048),
                                                    (4.0, 4000)])
async def test_no_probe_is_sent_and_the_first_leaf_measures_the_rest(chars_per_token: float,
                                                                      window: int) -> None:
    t = mixed_transcript()
    settings = fast_settings("", context_tokens=window, timeout_seconds=30)
    events: list[Event] = []
    with FaultServer(window_tokens=window, chars_per_token=chars_per_token) as server:
        result = await summarize_transcript(
            t, RunRequest(settings.model_copy(update={"base_url": server.url}),
                          strategy="tree"), sinks=[events.append])
        probes, overflows = server.probes, server.overflows
    assert result.status == "complete", result.reason
    # (a server denser than the estimate too: the first leaf is planned to fit it)
    assert probes == 0 and overflows == 0 and result.to_json()["overflows"] == 0
    calls = [e for e in events if isinstance(e, ProviderCall)]
    assert calls[0].inv == "r.0" and calls[0].purpose == "leaf"
    starts = {e.inv: e for e in events if isinstance(e, InvocationStarted)}
    assert starts["r"].mode == "fold" and starts["r.0"].parent == "r"
    assert starts["r.0"].mode == "leaf"
    leaves = sum(1 for e in starts.values() if e.mode == "leaf")
    if leaves > 30:  # a long input: the next fold's leaves checked the model first
        assert starts["r.1"].mode == "fold" and starts["r.1"].start == starts["r.0"].end
    # every leaf after the first is packed to the window by the model (the server refused
    # none): all but the last hold within 10 % of the fullest one's tokens
    sent = sorted(e.tokens_in for e in leaf_calls(events)[1:])
    assert sent[1] >= 0.9 * sent[-1], sent[:4]


async def test_a_sparser_model_than_the_estimate_costs_fewer_calls_than_planned() -> None:
    t = mixed_transcript()
    settings = fast_settings("", context_tokens=4000, timeout_seconds=30)
    planned = plan_transcript(t, settings, strategy="tree")
    assert planned.probes == 0  # the tree measures by its first leaf: no probe planned
    with FaultServer(window_tokens=4000, chars_per_token=5.0) as server:
        result = await summarize_transcript(
            t, RunRequest(settings.model_copy(update={"base_url": server.url}),
                          strategy="tree"))
        assert server.overflows == 0
    assert result.status == "complete", result.reason
    assert result.calls < planned.calls * 0.85, (result.calls, planned.calls)
    # a strategy that does not measure by its own first call still plans the probe
    assert plan_transcript(t, settings, strategy="recursive").probes == 1


@pytest.mark.parametrize("window", [2048, 4000])
async def test_another_run_of_the_same_input_measures_as_the_first_and_reuses_all(
        tmp_path: Path, window: int) -> None:
    """A later run finds the leaves that measured the model done (no usage of its own to
    learn from): the usage the first run recorded for them gives the same model, the same
    leaves, so every result is reused and nothing is sent."""
    t = mixed_transcript()
    async with await Store.open(tmp_path / "g.db") as store:
        with FaultServer(window_tokens=window, chars_per_token=4.0) as server:
            settings = fast_settings(server.url, context_tokens=window, timeout_seconds=30)
            first = await summarize_stored(store, t, RunRequest(settings, source="a",
                                                                strategy="tree", force=True))
            before = server.calls
            again = await summarize_stored(store, t, RunRequest(settings, source="b",
                                                                strategy="tree", reuse=True))
            after = server.calls - before
        verdicts = await verify_runs(store, check_source=False)
    assert first.status == again.status == "complete"
    assert after == 0 and again.calls == 0 and server.probes == 0, after
    assert all(v.holds for v in verdicts), [v.contradictions for v in verdicts]


async def test_without_the_first_runs_record_a_probe_of_the_prompt_measures_it() -> None:
    """A run whose reused leaves carry no recorded usage (an in-memory memo, as a run with
    nothing stored has) measures them by one-token probes of their own prompts."""
    t = mixed_transcript()
    memo = MemoryMemo()
    with FaultServer(window_tokens=2048, chars_per_token=4.0) as server:
        settings = fast_settings(server.url, context_tokens=2048, timeout_seconds=30)
        first = await summarize_transcript(t, RunRequest(settings, strategy="tree"), memo=memo)
        before = server.calls
        again = await summarize_transcript(t, RunRequest(settings, strategy="tree"), memo=memo)
        after, probes = server.calls - before, server.probes
    assert first.status == again.status == "complete"
    assert after == probes and 1 <= probes <= 1 + settings.concurrency, (after, probes)


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


async def test_an_interrupted_run_resumes_on_the_same_leaves(tmp_path: Path) -> None:
    t = mixed_transcript(seed=5)
    db = tmp_path / "g.db"
    with FaultServer(window_tokens=2048, chars_per_token=4.0, delay=0.01) as server:
        settings = fast_settings(server.url, context_tokens=2048, timeout_seconds=30,
                                 concurrency=2)
        async with await Store.open(db) as store:
            full = await summarize_stored(store, t, RunRequest(settings, source="ref",
                                                               strategy="tree", force=True))
            paid_full = server.calls
            task = asyncio.create_task(summarize_stored(
                store, t, RunRequest(settings, source="x", strategy="tree", force=True)))
            while server.calls < paid_full + paid_full // 2:
                await asyncio.sleep(0.005)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            paid_first = server.calls - paid_full
        con = sqlite3.connect(db)
        [(dead,)] = con.execute("SELECT id FROM runs WHERE source = 'x'").fetchall()
        con.execute("UPDATE runs SET status = 'running', pid = ? WHERE id = ?",
                    (_dead_pid(), dead))
        con.execute("DELETE FROM events WHERE run_id = ? AND type = 'run_finished'", (dead,))
        con.commit()
        con.close()
        async with await Store.open(db) as store:
            before = server.calls
            resumed = await summarize_stored(store, t, RunRequest(settings, source="x",
                                                                  strategy="tree"))
            paid_again = server.calls - before
            verdicts = await verify_runs(store, check_source=False)
    assert full.status == resumed.status == "complete"
    # the resume pays what the first did not, the calls in flight when it stopped, and (its
    # memo holding only the stopped run's results, no store of their usage) the probes of
    # the measuring leaves it reused: the first and a wave of two
    assert paid_first + paid_again <= paid_full + 2 + 3, (paid_first, paid_again, paid_full)
    assert all(v.holds for v in verdicts), [v.contradictions for v in verdicts]


@pytest.mark.parametrize("fan_in,fold_fan_in", [(6, 3), (10, 6), (12, 6), (13, 6), (16, 16)])
def test_the_root_over_a_lone_first_leaf_costs_no_more_folds(fan_in: int, fold_fan_in: int
                                                             ) -> None:
    shape = Shape(fan_in, fold_fan_in)
    for n in range(3, 300):
        options = lead_partitions(n, shape)
        assert options, n
        best = options[0]
        assert best[0] == 1 and sum(best) == n and len(best) <= fan_in
        assert 2 * max(best) <= n or n <= fan_in
        plain = partition(n, shape)
        if plain is not None and shape.fits(plain):
            assert folds_of(best, fan_in) <= folds_of(plain, fan_in), (n, best, plain)


def test_the_usage_model_tells_characters_from_bytes_only_when_prompts_differ() -> None:
    data = ("abc " * 100 + "日本" * 50).encode()
    marks = continuing_marks(data)
    # one prompt: characters alone (a byte past a character's first is not told apart)
    one = usage_model([(1000, 200, 250)], marks)
    assert one is not None and one.per_extra == 0.0 and abs(one.per_char / 0.25 - 1) < 0.003
    # prompts that differ in how wide their characters are: both figures, near the truth
    rows = [(1000, 0, 250), (1000, 400, 250 + 200), (2000, 100, 500 + 50)]
    two = usage_model(rows, marks)
    assert two is not None and abs(two.per_char - 0.25) < 0.01
    assert abs(two.per_extra - 0.5) < 0.01
