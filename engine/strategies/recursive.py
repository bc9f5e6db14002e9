"""The ``recursive`` strategy: the model plans with search / read_range / spawn / done.

The engine, not the model, decides coverage: reads count only once their text has been
shown to a model in a call that succeeded, a spawned range counts only if its child
finished complete, and ``done`` is accepted only with no residual gaps and the right
coherence token. When the actions run out, the engine spawns children over the gaps
itself; if those fail too, the invocation ends incomplete with its exact gaps.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping

from gapless.engine.core.events import ActionTaken, DoneRejected
from gapless.engine.core.spans import (
    Span,
    SpanError,
    format_spans,
    merge,
    residual_gaps,
    split_evenly,
    validate_spawn,
)
from gapless.engine.extractive.logs.detect import reading_input
from gapless.engine.providers.base import ContextOverflow, DataBlock, PlanState, ProviderError
from gapless.engine.run.calls import BudgetExhausted, window_checked
from gapless.engine.run.context import ROOT_PLACE, Ending, Opening, Place, RunContext
from gapless.engine.run.fold import fold_outcomes
from gapless.engine.run.leaf import run_leaf
from gapless.engine.run.memo import Outcome
from gapless.engine.run.prompts import (
    FoldExtras,
    fence,
    leaf_data_bytes,
    new_token,
    plan_prompt,
)
from gapless.engine.strategies.protocol import (
    DoneAction,
    ReadRangeAction,
    SearchAction,
    SpawnAction,
    Turn,
    action_schema,
    parse_turn,
)
from gapless.engine.strategies.tree_plan import plan_tree
from gapless.engine.strategies.tree_run import run_tree

MAX_SEARCH_HITS = 10
PREVIEW_BYTES = 600
# A planner whose ``done`` was rejected this often is not asked again: the engine plans
# the node's remaining gaps itself (a tree over them), which costs no planning calls.
MAX_REJECTED_DONES = 2


class _Node:
    """Book-keeping of one planning invocation."""

    def __init__(self, ctx: RunContext, inv: str, scope: Span, depth: int,
                 question: str | None) -> None:
        self.ctx = ctx
        self.inv = inv
        self.scope = scope
        self.depth = depth
        self.question = question
        self.token = new_token()
        self.reads: list[Span] = []
        self.pending: list[Span] = []
        self.running: dict[str, asyncio.Task[Outcome]] = {}
        self.running_scopes: dict[str, Span] = {}
        self.finished: list[Outcome] = []
        self.notes: list[str] = []
        self.used = 0
        self.spawned = 0
        self.rejected = 0
        self.key = ""  # the plan's memo key: its turns are recorded under it for a resume
        self.turns = 0  # planning turns asked so far
        self.replaying = True  # until a turn is sent, a resumed run's answers are replayed

    @property
    def max_spawn(self) -> int:
        return int((self.scope[1] - self.scope[0]) * self.ctx.limits.spawn_fraction)

    def covered(self, with_pending: bool = False) -> list[Span]:
        spans = [*self.reads, *(o.scope for o in self.finished if o.complete)]
        if with_pending:
            spans += self.pending
        return merge(spans)

    def gaps(self, with_pending: bool = False) -> list[Span]:
        return residual_gaps(self.scope, self.covered(with_pending))

    def rel(self, spans: list[Span]) -> list[Span]:
        s0 = self.scope[0]
        return [(a - s0, b - s0) for a, b in spans]

    def spawn(self, child: Span, question: str | None, engine: bool = False) -> str:
        cid = f"{self.inv}.{self.spawned}"
        self.spawned += 1
        self.running_scopes[cid] = child
        self.running[cid] = asyncio.create_task(
            run_recursive(self.ctx, Place(cid, self.inv, self.depth + 1), child,
                          question=question, engine_spawned=engine)
        )
        return cid

    def spawn_tree(self, child: Span, question: str | None) -> str:
        """A child over ``child`` that the engine plans as a tree (no planning calls)."""
        ctx = self.ctx
        cid = f"{self.inv}.{self.spawned}"
        self.spawned += 1
        self.running_scopes[cid] = child
        plan = plan_tree(ctx.transcript, child,
                         leaf_data_bytes(ctx.transcript.data, child, ctx.capacity.data_bytes),
                         ctx.capacity.fan_in, ctx.limits.spawn_fraction,
                         fold_fan_in=ctx.capacity.fold_fan_in)
        self.running[cid] = asyncio.create_task(
            run_tree(ctx, plan, Place(cid, self.inv, self.depth + 1), question=question,
                     engine_spawned=True)
        )
        return cid

    async def collect(self, wait: bool) -> list[str]:
        """Gather finished children (all of them when ``wait``); report them as lines."""
        if wait and self.running:
            await asyncio.wait(self.running.values())
        lines = []
        for cid, task in list(self.running.items()):
            if task.done():
                del self.running[cid]
                del self.running_scopes[cid]
                outcome = task.result()
                self.finished.append(outcome)
                self.ctx.child_finished(self.inv, outcome)
                s, e = self.rel([outcome.scope])[0]
                lines.append(f"child {cid} over [{s}, {e}) finished {outcome.status}"
                             + (f": {outcome.reason}" if outcome.reason else ""))
        return lines

    async def cancel_children(self) -> None:
        for task in self.running.values():
            task.cancel()
        await asyncio.gather(*self.running.values(), return_exceptions=True)
        self.running.clear()
        self.running_scopes.clear()


async def run_recursive(
    ctx: RunContext,
    place: Place,
    scope: Span,
    *,
    question: str | None = None,
    engine_spawned: bool = False,
) -> Outcome:
    """Summarize ``scope``: whole in one call if it fits, else by model-driven planning."""
    inv, parent, depth = place.inv, place.parent, place.depth
    if scope[1] - scope[0] <= ctx.capacity.data_bytes:
        return await run_leaf(ctx, place, scope, question=question,
                              engine_spawned=engine_spawned)
    ctx.start(inv, parent, scope, Opening(depth, "plan", question=question,
                                          action_budget=ctx.limits.max_actions,
                                          engine_spawned=engine_spawned))
    node = _Node(ctx, inv, scope, depth, question)
    key = node.key = ctx.scope_key("plan", scope, question)
    try:
        reused = await ctx.reuse(inv, scope, key)
        if reused:
            return reused
        return await _plan(node, key)
    except asyncio.CancelledError:
        await node.cancel_children()
        ctx.finish(inv, scope, Ending("failed", reason="cancelled", covered=()))
        raise


async def run_root(ctx: RunContext) -> Outcome:
    """The ``recursive`` strategy over the whole input, asked the run's question; its
    scopes (and the sub-trees it spawns) read a log by the whole input's format, as a
    tree's leaves do, so their figures do not depend on where the plan cut."""
    with reading_input(ctx.transcript.text, len(ctx.transcript)):
        return await run_recursive(ctx, ROOT_PLACE, ctx.transcript.span,
                                   question=ctx.question)


async def _plan(node: _Node, key: str) -> Outcome:
    """The planning turns: until the model's ``done`` is accepted, its actions run out or
    its ``done`` was rejected too often; then what it left is planned by the engine and
    the node is composed."""
    ctx = node.ctx
    results: list[str] = []
    accepted = False
    stop_reason = ""
    while (node.used < ctx.limits.max_actions and not accepted
           and node.rejected < MAX_REJECTED_DONES):
        results += await node.collect(wait=False)
        try:
            turn = await _turn(node, results)
        except BudgetExhausted as exc:
            stop_reason = str(exc)
            break
        except ProviderError as exc:
            await node.cancel_children()
            return ctx.finish(node.inv, node.scope, Ending("failed", reason=str(exc), key=key))
        if turn is None:  # the turn did not fit the window: the engine plans the rest
            break
        results = []
        accepted = await _act(node, turn, results)
    results += await node.collect(wait=True)
    await _plan_what_is_left(node)
    return await _compose(node, key, stop_reason)


async def _turn(node: _Node, results: list[str]) -> Turn | None:
    """One planning call, showing ``results`` and the reads pending; its answer parsed
    (and counted as usable or not). None when the turn (with what it would show) does not
    fit the window: it was not sent, so its reads were never shown. Raises
    BudgetExhausted, or ProviderError when the call failed or the model is unusable."""
    ctx = node.ctx
    blocks_shown = list(node.pending)
    plan = PlanState(
        scope_bytes=node.scope[1] - node.scope[0],
        read_window=ctx.limits.read_window,
        coherence_token=node.token,
        uncovered=tuple(node.rel(residual_gaps(
            node.scope, node.covered(with_pending=True) + list(node.running_scopes.values())
        ))),
        actions_left=ctx.limits.max_actions - node.used,
        max_spawn_bytes=node.max_spawn,
        scope_offset=node.scope[0],
    )
    prompt = plan_prompt(
        plan,
        question=node.question or ctx.question,
        instructions=ctx.instructions,
        results=results,
        preview=fence(ctx.transcript.text(node.scope[0], node.scope[0] + PREVIEW_BYTES),
                      node.scope[0]) if node.used == 0 else "",
    )
    # A resumed run's answers to this plan's turns are replayed in order (the plan is the
    # model's choice; what it covers is proven by the engine all the same) until a turn
    # would show transcript bytes (only a call proves them read) or was never answered.
    key = ctx.turn_key(node.key, node.turns)
    node.turns += 1
    text = ctx.replayed(key, node.token) if node.replaying and not blocks_shown else None
    node.replaying = text is not None
    if text is None:
        try:
            with window_checked():
                reply = await ctx.call(node.inv, prompt, action_schema(), sent=blocks_shown,
                                       turn=(key, node.token))
        except ContextOverflow:
            node.pending = [p for p in node.pending if p not in blocks_shown]
            return None
        text = reply.text
    for span in blocks_shown:
        ctx.read(node.inv, span)
        node.reads.append(span)
    node.pending = [p for p in node.pending if p not in blocks_shown]
    turn = parse_turn(text)
    ctx.note_answer(bool(turn.actions), text)
    return turn


async def _act(node: _Node, turn: Turn, results: list[str]) -> bool:
    """Run a turn's actions in order, each result a line of ``results`` for the next turn;
    True when its ``done`` was accepted."""
    ctx = node.ctx
    if turn.reasoning:
        node.notes.append(turn.reasoning[:300])
    if turn.problems:
        results.extend(f"problem: {p}" for p in turn.problems)
        if not turn.actions:
            node.used += 1
            _record(ctx, node, "invalid", {}, False, "; ".join(turn.problems))
    turn_read = 0
    for action in turn.actions:
        if node.used >= ctx.limits.max_actions:
            results.append("action budget exhausted; remaining actions ignored")
            break
        node.used += 1
        if isinstance(action, SearchAction):
            results.append(_search(node, action.query))
        elif isinstance(action, ReadRangeAction):
            line, size = _read(node, action.start, action.end, turn_read)
            turn_read += size
            results.append(line)
        elif isinstance(action, SpawnAction):
            results.append(_spawn(node, action))
        elif isinstance(action, DoneAction):
            results += await node.collect(wait=True)
            accepted = _done(node, action.coherence_token, results)
            if accepted or node.rejected >= MAX_REJECTED_DONES:
                return accepted
    return False


async def _plan_what_is_left(node: _Node) -> None:
    """The gaps the model left, planned by the engine as trees (no planning calls), unless
    the run's budget is spent or the model halted."""
    ctx = node.ctx
    gaps = node.gaps(with_pending=True)
    if not gaps or ctx.exhausted is not None or ctx.halted is not None:
        return
    for gap in gaps:
        for piece in _pieces(node, gap):
            node.spawn_tree(piece, node.question)
            _record(ctx, node, "spawn", {"start": piece[0] - node.scope[0],
                                         "end": piece[1] - node.scope[0]},
                    True, "engine-driven spawn over a residual gap (planned as a tree)")
    await node.collect(wait=True)


async def _compose(node: _Node, key: str, stop_reason: str) -> Outcome:
    """Finish the node: incomplete over what was covered while gaps remain; else its
    complete children and the reads not yet shown to a model folded in one call."""
    ctx = node.ctx
    gaps = node.gaps(with_pending=True)
    if gaps:
        reason = stop_reason or ctx.exhausted or "gaps remain after the actions ran out"
        return ctx.finish(node.inv, node.scope, Ending("incomplete", covered=node.covered(),
                                                       reason=reason, key=key))
    blocks = [DataBlock(s, ctx.transcript.text(s, e)) for s, e in node.pending]
    children = sorted((o for o in node.finished if o.complete), key=lambda o: o.scope)
    try:
        extraction = await fold_outcomes(ctx, node.inv, node.scope, children,
                                         question=node.question,
                                         extras=FoldExtras(blocks, node.notes[-8:]))
    except BudgetExhausted as exc:
        # Everything was read but the composing call did not happen: nothing is summarized.
        return ctx.finish(node.inv, node.scope, Ending("incomplete",
                                                       reason=f"{exc} before composing", key=key))
    except ProviderError as exc:
        return ctx.finish(node.inv, node.scope, Ending("failed", reason=str(exc), key=key))
    for span in node.pending:
        ctx.read(node.inv, span)
        node.reads.append(span)
    node.pending = []
    return await ctx.complete(node.inv, node.scope, extraction, key)


def _record(ctx: RunContext, node: _Node, action: str, args: Mapping[str, object], ok: bool,
            result: str) -> None:
    ctx.emit(ActionTaken(inv=node.inv, n=node.used, action=action, args=dict(args), ok=ok,
                         result=result[:500]))


def _search(node: _Node, query: str) -> str:
    ctx = node.ctx
    args = {"query": query}
    if not query.strip():
        _record(ctx, node, "search", args, False, "empty query")
        return "search: empty query"
    pattern = re.compile(re.escape(query.encode("utf-8")), re.I)
    hits = []
    for m in pattern.finditer(ctx.transcript.data, node.scope[0], node.scope[1]):
        hits.append((m.start(), m.end()))
        if len(hits) >= MAX_SEARCH_HITS:
            break
    s0 = node.scope[0]
    lines = [f"search {query!r}: {len(hits)} hit(s)" + (" (first ones)" if len(hits) >=
                                                        MAX_SEARCH_HITS else "")]
    for a, b in hits:
        snippet = ctx.transcript.text(max(node.scope[0], a - 60), min(node.scope[1], b + 60))
        lines.append(f"  at [{a - s0}, {b - s0}): {' '.join(snippet.split())[:200]}")
    _record(ctx, node, "search", args, True, lines[0])
    return "\n".join(lines)


def _read(node: _Node, start: int, end: int, turn_read: int) -> tuple[str, int]:
    ctx = node.ctx
    args = {"start": start, "end": end}
    size = node.scope[1] - node.scope[0]
    if not (0 <= start < end <= size):
        _record(ctx, node, "read_range", args, False, "out of scope or empty")
        return (f"read_range [{start}, {end}) rejected: it must be non-empty and inside "
                f"[0, {size})", 0)
    note = ""
    if end - start > ctx.limits.read_window:
        end = start + ctx.limits.read_window
        note = f" (clamped to read_window, read [{start}, {end}))"
    turn_limit = max(ctx.limits.read_window, ctx.capacity.data_bytes // 2)
    if turn_read + (end - start) > turn_limit:
        _record(ctx, node, "read_range", args, False, "too much read in one turn")
        return (f"read_range [{start}, {end}) rejected: this turn already read {turn_read} "
                "bytes; read it in a later turn", 0)
    span = (node.scope[0] + start, node.scope[0] + end)
    node.pending.append(span)
    _record(ctx, node, "read_range", {"start": start, "end": end}, True, f"read{note}")
    return f"read_range [{start}, {end}){note}:\n" + fence(ctx.transcript.text(*span),
                                                          span[0]), end - start


def _spawn(node: _Node, action: SpawnAction) -> str:
    ctx = node.ctx
    args: dict[str, object] = {"start": action.start, "end": action.end}
    if action.sub_question:
        args["sub_question"] = action.sub_question
    child = (node.scope[0] + action.start, node.scope[0] + action.end)
    try:
        validate_spawn(node.scope, child, ctx.limits.spawn_fraction)
    except SpanError as exc:
        _record(ctx, node, "spawn", args, False, str(exc))
        return f"spawn [{action.start}, {action.end}) rejected: {exc}"
    busy = merge([*node.covered(with_pending=True), *node.running_scopes.values()])
    if not residual_gaps(child, busy):
        _record(ctx, node, "spawn", args, False, "already covered or in flight")
        return f"spawn [{action.start}, {action.end}) rejected: already covered or in flight"
    cid = node.spawn(child, action.sub_question or node.question)
    _record(ctx, node, "spawn", args, True, f"started child {cid}")
    return f"spawn [{action.start}, {action.end}): started child {cid}"


def _done(node: _Node, token: str, results: list[str]) -> bool:
    ctx = node.ctx
    gaps = node.gaps(with_pending=True)
    if token.strip().lower() != node.token:
        reason = "wrong or missing coherence_token"
    elif gaps:
        reason = "uncovered bytes remain"
    else:
        _record(ctx, node, "done", {"coherence_token": token}, True, "accepted")
        return True
    _record(ctx, node, "done", {"coherence_token": token}, False, reason)
    node.rejected += 1
    ctx.emit(DoneRejected(inv=node.inv, reason=reason, gaps=gaps))
    results.append(f"done rejected: {reason}; uncovered: {format_spans(node.rel(gaps))}")
    return False


def _pieces(node: _Node, gap: Span) -> list[Span]:
    """Cut a gap into pieces a child may take (each at most the spawn fraction of scope)."""
    limit = max(1, node.max_spawn)
    count = -(-(gap[1] - gap[0]) // limit)
    return split_evenly(gap, count)
