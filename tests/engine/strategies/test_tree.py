"""The tree planner and the tree strategy: tiling, the half rule, and the call count."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gapless.engine.config import Settings
from gapless.engine.core.events import Event, SpanRead
from gapless.engine.core.spans import merge, validate_spawn
from gapless.engine.core.tokens import Capacity
from gapless.engine.core.transcript import Origin, Transcript, TranscriptBuilder
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from gapless.engine.strategies.tree import PlanNode, plan_tree
from tests.support.helpers import extraction_json, make_transcript


def walk(node: PlanNode, depth: int = 0) -> list[tuple[PlanNode, int]]:
    out = [(node, depth)]
    for c in node.children:
        out += walk(c, depth + 1)
    return out


def check_plan(t: Transcript, plan: PlanNode, leaf_bytes: int, fan_in: int) -> None:
    leaves = [n.scope for n, _ in walk(plan) if n.is_leaf]
    # leaves tile the input exactly, in order, without overlap
    assert leaves[0][0] == 0 and leaves[-1][1] == len(t)
    for (a, b), (c, d) in zip(leaves, leaves[1:], strict=False):
        assert b == c and a < b
    assert all(e - s <= leaf_bytes for s, e in leaves)
    for node, depth in walk(plan):
        assert depth <= max(1, len(t)).bit_length()
        if node.children:
            assert len(node.children) <= max(3, fan_in)
            for c in node.children:
                validate_spawn(node.scope, c.scope)
        # every cut is on a code point boundary
        s, _ = node.scope
        assert s == len(t) or (t.data[s] & 0xC0) != 0x80


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 120), words=st.integers(1, 200), leaf=st.integers(300, 5000),
       fan=st.integers(3, 9), seed=st.integers(0, 3))
def test_plan_tiles_and_keeps_the_half_rule(n: int, words: int, leaf: int, fan: int,
                                            seed: int) -> None:
    t = make_transcript(n, words, seed)
    check_plan(t, plan_tree(t, t.span, leaf, fan), leaf, fan)


@settings(max_examples=30, deadline=None)
@given(text=st.text(min_size=1, max_size=3000), leaf=st.integers(64, 600))
def test_plan_on_text_without_newlines_cuts_on_code_points(text: str, leaf: int) -> None:
    b = TranscriptBuilder()
    b.add(text.replace("\n", " ") or "x", Origin("x"))
    t = b.build()
    check_plan(t, plan_tree(t, t.span, leaf, 4), leaf, 4)


def test_cuts_prefer_message_boundaries() -> None:
    t = make_transcript(200, 50)
    plan = plan_tree(t, t.span, 4000, 5)
    starts = {m.start for m in t.messages}
    leaves = [n.scope for n, _ in walk(plan) if n.is_leaf]
    on_boundary = sum(1 for s, _ in leaves[1:] if s in starts)
    assert on_boundary / (len(leaves) - 1) > 0.9


def test_call_count_is_near_the_lower_bound() -> None:
    t = make_transcript(3000, 60)
    cap = Capacity.for_context(4096)
    plan = plan_tree(t, t.span, cap.data_bytes, cap.fan_in)
    leaves, internal = plan.count()
    lower_leaves = math.ceil(len(t) / cap.data_bytes)
    # the lower bound: every leaf full, and one fold per internal node of the tree
    assert leaves <= lower_leaves * 1.10
    lower_folds = math.ceil((lower_leaves - 1) / (cap.fan_in - 1))
    assert leaves + internal <= (lower_leaves + lower_folds) * 1.10


@pytest.mark.slow
async def test_tree_run_reads_every_byte_once_and_folds() -> None:
    t = make_transcript(3000, 60)
    events: list[Event] = []
    result = await summarize_transcript(t, RunRequest(Settings(context_tokens=8192), strategy="tree"), provider=ExtractiveProvider(), sinks=[events.append])
    assert result.status == "complete" and result.coverage == 1.0
    reads = [(e.start, e.end) for e in events if isinstance(e, SpanRead)]
    assert merge(reads) == [(0, len(t))]
    assert sum(e - s for s, e in reads) == len(t)  # no byte read twice
    assert result.calls > 1
    assert result.bytes_sent < 1.3 * len(t)


async def test_a_failed_leaf_leaves_its_exact_scope_as_the_gap() -> None:
    t = make_transcript(60, 60)
    calls = {"n": 0}

    def policy(req, i):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if req.purpose == "leaf" and 'offset="0"' in req.prompt:
            return "this is not json"
        return extraction_json()

    result = await summarize_transcript(t, RunRequest(Settings(context_tokens=1024), strategy="tree"), provider=ScriptedProvider(policy=policy))
    assert result.status == "incomplete"
    nodes = result.state.nodes
    leaf = next(n for n in nodes.values() if n.mode == "leaf" and n.start == 0)
    assert leaf.status == "failed"
    # The contract: an incomplete child covers nothing, so the root's gap is the whole
    # top-level child that holds the failed leaf ...
    top = next(nodes[c] for c in nodes["r"].children if nodes[c].start == 0)
    assert result.residual_gaps == [top.scope]
    assert top.status == "incomplete"
    assert nodes[leaf.parent or ""].residual == [leaf.scope]
    # ... while the bytes no invocation read are exactly the failed leaf's scope.
    assert result.unread == [leaf.scope]
    assert nodes["r"].extraction is None and result.entry is None


async def test_the_time_budget_stops_a_slow_call_midway() -> None:
    import time

    slow = ScriptedProvider(policy=lambda req, i: extraction_json(), delay=5.0)
    t0 = time.monotonic()
    result = await summarize_transcript(make_transcript(40, 40), RunRequest(Settings(context_tokens=1024, max_seconds=0.5), strategy="tree"), provider=slow)
    assert time.monotonic() - t0 < 3.0
    assert result.status == "incomplete" and "time budget" in result.reason
    assert result.residual_gaps


async def test_a_budget_that_runs_out_at_the_final_fold_leaves_the_root_uncovered() -> None:
    t = make_transcript(60, 60)
    probe = await summarize_transcript(t, RunRequest(Settings(context_tokens=1024), strategy="tree"), provider=ExtractiveProvider())
    calls = probe.calls
    result = await summarize_transcript(t, RunRequest(Settings(context_tokens=1024, max_calls=calls - 1), strategy="tree"), provider=ExtractiveProvider())
    assert result.status == "incomplete" and "budget" in result.reason
    assert result.residual_gaps == [(0, len(t))] and result.coverage == 0.0
    assert result.unread == []  # every byte was read; only the fold is missing
