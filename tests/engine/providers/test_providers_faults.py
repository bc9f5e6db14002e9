"""Whole runs against a real loopback server that misbehaves: the run ends complete or
incomplete-with-gaps — never an exception, never a success over partial coverage."""

from __future__ import annotations

from typing import Any

import pytest

from gapless.engine.config import ModelPrice
from gapless.engine.core.events import Event, InvocationFinished, ProviderCall
from gapless.engine.core.spans import merge, residual_gaps
from gapless.engine.run.request import RunRequest
from gapless.engine.service import RunResult, summarize_transcript
from tests.support.fault_server import FAULTS, FaultServer, fast_settings, random_script
from tests.support.helpers import make_transcript


def assert_contract(result: RunResult) -> None:
    """complete ⟺ coverage 1.0 and no gaps; anything else lists its gaps and is not ok."""
    n = result.input_bytes
    if result.status == "complete":
        assert result.ok
        assert result.coverage == 1.0 and result.residual_gaps == []
        assert result.entry and result.entry.get("headline") is not None
        assert result.unread == []
        return
    assert result.status in ("incomplete", "failed"), result.status
    assert not result.ok
    assert result.entry is None
    gaps = [tuple(g) for g in result.residual_gaps]
    assert gaps, f"a {result.status} run must list its gaps ({result.reason})"
    assert result.coverage < 1.0
    assert merge(gaps) == gaps and all(0 <= a < b <= n for a, b in gaps)
    uncovered = sum(b - a for a, b in gaps)
    assert abs(result.coverage - (1 - uncovered / n)) < 1e-9


async def run(server: FaultServer, strategy: str, transcript_seed: int = 0,
              events: list[Event] | None = None, messages: int = 16, **kw: Any) -> RunResult:
    t = make_transcript(messages, 40, seed=transcript_seed)
    settings = fast_settings(server.url, **{"max_actions": 6, **kw})
    sink = events.append if events is not None else (lambda e: None)
    return await summarize_transcript(t, RunRequest(settings, strategy=strategy), sinks=[sink])


@pytest.mark.parametrize("strategy", ["tree", "recursive"])
@pytest.mark.parametrize("fault", FAULTS)
async def test_a_few_faults_are_survived(strategy: str, fault: str) -> None:
    events: list[Event] = []
    with FaultServer([fault, fault], slow_seconds=1.0) as server:
        # the timeout stays well under the slow fault, and well over a loaded machine's answer
        result = await run(server, strategy, events=events, timeout_seconds=0.5)
    assert_contract(result)
    calls = [e for e in events if isinstance(e, ProviderCall)]
    if fault in ("429", "500", "503", "slow", "drop", "truncated", "partial", "nonjson"):
        # retried inside the provider: the run does not even notice, but counts them
        assert result.status == "complete"
        assert sum(c.retries for c in calls) == 2
    if fault == "nousage":
        assert any(c.estimated for c in calls) and any(not c.estimated for c in calls)


@pytest.mark.parametrize("strategy", ["tree", "recursive"])
@pytest.mark.parametrize("fault", ["500", "503", "429", "drop", "truncated", "nonjson", "400",
                                   "garbage"])
async def test_a_server_that_always_fails_gives_a_loud_incomplete_run(strategy: str,
                                                                      fault: str) -> None:
    events: list[Event] = []
    with FaultServer(lambda i: fault) as server:
        result = await run(server, strategy, events=events, max_retries=1)
    assert_contract(result)
    assert result.status in ("failed", "incomplete")
    assert result.coverage == 0.0
    assert [list(g) for g in result.residual_gaps] == [[0, result.input_bytes]]
    failed = [e for e in events if isinstance(e, ProviderCall) and not e.ok]
    if fault not in ("garbage",):
        assert failed and all(c.error for c in failed)
        if fault != "400":
            assert all(c.retries == 1 for c in failed)


@pytest.mark.parametrize("strategy", ["tree", "recursive"])
@pytest.mark.parametrize("seed", range(3))
async def test_chaos_runs_keep_the_contract(strategy: str, seed: int) -> None:
    script = random_script(seed, rate=0.5, kinds=FAULTS)
    with FaultServer(script, slow_seconds=0.6) as server:
        result = await run(server, strategy, transcript_seed=seed, timeout_seconds=0.2,
                           max_retries=1)
    assert_contract(result)
    if result.status != "complete":
        assert set(server.served) - {"ok", "nousage", "dirty"}, "a failure needs a fault"


async def test_partial_failure_lists_exactly_the_failed_leaves() -> None:
    """Fail every call for a while: whatever did not complete is in the gaps, the rest
    is not — and the run says incomplete."""
    with FaultServer(["ok", "ok", "500", "500", "500", "500"]) as server:
        result = await run(server, "tree", max_retries=1, concurrency=1)
    assert_contract(result)
    assert result.status in ("incomplete", "failed")


# --- budgets ------------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", ["tree", "recursive"])
@pytest.mark.parametrize("budget", [
    {"max_calls": 2},
    {"max_tokens": 1500},
    {"max_cost": 0.002, "prices": {"fault-model": ModelPrice(input_per_mtok=1000,
                                                               output_per_mtok=1000)}},
    {"max_seconds": 0.15},
])
async def test_each_budget_stops_a_run_cleanly_as_incomplete(strategy: str,
                                                             budget: dict[str, Any]) -> None:
    events: list[Event] = []
    # ~13 KB: nine leaves, so every budget here runs out while leaves are still unread
    with FaultServer(delay=0.1) as server:
        result = await run(server, strategy, events=events, concurrency=2, messages=40,
                           **budget)
    assert result.status == "incomplete", result.reason
    stopped = [e for e in events if isinstance(e, InvocationFinished)
               and e.status == "incomplete" and "budget" in e.reason]
    assert stopped, "some invocation must say the budget stopped it"
    assert_contract(result)
    calls = [e for e in events if isinstance(e, ProviderCall)]
    if "max_calls" in budget:
        assert len(calls) <= budget["max_calls"]
    if "max_cost" in budget:
        assert all(c.cost > 0 for c in calls if c.ok)
    # Every request the server saw is on record. A call the budget cut, or that was in
    # flight when the run stopped, is recorded as failed; on a busy machine its request may
    # not have reached the server yet.
    unsent = len(calls) - server.calls
    cut = sum(1 for c in calls if not c.ok and ("time budget" in (c.error or "")
                                                 or "cancelled" in (c.error or "")))
    assert 0 <= unsent <= cut


async def test_without_a_budget_the_same_run_completes() -> None:
    with FaultServer(delay=0.0) as server:
        result = await run(server, "tree")
    assert_contract(result)
    assert result.status == "complete" and result.calls > 2


def test_residual_gaps_helper_agrees() -> None:
    assert residual_gaps((0, 10), [(0, 4)]) == [(4, 10)]
