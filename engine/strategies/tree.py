"""The ``tree`` strategy: the engine plans (:mod:`.tree_plan`), the model only reads and
folds (:mod:`.tree_run`). Its leaves are filled to the window by the server's token count
where it counts (:mod:`.fitting`), else by the usage its first leaf's reply reports
(:mod:`.first_leaf`); a log's leaves, which carry its facts block, by a probe.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator

from gapless.engine.core.spans import Span
from gapless.engine.extractive.logs.ahead import scan_workers, scans_ahead
from gapless.engine.extractive.logs.detect import reading_input
from gapless.engine.run.calls import sent_text
from gapless.engine.run.context import RunContext
from gapless.engine.run.leaf import scope_prompt
from gapless.engine.run.memo import Outcome
from gapless.engine.run.prompts import leaf_data_bytes
from gapless.engine.strategies.first_leaf import measures, run_measured
from gapless.engine.strategies.fitting import Fitting, fitted_leaves
from gapless.engine.strategies.tree_plan import (
    PlanNode,
    Shape,
    filled_end,
    leaves_of,
    over_leaves,
    plan_tree,
)
from gapless.engine.strategies.tree_run import fold_children, run_tree

__all__ = ["PlanNode", "fold_children", "plan_tree", "run_planned", "run_tree", "run_whole"]


async def run_planned(ctx: RunContext, plan: PlanNode) -> Outcome:
    """Execute a whole planned tree; a long log's leaves are scanned ahead by worker
    processes (each leaf announces itself as it starts) while this one builds prompts and
    folds."""
    first = plan
    while first.children:
        first = first.children[0]
    with _reading(ctx, first.scope, plan.scope[1] - plan.scope[0]):
        return await run_tree(ctx, plan)


@contextlib.contextmanager
def _reading(ctx: RunContext, first: Span, size: int) -> Iterator[None]:
    """The input read by its own format (when a log), its first leaf's scan first."""
    with reading_input(ctx.transcript.text, len(ctx.transcript)), scans_ahead(
            ctx.transcript.text(*first), size, scan_workers(ctx.limits.scan_workers)):
        yield


async def run_whole(ctx: RunContext) -> Outcome:
    """The ``tree`` strategy over the whole input: planned in this window, then run."""
    span = ctx.transcript.span
    leaf_bytes = leaf_data_bytes(ctx.transcript.data, span, ctx.capacity.data_bytes)
    if ctx.first_call_measures:
        first = measures(ctx, leaf_bytes)
        if first is not None:
            with _reading(ctx, first, span[1]):
                return await run_measured(ctx, first)
        await ctx.calibrate()  # (a log's leaves carry its facts block: probed, as before)
        leaf_bytes = leaf_data_bytes(ctx.transcript.data, span, ctx.capacity.data_bytes)
    plan = plan_tree(ctx.transcript, span, leaf_bytes, ctx.capacity.fan_in,
                     ctx.limits.spawn_fraction, fold_fan_in=ctx.capacity.fold_fan_in)
    if leaf_bytes == ctx.capacity.data_bytes:  # (a log's leaves carry its facts block)
        plan = await _fitted(ctx, plan) or plan
    return await run_planned(ctx, plan)


async def _fitted(ctx: RunContext, plan: PlanNode) -> PlanNode | None:
    """The plan with its leaves filled to the window by the server's token count, when the
    server counts and that saves calls or leaves no leaf over the window
    (:mod:`engine.strategies.fitting`)."""
    planned = leaves_of(plan)
    if len(planned) < 2 or ctx.calibrated != "tokenizer":
        return None  # (nothing is built unless the server counts)
    room = ctx.counted_room("leaf")
    fixed = await ctx.count_exact(sent_text(scope_prompt(ctx, (plan.scope[1],) * 2)))
    if fixed is None or room <= fixed:
        return None
    transcript = ctx.transcript

    async def data(span: Span) -> int | None:
        return await ctx.count_exact(transcript.text(*span))

    async def sent(span: Span) -> int | None:
        return await ctx.count_exact(sent_text(scope_prompt(ctx, span)))

    whole_lines = all(s == 0 or transcript.data[s - 1] == 0x0A for s, _ in planned)
    fit = Fitting(transcript.data, ctx.counted_spans, data, sent,
                  functools.partial(filled_end, transcript, whole_lines))
    leaves = await fitted_leaves(fit, planned, room - fixed, room)
    fan_in, fold_fan_in = ctx.capacity.fan_in, ctx.capacity.fold_fan_in
    shape = Shape(max(3, fan_in), max(2, min(fan_in, fold_fan_in)), whole_lines=True)
    fitted = over_leaves(plan.scope, leaves, shape, ctx.limits.spawn_fraction) if leaves \
        else None
    if fitted is None or (len(leaves or ()) < len(planned)
                          and sum(fitted.count()) >= sum(plan.count())):
        return None  # (more leaves than planned: some planned one was over the window)
    ctx.counted_to_fit.update(leaves_of(fitted))
    return fitted
