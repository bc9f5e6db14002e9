"""Folds from real sizes (issue 13, item 4): the children of a fold are packed by the size
their extractions really have in the prompt, as many as fit the window; many small children
share one fold call (a little over it, the largest lose some summary), large ones are
folded in the fewest batches that make the rest fit, and no fold prompt is over the window. The summary asked of a part leaves room for six of them in one fold."""

from __future__ import annotations

import json
import math

import pytest

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.tokens import Capacity
from gapless.engine.providers.base import ModelReply, ModelRequest
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.calls import RunSetup
from gapless.engine.run.context import RunContext
from gapless.engine.run.fold import fold_budget, fold_outcomes
from gapless.engine.run.memo import Outcome
from gapless.engine.run.packing import child_bytes
from gapless.engine.run.prompts import SYSTEM
from tests.support.helpers import make_transcript

WINDOW = 4096


class Recording(ExtractiveProvider):
    """The offline provider, keeping every request and how many were in flight at once."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[ModelRequest] = []
        self.in_flight = 0
        self.most_in_flight = 0

    async def complete(self, request: ModelRequest) -> ModelReply:
        import asyncio

        self.requests.append(request)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0)  # let the other batches of a level start
            return await super().complete(request)
        finally:
            self.in_flight -= 1


def children(n: int, summary: int, anchors: int = 0) -> list[Outcome]:
    out = []
    for i in range(n):
        ex = Extraction(headline=f"part {i}", summary=("word " * summary)[:summary],
                        topics=["a", "b", "c"],
                        anchors=[Anchor(start=i * 100 + k, end=i * 100 + k + 1,
                                        label=f"anchor {k} of part {i}") for k in range(anchors)])
        out.append(Outcome(f"r.{i}", (i * 100, i * 100 + 100), "complete", ex, key=str(i)))
    return out


async def fold(outcomes: list[Outcome]) -> tuple[RunContext, Recording, Extraction]:
    provider = Recording()
    ctx = RunContext(RunSetup(run_id="x", transcript=make_transcript(5, 10), provider=provider,
                     capacity=Capacity.for_summary(WINDOW)))
    ex = await fold_outcomes(ctx, "r", (0, outcomes[-1].scope[1]), outcomes, question=None)
    return ctx, provider, ex


def window_tokens(ctx: RunContext, request: ModelRequest) -> int:
    sent = len(SYSTEM.encode()) + len(request.prompt.encode())
    return math.ceil(sent / ctx.ratio) + request.max_tokens


async def test_many_small_children_go_into_one_fold() -> None:
    outcomes = children(14, 120)
    ctx, provider, ex = await fold(outcomes)
    assert sum(child_bytes(o.scope, o.extraction) for o in outcomes  # type: ignore[arg-type]
               ) < fold_budget(ctx)
    assert len(provider.requests) == 1
    assert ex.summary


async def test_large_children_are_folded_in_the_fewest_batches_that_fit_at_once() -> None:
    outcomes = children(16, 1400, anchors=4)
    ctx, provider, _ = await fold(outcomes)
    budget = fold_budget(ctx)
    total = sum(child_bytes(o.scope, o.extraction) for o in outcomes)  # type: ignore[arg-type]
    assert total > budget  # they cannot share one call
    folds = len(provider.requests)
    # packing every child into full batches first would take ceil(total / budget) batch
    # calls and the merge; only as many batches are merged as make the rest fit one call
    assert 2 < folds < -(-total // budget) + 1
    assert provider.most_in_flight > 1  # the batches of one level are folded at once
    for request in provider.requests:
        assert window_tokens(ctx, request) <= WINDOW  # no fold prompt over the window
    assert ctx.oversize == 0
    # a batch holds as many whole children as its window takes (only anchors cut)
    batches = provider.requests[:-1]
    assert all(r.prompt.count('"scope": ') >= 4 for r in batches)
    assert all(("word " * 1400)[:1400] in r.prompt for r in batches)


async def test_children_a_little_over_one_call_share_it_with_their_summaries_cut_evenly() -> None:
    # together a little over one fold's budget: one call, not a batch and a merge; the
    # largest lose a little summary, the small ones nothing, and none loses over a third
    small, large = children(6, 200), children(6, 1500)
    outcomes = [o for pair in zip(small, large, strict=True) for o in pair]
    for i, o in enumerate(outcomes):
        o.scope = (i * 100, i * 100 + 100)
    ctx, provider, ex = await fold(outcomes)
    total = sum(child_bytes(o.scope, o.extraction) for o in outcomes)  # type: ignore[arg-type]
    budget = fold_budget(ctx)
    assert budget < total < budget * 1.4
    assert len(provider.requests) == 1 and ex.summary
    prompt = provider.requests[0].prompt
    lines = [json.loads(line) for line in prompt.splitlines() if line.startswith('{"scope"')]
    assert len(lines) == 12
    kept = sorted(len(line["summary"]) for line in lines)
    assert kept[:6] == [len(o.extraction.summary) for o in small]  # type: ignore[union-attr]
    assert all(1500 * 2 // 3 <= n < 1500 for n in kept[6:])
    assert all(line["summary"].endswith("…") for line in lines if len(line["summary"]) > 300)


async def test_merged_batches_are_counted_at_the_size_fold_answers_had() -> None:
    from gapless.engine.run.packing import merge_plan

    outcomes = children(16, 1400, anchors=4)
    provider = Recording()
    ctx = RunContext(RunSetup(run_id="x", transcript=make_transcript(5, 10), provider=provider,
                     capacity=Capacity.for_summary(WINDOW)))
    budget = fold_budget(ctx)
    parts = [(o.scope, o.extraction) for o in outcomes if o.extraction is not None]
    guess = ctx.fold_line_estimate(budget)
    ctx.note_fold_line(budget // 2)  # fold answers in this run came out as large as allowed
    assert ctx.fold_line_estimate(budget) == budget // 2 > guess
    few = merge_plan(parts, budget, budget, guess)
    more = merge_plan(parts, budget, budget, ctx.fold_line_estimate(budget))
    assert sum(len(b) > 1 for b in few) < sum(len(b) > 1 for b in more)
    for plan in (few, more):  # every child once, in order
        assert [sp for batch in plan for sp, _ in batch] == [sp for sp, _ in parts]


@pytest.mark.parametrize("window", [2000, 4096, 8192, 32768])
def test_six_full_size_children_fit_one_fold(window: int) -> None:
    """A part's summary is sized so six of them (with one labelled anchor a sentence, as
    answers carry) still go into one fold prompt."""
    cap = Capacity.for_summary(window)
    n = cap.summary_chars
    sentences = max(1, n // 80)
    ex = Extraction(headline="h" * 80, summary="s" * n, topics=["topic"] * 6,
                    anchors=[Anchor(start=0, end=1, label="summary: " + "x" * 60)
                             for _ in range(sentences)])
    line = child_bytes((0, cap.data_bytes), ex)
    assert 6 * line <= cap.data_bytes * 1.15, (line, cap.data_bytes)


def test_the_reserve_follows_the_smaller_summary() -> None:
    """The answer held back is what the (smaller) summary asked for needs, and at the
    model's own bytes per token once a tokenizer measured it."""
    cap = Capacity.for_summary(4000)
    assert cap.output_tokens < 700
    assert cap.calibrated(4.1).output_tokens < cap.output_tokens
    assert cap.calibrated(4.1).data_bytes > cap.data_bytes
    # answers of the offline provider at that size fit the reserve
    text = json.dumps(Extraction(headline="h" * 90, summary="s" * cap.summary_chars,
                                 topics=["t"] * 8).model_dump())
    assert len(text) / 3.5 < cap.output_tokens
