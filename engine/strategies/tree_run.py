"""A planned tree run: its leaves concurrently (bounded by the call limit), then its folds,
each as soon as its children are done."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Sequence
from typing import Any

from gapless.engine.core.spans import Span, format_spans, residual_gaps
from gapless.engine.providers.base import ProviderError
from gapless.engine.run.calls import BudgetExhausted
from gapless.engine.run.context import ROOT_PLACE, Ending, Opening, Place, RunContext
from gapless.engine.run.fold import fold_outcomes
from gapless.engine.run.leaf import run_leaf
from gapless.engine.run.memo import Outcome
from gapless.engine.strategies.tree_plan import PlanNode


async def run_tree(ctx: RunContext, plan: PlanNode, place: Place = ROOT_PLACE, *,
                   question: str | None = None, engine_spawned: bool = False) -> Outcome:
    """Execute a planned tree: leaves concurrently (bounded by the call limit), then folds.

    ``question`` is asked of every leaf and fold (a recursive node's gaps planned by the
    engine keep their node's question); ``engine_spawned`` marks the tree's top node."""
    inv, parent, depth = place.inv, place.parent, place.depth
    if plan.is_leaf:
        return await run_leaf(ctx, place, plan.scope, question=question,
                              engine_spawned=engine_spawned)
    ctx.start(inv, parent, plan.scope, Opening(depth, "fold", question=question,
                                               engine_spawned=engine_spawned))
    children = [
        run_tree(ctx, child, place.child(i), question=question)
        for i, child in enumerate(plan.children)
    ]
    return await fold_children(ctx, inv, plan.scope, children, question=question)


async def fold_children(
    ctx: RunContext, inv: str, scope: Span, children: Sequence[Coroutine[Any, Any, Outcome]],
    *, question: str | None = None,
) -> Outcome:
    """Run a started fold node's children concurrently, then fold them if all completed.

    A child that did not complete covers nothing, and no summary is made over the rest.
    """
    tasks = [asyncio.create_task(c) for c in children]
    try:
        outcomes: list[Outcome] = []
        for task in tasks:
            outcome = await task
            ctx.child_finished(inv, outcome)
            outcomes.append(outcome)
    except asyncio.CancelledError:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        ctx.finish(inv, scope, Ending("failed", reason="cancelled"))
        raise
    covered = [o.scope for o in outcomes if o.complete]
    if len(covered) < len(outcomes):
        bad = sum(1 for o in outcomes if not o.complete)
        why = f"{bad} of {len(outcomes)} children did not complete"
        return ctx.finish(inv, scope, Ending("incomplete", covered=covered, reason=why))
    if missing := residual_gaps(scope, covered):
        # a fold is only ever sent with the extractions of children that cover its scope
        return ctx.finish(inv, scope, Ending("incomplete", covered=covered,
                                             reason=f"no child covers {format_spans(missing)}"))
    key = ctx.fold_key(outcomes)
    try:
        reused = await ctx.reuse(inv, scope, key)
        if reused:
            return reused
        extraction = await fold_outcomes(ctx, inv, scope, outcomes, question=question)
    except BudgetExhausted as exc:
        # Every child completed but their fold did not happen: no summary covers the scope.
        return ctx.finish(inv, scope, Ending("incomplete", reason=f"{exc} before the fold"))
    except ProviderError as exc:
        return ctx.finish(inv, scope, Ending("failed", reason=str(exc)))
    return await ctx.complete(inv, scope, extraction, key)
