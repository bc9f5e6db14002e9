"""The leaf: a scope that fits the window whole, read in one call.

A leaf whose prompt the server refuses as over its window (or the estimate says would be)
is split in two at a message boundary or line start near its middle; its halves are read
as leaves under it and folded (:func:`engine.run.fold.fold_outcomes`).
"""

from __future__ import annotations

import asyncio
import functools

from gapless.engine.core.spans import Span
from gapless.engine.core.transcript import Transcript, snap_to_codepoint
from gapless.engine.extractive.logs.ahead import scan_soon
from gapless.engine.providers.base import ContextOverflow, ProviderError
from gapless.engine.run.calls import BudgetExhausted, window_checked
from gapless.engine.run.context import Ending, Opening, Place, RunContext
from gapless.engine.run.fold import fold_outcomes
from gapless.engine.run.memo import Outcome, complete_spans
from gapless.engine.run.prompts import Prompt, leaf_prompt

# A leaf smaller than this is not split again on an overflow: a line of a few words is as
# fine as a read gets. Splitting stops sooner when the prompt without any data already fills
# the window (``_halves_can_fit``): no half of any size would fit, and it fails at once.
MIN_SPLIT_BYTES = 16


async def run_leaf(
    ctx: RunContext,
    place: Place,
    scope: Span,
    *,
    question: str | None = None,
    engine_spawned: bool = False,
) -> Outcome:
    """Read a scope that fits the usable context whole, in one call."""
    inv, parent, depth = place.inv, place.parent, place.depth
    ctx.start(inv, parent, scope, Opening(depth, "leaf", question=question,
                                          engine_spawned=engine_spawned))
    key = ctx.scope_key("leaf", scope, question)
    try:
        # a long log's scans are made ahead in the order leaves start (none otherwise)
        scan_soon(scope[0], functools.partial(ctx.transcript.text, *scope))
        reused = await ctx.reuse(inv, scope, key)
        if reused:
            return reused
        with window_checked():
            extraction = await ctx.ask_extraction(
                inv, functools.partial(scope_prompt, ctx, scope, question), scope)
    except BudgetExhausted as exc:
        return ctx.finish(inv, scope, Ending("incomplete", reason=str(exc), key=key))
    except ContextOverflow as exc:
        halves = split_in_two(ctx.transcript, scope) if _halves_can_fit(ctx, scope, question) \
            else None
        if halves is None or ctx.halted is not None:
            return ctx.finish(inv, scope, Ending("failed", reason=str(exc), key=key))
        return await _split_leaf(ctx, place, scope, halves, str(exc), question=question)
    except ProviderError as exc:
        return ctx.finish(inv, scope, Ending("failed", reason=str(exc), key=key))
    except asyncio.CancelledError:
        ctx.finish(inv, scope, Ending("failed", reason="cancelled", key=key))
        raise
    ctx.read(inv, scope)
    return await ctx.complete(inv, scope, extraction, key)


def _halves_can_fit(ctx: RunContext, scope: Span, question: str | None) -> bool:
    """Whether a leaf prompt with no data at all leaves room for some in the window: the
    instructions and the question are sent with every half, so when they alone fill it a
    split only makes more leaves that cannot be sent."""
    empty = scope_prompt(ctx, (scope[0], scope[0]), question)
    room = ctx.capacity.context_tokens - ctx.capacity.answer_reserve(empty.task.kind)
    return ctx.prompt_tokens(empty) < room


def scope_prompt(ctx: RunContext, scope: Span, question: str | None = None) -> Prompt:
    """The prompt that reads ``scope`` as a leaf (an empty scope: what every leaf carries
    besides its data)."""
    return leaf_prompt(ctx.transcript.text(*scope), scope[0], question=question or ctx.question,
                       instructions=ctx.instructions,
                       summary_chars=ctx.capacity.leaf_summary_chars)


def split_in_two(transcript: Transcript, scope: Span) -> list[Span] | None:
    """Two halves of ``scope`` cut at a message boundary or line start near its middle
    (None when it is too small to split)."""
    s, e = scope
    if e - s < MIN_SPLIT_BYTES:
        return None
    mid = s + (e - s) // 2
    quarter = (e - s) // 4
    bounds = transcript.boundaries((s + quarter, e - quarter))
    if bounds:
        cut = min(bounds, key=lambda b: abs(b - mid))
    else:
        nl = transcript.data.find(b"\n", mid, e - quarter)
        cut = nl + 1 if nl >= 0 else snap_to_codepoint(transcript.data, mid)
    if not s < cut < e:
        return None
    return [(s, cut), (cut, e)]


async def _split_leaf(ctx: RunContext, place: Place, scope: Span, halves: list[Span],
                      why: str, *, question: str | None) -> Outcome:
    """A leaf whose prompt did not fit the window: its halves are read as leaves under it
    and folded; the leaf says why it split (so ``why`` shows it)."""
    inv = place.inv
    key = ctx.scope_key("leaf", scope, question)
    tasks = [asyncio.create_task(run_leaf(ctx, place.child(i), half, question=question,
                                          engine_spawned=True))
             for i, half in enumerate(halves)]
    try:
        outcomes = [await t for t in tasks]
    except asyncio.CancelledError:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        ctx.finish(inv, scope, Ending("failed", reason="cancelled", key=key))
        raise
    for outcome in outcomes:
        ctx.child_finished(inv, outcome)
    note = f"split in {len(halves)}: {why}"[:400]
    if not all(o.complete for o in outcomes):
        return ctx.finish(inv, scope, Ending("incomplete", covered=complete_spans(outcomes),
                                             reason=note, key=key))
    try:
        extraction = await fold_outcomes(ctx, inv, scope, outcomes, question=question)
    except BudgetExhausted as exc:
        return ctx.finish(inv, scope, Ending("incomplete", reason=f"{exc} before the fold; {note}",
                                             key=key))
    except ProviderError as exc:
        return ctx.finish(inv, scope, Ending("failed", reason=f"{exc}; {note}", key=key))
    mine = await ctx.remember(key, scope, extraction)
    return ctx.finish(inv, scope, Ending("complete", extraction=extraction, key=key, reason=note,
                                         scope_hash=mine))
