"""The tree without a tokenizer: its first leaf measures the model, so no call is spent on a
probe.

A server that reports the prompt tokens of each reply but cannot count a text (no
``/tokenize``: OpenAI's API, most hosted ones) tells the model's density only once a prompt
was sent. The first leaf is sent alone, two thirds as full as the estimate allows (it fits a
denser tokenizer too), and the usage its reply reports fits a model of the server's counts
(:mod:`engine.run.token_model`). The next batch of leaves is packed by that model a little
less full than the window; once their replies came, the model is fitted again, and the rest
is packed as full as the model proved right (its largest miss on the leaves read is the
margin). A model that missed one of them by more than 5 % (a server whose density follows
what the text says, not its characters) packs nothing: the rest is planned in bytes at the
densest measured leaf's ratio. The root folds the first leaf, that batch and the rest's
subtrees, so the tree is as cheap as one planned all at once; each leaf the model packed is
checked by it, as it grows, before it is sent. A later run that reuses the measuring leaves
(a resume) measures them by probes of their own prompts, and so plans the same leaves.
"""

from __future__ import annotations

import asyncio
import functools

from gapless.engine.core.spans import Span
from gapless.engine.core.transcript import snap_to_codepoint
from gapless.engine.run.calls import SYSTEM_BYTES
from gapless.engine.run.context import ROOT_PLACE, Ending, Opening, Place, RunContext
from gapless.engine.run.leaf import run_leaf, scope_prompt
from gapless.engine.run.memo import Outcome
from gapless.engine.run.prompts import leaf_data_bytes
from gapless.engine.run.token_model import TokenModel, packed
from gapless.engine.strategies.tree_plan import (
    PlanNode,
    Shape,
    filled_end,
    lead_partitions,
    leaf_end,
    leaves_of,
    over_leaves,
    plan_tree,
)
from gapless.engine.strategies.tree_run import fold_children, run_tree

# How full a leaf packed by the model is (of the tokens it may hold): once replies of a
# batch of leaves checked it, less its largest miss on them; before, the batch itself.
USAGE_FILL = 0.99
BATCH_FILL = 0.97
# A model that never counted a leaf short by more than a rounding may pack this full,
# where that saves a leaf.
EXACT_FILL = 0.995
EXACT_MISS = 0.001
# A model that missed a measured leaf's count by more than this packs nothing.
MAX_MISS = 0.05
# The prompt's own words are counted with this many characters more (offsets grow a digit).
FIXED_SLACK_CHARS = 16
# The first leaf measures the model only where a fold takes at least this many children
# (in a fold of a few, a lone leaf among them costs folds: such a run is probed instead).
MEASURE_MIN_FAN_IN = 6


def measures(ctx: RunContext, leaf_bytes: int) -> Span | None:
    """The first leaf, when the run measures the model by it: no probe was sent, a leaf
    holds the window's data bytes (a log's carry its facts block), a fold takes enough
    children, and the input is more than two leaves long. Two thirds of what the estimate
    lets a leaf hold, ending on a message start in its last eighth, else a line start
    there, else anywhere."""
    transcript, capacity = ctx.transcript, ctx.capacity
    lo, hi = transcript.span
    if not ctx.first_call_measures or leaf_bytes != capacity.data_bytes or \
            capacity.fan_in < MEASURE_MIN_FAN_IN or hi - lo <= 2 * leaf_bytes:
        return None
    size = leaf_bytes * 2 // 3
    end = lo + size
    cut = leaf_end(transcript, lo, end)
    if cut is None or end - cut > size // 8:
        cut = snap_to_codepoint(transcript.data, end)
    return (lo, cut) if lo < cut < hi else None


async def run_measured(ctx: RunContext, first: Span) -> Outcome:
    """The whole input's tree, its first leaf read alone to measure the model, then a batch
    to check the model, then the rest (see the module's doc)."""
    root, scope = ROOT_PLACE, ctx.transcript.span
    ctx.start(root.inv, None, scope, Opening(0, "fold"))
    started: list[asyncio.Task[Outcome]] = []
    try:
        lead = await run_leaf(ctx, root.child(0), first)
        await _measure(ctx, first)
        await ctx.measured_by(first, functools.partial(scope_prompt, ctx, first))
        done, measured = [PlanNode(first)], ctx.usage.within(first)
        batch = _batch(ctx, measured)
        if batch is not None:
            done.append(batch)
            started.append(asyncio.create_task(run_tree(ctx, batch, root.child(1))))
            measured += await _measuring(ctx, batch, root.child(1), started[0])
        plan = _whole(ctx, done, measured)
    except asyncio.CancelledError:
        for task in started:
            task.cancel()
        await asyncio.gather(*started, return_exceptions=True)
        ctx.finish(root.inv, scope, Ending("failed", reason="cancelled"))
        raise

    async def ready(outcome: Outcome) -> Outcome:
        return outcome

    async def awaited(task: asyncio.Task[Outcome]) -> Outcome:
        return await task

    children = [ready(lead), *(awaited(t) for t in started),
                *(run_tree(ctx, child, root.child(i))
                  for i, child in enumerate(plan.children[len(done):], len(done)))]
    return await fold_children(ctx, root.inv, scope, children)


async def _measuring(ctx: RunContext, batch: PlanNode, place: Place,
                     running: asyncio.Task[Outcome]) -> list[Span]:
    """The batch's first leaves, as many as are sent at once, once their replies reported
    their usage; a leaf this run reused (or whose reply said none) is measured by a probe
    of its prompt, so a resumed run plans the rest as the first did."""
    wave = leaves_of(batch)[:max(1, ctx.limits.concurrency)]
    invs = {leaf.scope: place.child(i).inv for i, leaf in enumerate(batch.children)}

    def over(span: Span) -> bool:
        node = ctx.state.nodes.get(invs[span])
        return node is not None and node.status != "running"

    await ctx.usage.wait(wave, over, running)
    for span in wave:
        await _measure(ctx, span)
    return [part for span in wave for part in ctx.usage.within(span)]


async def _measure(ctx: RunContext, scope: Span) -> None:
    """The usage of the leaf over ``scope`` where this run's reply reported none (its
    result reused): as the run that made that result recorded it (its prompt's bytes and
    tokens; the prompt's own words are plain ASCII), else by a probe of its prompt."""
    if ctx.usage.of(scope) is not None or ctx.usage.within(scope):
        return
    reported = await ctx.memo.reported(ctx.scope_key("leaf", scope, None))
    if reported is None:
        await ctx.usage_row(scope, functools.partial(scope_prompt, ctx, scope))
        return
    sent, tokens = reported
    extra = ctx.usage.extra(scope)
    ctx.usage.add((sent + SYSTEM_BYTES - extra, extra, tokens), scope)


def _batch(ctx: RunContext, measured: list[Span]) -> PlanNode | None:
    """The leaves after the first that one fold takes, packed by the model the first leaf
    (its ``measured`` parts) showed (a little less full: one reply is all it knows), when
    the input runs well past them; None otherwise (the rest is then packed at once)."""
    model = ctx.usage.fit(measured)
    room = _room(ctx, model, measured)
    if model is None or room is None:
        return None
    leaves = _packed(ctx, model, measured[-1][1], room * BATCH_FILL)
    fan_in = _shape(ctx).fan_in
    if leaves is None or len(leaves) <= 2 * fan_in:
        return None
    take = leaves[:fan_in]
    span = (take[0][0], take[-1][1])
    if 2 * (span[1] - span[0]) > len(ctx.transcript):
        return None
    ctx.usage_fitted.update(take)
    return PlanNode(span, [PlanNode(leaf) for leaf in take])


def _whole(ctx: RunContext, done: list[PlanNode], measured: list[Span]) -> PlanNode:
    """The whole input's tree, its first children ``done`` (read or under way): the rest
    packed by the model fitted to the ``measured`` leaves' usage (as full as it proved right
    on them), or planned in bytes when it cannot be: at the ratio the first showed, or, when
    the model missed a leaf's count by more than :data:`MAX_MISS` (a server whose density
    follows what it reads, not characters), at the densest leaf's."""
    if ctx.usage.miss(measured) > MAX_MISS:  # (a model this far off packs nothing)
        rows = [row for row in map(ctx.usage.of, measured) if row is not None]
        ctx.capacity = ctx.capacity.calibrated(min((c + x) / t for c, x, t in rows))
        measured = []
    transcript, capacity, fraction = ctx.transcript, ctx.capacity, ctx.limits.spawn_fraction
    scope = transcript.span
    rest = (done[-1].scope[1], scope[1])
    # (no leaf over half the input: each is a child of a fold over the whole at worst)
    most = int((scope[1] - scope[0]) * fraction)
    leaf_bytes = min(leaf_data_bytes(transcript.data, rest, capacity.data_bytes), most)
    planned = plan_tree(transcript, rest, leaf_bytes, capacity.fan_in, fraction,
                        fold_fan_in=capacity.fold_fan_in)
    packed_rest = _rest_packed(ctx, rest[0], measured)
    if packed_rest is not None and len(packed_rest) <= len(leaves_of(planned)):
        ctx.usage_fitted.update(packed_rest)
        planned = PlanNode(rest, [PlanNode(leaf) for leaf in packed_rest])
    leaves = [leaf for node in done for leaf in leaves_of(node)] + leaves_of(planned)
    shape = _shape(ctx)
    lead = [len(leaves_of(node)) for node in done]
    for counts in lead_partitions(len(leaves), shape, lead):
        tree = over_leaves(scope, leaves, shape, fraction, counts)
        if tree is not None:
            return PlanNode(scope, [*done, *tree.children[len(done):]])
    # (no shape keeps every child under half: the rest's own subtrees beside those)
    return PlanNode(scope, [*done, *(planned.children or [planned])])


def _rest_packed(ctx: RunContext, start: int, measured: list[Span]) -> list[Span] | None:
    """The input from ``start`` packed by the model fitted to the ``measured`` leaves: as
    full as it proved right on them once more than one was read (their largest miss the
    margin; fuller still where it never counted one short and that saves a leaf), else a
    little less full."""
    model = ctx.usage.fit(measured)
    room = _room(ctx, model, measured)
    if model is None or room is None:
        return None
    if len(measured) < 2:
        return _packed(ctx, model, start, room * BATCH_FILL)
    miss = ctx.usage.miss(measured)
    leaves = _packed(ctx, model, start, room * USAGE_FILL / (1 + miss))
    if leaves and miss <= EXACT_MISS:  # (the last leaf a sliver: the others may hold it)
        fuller = _packed(ctx, model, start, room * EXACT_FILL)
        if fuller is not None and len(fuller) < len(leaves):
            return fuller
    return leaves


def _shape(ctx: RunContext) -> Shape:
    fan_in, fold_fan_in = ctx.capacity.fan_in, ctx.capacity.fold_fan_in
    return Shape(max(3, fan_in), max(2, min(fan_in, fold_fan_in)))


def _room(ctx: RunContext, model: TokenModel | None, measured: list[Span]) -> float | None:
    """The tokens of data a leaf may hold by the model: the window less the answer's
    reserve and the prompt's own words (the first measured leaf's prompt, as its usage
    reported it, less its data); None when no leaf was measured."""
    row = ctx.usage.of(measured[0]) if measured else None
    if model is None or row is None:
        return None
    first = measured[0]
    extra = model.continuing.count(1, *first)
    fixed_chars, fixed_extra = row[0] - (first[1] - first[0] - extra), row[1] - extra
    if fixed_chars <= 0 or fixed_extra < 0:
        return None
    capacity = ctx.capacity
    room = capacity.context_tokens - capacity.answer_reserve("leaf") - model.text_tokens(
        fixed_chars + FIXED_SLACK_CHARS, fixed_extra)
    return room if room > 0 else None


def _packed(ctx: RunContext, model: TokenModel, start: int, tokens: float
            ) -> list[Span] | None:
    """The input from ``start`` in leaves of at most ``tokens`` by the model, each ending on
    a message start just before where it could, else a line start in its last sixteenth,
    and none over half the input."""
    transcript = ctx.transcript
    most = int(len(transcript) * ctx.limits.spawn_fraction)

    def cut(lo: int, end: int) -> int | None:
        return filled_end(transcript, False, lo, min(end, lo + most), line_tail=16)

    return packed(model, (start, len(transcript)), tokens, cut)
