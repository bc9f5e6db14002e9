"""Lean leaves (issue 13, items 3 and 4): an input of many leaves asks each leaf for half a
summary and holds back only that answer, so leaves read more and more of them share a fold;
the root's summary keeps its full size. Checked on the capacity, the plan, the offline
answer cut to ``max_tokens``, and end to end against a real loopback server whose window
is enforced, over a real Claude Code session."""

from __future__ import annotations

import json
import math

from gapless.engine.config import Settings
from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.tokens import FOLD_CHILDREN, Capacity, tokens_to_bytes
from gapless.engine.extractive.fit import answer_bytes, fit_answer
from gapless.engine.run.request import RunRequest
from gapless.engine.service import capacity_for, summarize_transcript
from gapless.engine.sources import load_transcript
from gapless.engine.strategies.tree import plan_tree
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import make_transcript
from tests.support.paths import TEST_DATA

SESSIONS = TEST_DATA / "claude-projects"


def test_a_lean_capacity_reads_more_and_keeps_the_roots_summary() -> None:
    full = Capacity.for_summary(4000)
    lean = full.with_lean_leaves()
    assert lean.summary_chars == full.summary_chars  # the root and folds: as before
    assert lean.output_tokens == full.output_tokens
    assert lean.leaf_summary_chars == full.summary_chars // 2
    assert lean.answer_reserve("leaf") < full.answer_reserve("leaf") == full.output_tokens
    assert lean.answer_reserve("fold") == full.output_tokens
    assert lean.data_bytes > full.data_bytes * 1.08
    # a lean answer is small: more of them share a fold, fewer merged batches do
    assert lean.fan_in > full.fan_in and lean.fold_fan_in < lean.fan_in
    # calibration keeps the leaves lean
    assert lean.calibrated(4.0).lean_leaves and not full.calibrated(4.0).lean_leaves
    # a flat-reserve capacity (read, compact) never goes lean
    assert not Capacity.for_context(4000).with_lean_leaves().lean_leaves
    # nor does a window whose summaries are already at their floor
    assert not Capacity.for_summary(1024).with_lean_leaves().lean_leaves


def test_only_an_input_of_many_leaves_without_a_question_has_lean_leaves() -> None:
    settings = Settings(context_tokens=4000)
    full = capacity_for(settings, None)
    many = FOLD_CHILDREN * full.data_bytes + 1
    assert not capacity_for(settings, None, many - 2).lean_leaves
    assert capacity_for(settings, None, many).lean_leaves
    assert not capacity_for(settings, "what was decided?", many).lean_leaves


def test_fold_groups_are_even_when_merged_batches_are_larger_than_leaves() -> None:
    t = make_transcript(430, 60)
    leaf = len(t) // 43 + 1
    plan = plan_tree(t, t.span, leaf, 12, fold_fan_in=5)
    leaves, folds = plan.count()
    assert 43 <= leaves <= 45
    # four even batches of 10-12 leaves, then the root over the four: 5 folds, where the
    # same-size plan puts merged batches beside leaves in folds that do not fit
    assert folds == 5
    sizes = [c.count()[0] for c in plan.children]
    assert len(sizes) == 4 and max(sizes) <= 12 and max(sizes) - min(sizes) <= 1
    same = plan_tree(t, t.span, leaf, 12)
    assert [c.count()[0] > 1 for c in same.children].count(False) > 0


def test_an_answer_is_cut_to_its_limit_where_it_still_parses() -> None:
    anchors = [Anchor(start=i * 100, end=i * 100 + 50, label="summary: " + "word " * 20)
               for i in range(12)]
    ex = Extraction(headline="The fix landed", summary="Done: " + "a sentence here. " * 60,
                    topics=[f"topic {i}" for i in range(8)], anchors=anchors,
                    commands=[f"pytest tests/test_{i}.py -k " + "x" * 120 for i in range(10)],
                    errors=["Exit code 1"] * 3, answer="It was the cache.")
    assert answer_bytes(ex) > 3000
    for limit in (2500, 1200, 700):
        cut = fit_answer(ex, limit)
        assert answer_bytes(cut) <= limit
        back = Extraction.model_validate(json.loads(cut.model_dump_json(exclude_defaults=True)))
        assert back.headline == "The fix landed" and back.answer == "It was the cache."
        assert back.summary.startswith("Done: a sentence here.")
        assert back.commands and back.commands[0].startswith("pytest tests/test_0.py")
    # what fits is left whole
    assert fit_answer(ex, 10_000) == ex


async def test_a_real_session_at_a_4000_token_window_costs_near_the_lower_bound() -> None:
    path = min(SESSIONS.rglob("*.jsonl"), key=lambda p: abs(p.stat().st_size - 404_000))
    transcript = load_transcript(path)
    with FaultServer(window_tokens=4000, chars_per_token=4.0, tokenize=True,
                     within_max_tokens=True) as server:
        result = await summarize_transcript(transcript, RunRequest(fast_settings(server.url, timeout_seconds=60, context_tokens=4000,
                                      concurrency=8), strategy="auto"))
        requests = [r["body"] for r in server.requests
                    if r["path"].endswith("/chat/completions")]
    assert result.status == "complete" and result.coverage == 1.0
    assert server.overflows == 0
    leaf_max = {b["max_tokens"] for b in requests if "<child-extractions" not in
                json.dumps(b)}
    fold_max = {b["max_tokens"] for b in requests if "<child-extractions" in json.dumps(b)}
    assert len(leaf_max) == 1 and len(fold_max) == 1 and max(leaf_max) < min(fold_max)
    # the lower bound as bench/cost_bench.py draws it: full windows less a 280-token answer
    # and 300 tokens of instructions, folds of 12 such answers
    text_chars = len(transcript.text(0, len(transcript)))
    leaves = math.ceil(math.ceil(text_chars / 4) / (4000 - 280 - 300))
    bound = leaves + math.ceil((leaves - 1) / 11)
    assert len(requests) <= bound * 1.1
    # the root's summary is as long as a full one may be; the leaves' are half that
    root = result.state.nodes["r"]
    assert root.extraction is not None
    full = Capacity.for_summary(4000)
    assert len(root.extraction["summary"]) > full.summary_chars // 2
    assert tokens_to_bytes(min(leaf_max)) < full.summary_chars * 2

