"""Adversarial scripted models against the recursive strategy, end to end.

Whatever the model does, a run ends at 100 % coverage or as incomplete with its exact gaps;
never as success with gaps.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gapless.engine.config import Settings
from gapless.engine.core.events import DoneRejected, Event, SpanRead
from gapless.engine.core.spans import merge, residual_gaps
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import ModelRequest, ProviderError
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.prompts import data_blocks, parse_spans, parse_state
from gapless.engine.run.request import RunRequest
from gapless.engine.service import RunResult, summarize_transcript
from tests.support.helpers import extraction_json, make_transcript

CTX = 1024  # a tiny context, so a few KB need planning


def settings_for(**kw: Any) -> Settings:
    return Settings(context_tokens=CTX, max_actions=kw.pop("max_actions", 6), **kw)


async def run(policy: Any, transcript: Transcript | None = None, **kw: Any
              ) -> tuple[RunResult, list[Event], ScriptedProvider]:
    t = transcript or make_transcript(30, 40)
    events: list[Event] = []
    provider = ScriptedProvider(policy=policy)
    result = await summarize_transcript(t, RunRequest(settings_for(**kw), strategy="recursive"), provider=provider, sinks=[events.append])
    return result, events, provider


def check_invariant(result: RunResult, events: list[Event]) -> None:
    """Complete means every byte was shown to a model; otherwise the gaps are exact."""
    reads = merge((e.start, e.end) for e in events if isinstance(e, SpanRead))
    whole = (0, result.input_bytes)
    if result.status == "complete":
        assert result.coverage == 1.0 and result.residual_gaps == []
        assert residual_gaps(whole, reads) == [], "complete but some bytes were never read"
        assert result.entry is not None
    else:
        assert result.status in ("incomplete", "failed")
        assert result.residual_gaps, "a failed run must list its gaps"
        assert result.coverage < 1.0
        assert result.entry is None
        # every gap is really unread by the root's accounting, and reported exactly
        root = result.state.nodes["r"]
        assert result.residual_gaps == residual_gaps(whole, root.covered)


def good_leaf(req: ModelRequest) -> str:
    return extraction_json("leaf", "read " + str(len(req.prompt)))


def plan_state(req: ModelRequest) -> tuple[int, str, list[tuple[int, int]], int]:
    st_ = parse_state(req.prompt)
    return (int(st_["scope_bytes"]), st_["coherence_token"], parse_spans(st_["uncovered"]),
            int(st_["max_spawn_bytes"]))


async def test_premature_done_is_rejected_and_engine_fills_the_gaps() -> None:
    def policy(req: ModelRequest, i: int) -> str:
        if req.purpose != "plan":
            return good_leaf(req)
        _, token, _, _ = plan_state(req)
        return json.dumps({"action": "done", "coherence_token": token})

    result, events, _ = await run(policy)
    rejected = [e for e in events if isinstance(e, DoneRejected)]
    assert rejected and rejected[0].reason == "uncovered bytes remain"
    assert rejected[0].gaps == [(0, result.input_bytes)]
    assert result.status == "complete"
    check_invariant(result, events)


async def test_wrong_and_missing_token_never_accepted() -> None:
    def policy(req: ModelRequest, i: int) -> str:
        if req.purpose != "plan":
            return good_leaf(req)
        size, token, gaps, max_spawn = plan_state(req)
        acts: list[dict[str, Any]] = [{"action": "done", "coherence_token": "0" * 12},
                                      {"action": "done"}]
        return json.dumps({"actions": acts})

    result, events, _ = await run(policy)
    reasons = {e.reason for e in events if isinstance(e, DoneRejected)}
    assert "wrong or missing coherence_token" in reasons
    check_invariant(result, events)


async def test_out_of_scope_empty_and_oversized_actions_are_rejected() -> None:
    def policy(req: ModelRequest, i: int) -> str:
        if req.purpose != "plan":
            return good_leaf(req)
        size, token, gaps, _ = plan_state(req)
        return json.dumps({"actions": [
            {"action": "read_range", "start": -5, "end": 10},
            {"action": "read_range", "start": 10, "end": 10},
            {"action": "read_range", "start": size - 5, "end": size + 100},
            {"action": "spawn", "start": 0, "end": size},
            {"action": "spawn", "start": 0, "end": size // 2 + 1},
            {"action": "spawn", "start": size, "end": size + 10},
        ]})

    result, events, _ = await run(policy, max_actions=6)
    from gapless.engine.core.events import ActionTaken

    acts = [e for e in events if isinstance(e, ActionTaken) and e.inv == "r"
            and not e.result.startswith("engine")]
    assert len(acts) >= 6 and not any(a.ok for a in acts[:6])
    assert result.status == "complete"  # engine-driven spawns filled the scope
    check_invariant(result, events)


async def test_endless_searching_runs_out_of_actions_then_engine_fills() -> None:
    def policy(req: ModelRequest, i: int) -> str:
        if req.purpose != "plan":
            return good_leaf(req)
        return json.dumps({"action": "search", "query": "parser"})

    result, events, provider = await run(policy, max_actions=5)
    root_plans = [r for r in provider.requests if r.purpose == "plan"
                  and f"scope_bytes: {result.input_bytes}\n" in r.prompt]
    assert 1 <= len(root_plans) <= 5
    assert result.status == "complete"
    check_invariant(result, events)


@pytest.mark.parametrize("reply", [
    "I think we should read the first part.",
    '["read_range", 0, 100]',
    "42",
    "<think>let me plan {not json}</think>",
    '{"actions": "all of them"}',
    '{"actions": [{"action": "teleport"}]}',
])
async def test_garbage_turns_never_count_as_coverage(reply: str) -> None:
    def policy(req: ModelRequest, i: int) -> str:
        return reply if req.purpose == "plan" else good_leaf(req)

    result, events, _ = await run(policy, max_actions=3)
    check_invariant(result, events)
    assert result.status == "complete"  # only the engine's own spawns covered it


async def test_think_leak_with_real_actions_is_understood() -> None:
    def policy(req: ModelRequest, i: int) -> str:
        if req.purpose != "plan":
            return good_leaf(req)
        size, token, gaps, max_spawn = plan_state(req)
        acts: list[dict[str, Any]] = []
        for s, e in gaps:
            step = max_spawn
            for a in range(s, e, step):
                acts.append({"action": "spawn", "start": a, "end": min(e, a + step)})
        if not gaps:
            acts = [{"action": "done", "coherence_token": token}]
        return "<think>\nOkay, spawn {halves}\n</think>\n```json\n" + json.dumps(
            {"reasoning": "cover", "actions": acts}) + "\n```"

    result, events, _ = await run(policy, max_actions=10)
    assert result.status == "complete"
    assert not any(isinstance(e, DoneRejected) for e in events)
    from gapless.engine.core.events import InvocationStarted

    assert not any(isinstance(e, InvocationStarted) and e.engine_spawned for e in events)
    check_invariant(result, events)


async def test_a_failing_child_covers_nothing_and_the_run_is_incomplete() -> None:
    t = make_transcript(30, 40)
    bad_offset = len(t) // 3

    def policy(req: ModelRequest, i: int) -> str:
        if req.purpose == "plan":
            _, token, gaps, _ = plan_state(req)
            return json.dumps({"action": "done", "coherence_token": token})
        for b in data_blocks(req.prompt):
            if b.offset <= bad_offset < b.offset + len(b.text.encode()):
                raise ProviderError("server exploded")
        return good_leaf(req)

    result, events, _ = await run(policy, transcript=t)
    assert result.status == "incomplete"
    assert any(s <= bad_offset < e for s, e in result.residual_gaps)
    assert all(e - s <= t.__len__() for s, e in result.residual_gaps)
    check_invariant(result, events)


async def test_budget_exhaustion_never_yields_a_summary() -> None:
    result, events, _ = await run(lambda req, i: good_leaf(req) if req.purpose != "plan"
                                  else '{"action": "search", "query": "x"}', max_calls=4)
    assert result.status == "incomplete"
    assert "budget" in result.reason
    check_invariant(result, events)


action_st = st.one_of(
    st.builds(lambda q: {"action": "search", "query": q}, st.sampled_from(["parser", "", "zz"])),
    st.builds(lambda a, b: {"action": "read_range", "start": a, "end": b},
              st.integers(-100, 9000), st.integers(-100, 9000)),
    st.builds(lambda a, b: {"action": "spawn", "start": a, "end": b},
              st.integers(-100, 9000), st.integers(-100, 9000)),
    st.builds(lambda t: {"action": "done", "coherence_token": t},
              st.sampled_from(["", "zzz", "TOKEN"])),
)
turn_st = st.one_of(
    st.lists(action_st, min_size=1, max_size=4).map(lambda a: json.dumps({"actions": a})),
    st.sampled_from(["nonsense", "[]", "{}", "null"]),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns=st.lists(turn_st, min_size=1, max_size=8), fail_mod=st.integers(0, 7),
       seed=st.integers(0, 5))
async def test_random_policies_never_report_success_with_gaps(
    turns: list[str], fail_mod: int, seed: int
) -> None:
    def policy(req: ModelRequest, i: int) -> str:
        if fail_mod and i % (fail_mod + 3) == fail_mod:
            raise ProviderError("random failure")
        if req.purpose != "plan":
            return good_leaf(req) if i % 5 else "not json at all"
        _, token, _, _ = plan_state(req)
        return turns[i % len(turns)].replace("TOKEN", token)

    result, events, _ = await run(policy, transcript=make_transcript(12, 40, seed),
                                  max_actions=4, max_calls=60)
    check_invariant(result, events)
