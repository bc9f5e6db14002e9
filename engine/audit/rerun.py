"""Re-run one failed or incomplete scope of a finished run, and recompose its ancestors.

The re-run is a new persisted run linked to the original (``parent_run_id``). It mirrors
the original tree: nodes outside the chosen subtree are carried over as they ended
(complete ones as reused, so they cost no call), the chosen subtree is executed again
(its completed invocations come from the memo), and every ancestor is folded again over
its children, so the root can reach 100 % without re-sending completed work.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import InvocationFinished, Sink
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.spans import merge, residual_gaps
from gapless.engine.core.state import NodeState, RunState
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import Provider, ProviderError
from gapless.engine.registry import STRATEGIES, load
from gapless.engine.run.calls import BudgetExhausted
from gapless.engine.run.context import Ending, Opening, Place, RunContext
from gapless.engine.run.fold import fold_outcomes
from gapless.engine.run.leaf import run_leaf
from gapless.engine.run.lifecycle import RunLifecycle, Supplied
from gapless.engine.run.memo import MemoryMemo, Outcome
from gapless.engine.run.prompts import DataBlock, FoldExtras
from gapless.engine.run.request import RunRequest
from gapless.engine.run.result import RunResult, result_from_state
from gapless.engine.service import capacity_for
from gapless.engine.store import EventWriter, RunMeta, Store
from gapless.engine.strategies.tree_run import fold_children


async def source_transcript(store: Store, run_id: str, state: RunState, settings: Settings
                            ) -> Transcript:
    """Load the input of a stored run again, rendered as the run rendered it, and make sure
    it is still the same content (the SHA-256 of the rendering the run kept; its length for
    runs recorded before that)."""
    from gapless.engine.sources import RenderOptions, SourceChanged, load_again

    row = await store.find_run(run_id)
    account = state.source_account
    sha = account.sha256 if account is not None else ""
    options = RenderOptions.from_settings(state.settings)
    if row.kind == "journal" and row.group_key:
        from gapless.engine.journal.groups import group_sessions
        from gapless.engine.journal.ingest import group_transcript, read_sessions

        same = settings.model_copy(update={"include": sorted(options.include),
                                           "tool_output_limit": options.tool_output_limit})
        sessions, _ = read_sessions(same)
        match = [g for g in group_sessions(sessions) if g.key == row.group_key]
        if not match:
            raise UserError(f"the sessions of {row.group_key} are no longer in the sources")
        transcript = group_transcript(match[0], options)
        if sha and hashlib.sha256(transcript.data).hexdigest() != sha:
            raise SourceChanged(f"the sessions of {row.group_key} changed since run {row.id} "
                                "(the SHA-256 of their rendering differs): summarize the day "
                                "again instead")
    elif row.kind in ("summarize", "rerun"):
        transcript = load_again(state.source, state.settings, sha256=sha, run_id=row.id)
    else:
        raise UserError(f"runs of kind {row.kind!r} cannot be re-run by scope")
    if len(transcript) != state.input_bytes:
        raise SourceChanged(f"{state.source} changed since run {row.id} "
                            f"({len(transcript)} bytes now, {state.input_bytes} then)")
    return transcript


def _ancestors(state: RunState, inv: str) -> set[str]:
    out = {inv}
    node = state.nodes.get(inv)
    while node is not None and node.parent is not None:
        out.add(node.parent)
        node = state.nodes.get(node.parent)
    return out


def _rerun_hook(strategy: str) -> Callable[..., Any]:
    """The run's strategy's own way to re-run one of its planning nodes (its entry's
    ``rerun``); a strategy without one cannot re-run such a node."""
    entry = STRATEGIES.find(strategy)
    if entry is None or entry.rerun is None:
        raise UserError(f"the {strategy} strategy cannot re-run its planning nodes")
    return load(entry.rerun)


class _Redo:
    def __init__(self, ctx: RunContext, orig: RunState, target: str) -> None:
        self.ctx = ctx
        self.orig = orig
        self.target = target
        self.path = _ancestors(orig, target)

    async def node(self, inv: str, parent: str | None, inside: bool) -> Outcome:
        n = self.orig.nodes[inv]
        inside = inside or inv == self.target
        if (inv not in self.path and not inside) or n.status == "complete":
            return self.carry(n)
        if n.mode == "leaf":
            return await run_leaf(self.ctx, Place(inv, parent, n.depth), n.scope,
                                  question=n.question)
        if n.mode == "plan" and inside:
            redo = _rerun_hook(self.orig.strategy)
            outcome: Outcome = await redo(self.ctx, Place(inv, parent, n.depth), n.scope,
                                          question=n.question)
            return outcome
        if n.mode == "fold":
            self.ctx.start(inv, parent, n.scope, Opening(n.depth, "fold", question=n.question))
            return await fold_children(self.ctx, inv, n.scope, self._children(n, inside))
        if n.mode == "plan":
            return await self.recompose(n, parent, inside)
        raise UserError(f"invocations of mode {n.mode!r} cannot be re-run")

    def _children(self, n: NodeState, inside: bool) -> list[Coroutine[Any, Any, Outcome]]:
        return [self.node(c, n.inv, inside) for c in n.children]

    def carry(self, n: NodeState, parent: str | None = None) -> Outcome:
        """Emit a node as it ended in the original run: a complete one as reused (its proof
        lives in that run), any other with its whole subtree carried too, so the new run's
        tree is the original's and a later re-run of it finds every part. A carried node
        that is not complete covers only what its carried complete children cover: the
        reads of its own calls were the original run's, not this one's."""
        opening = Opening(n.depth, n.mode, question=n.question, action_budget=n.action_budget,
                          engine_spawned=n.engine_spawned)
        self.ctx.start(n.inv, parent if parent is not None else n.parent, n.scope, opening)
        if n.status == "complete" and n.extraction is not None:
            ex = Extraction.model_validate(n.extraction)
            self.ctx.emit(InvocationFinished(inv=n.inv, status="complete", coverage=1.0,
                                             extraction=n.extraction, key=n.key, reused=True,
                                             reason=f"carried over from run {self.orig.run_id}",
                                             source_run=self.orig.run_id))
            return Outcome(n.inv, n.scope, "complete", ex, [], n.key)
        covered = []
        for c in n.children:
            outcome = self.carry(self.orig.nodes[c], n.inv)
            self.ctx.child_finished(n.inv, outcome)
            if outcome.complete:
                covered.append(outcome.scope)
        status = "incomplete" if n.status in ("running", "complete") else n.status
        return self.ctx.finish(n.inv, n.scope, Ending(status, covered=covered,
                                                      reason=f"not re-run: {n.reason}".strip()))

    async def recompose(self, n: NodeState, parent: str | None, inside: bool) -> Outcome:
        """An ancestor planned by the model: keep its reads, fold its children again."""
        ctx = self.ctx
        ctx.start(n.inv, parent, n.scope, Opening(n.depth, "plan", question=n.question))
        outcomes = []
        for child in self._children(n, inside):
            outcome = await child
            ctx.child_finished(n.inv, outcome)
            outcomes.append(outcome)
        reads = merge(n.reads)
        covered = merge([*reads, *(o.scope for o in outcomes if o.complete)])
        if residual_gaps(n.scope, covered):
            return ctx.finish(n.inv, n.scope, Ending("incomplete", covered=covered,
                                                     reason="gaps remain after the re-run"))
        blocks = [DataBlock(s, ctx.transcript.text(s, e)) for s, e in reads]
        done = sorted((o for o in outcomes if o.complete), key=lambda o: o.scope)
        try:
            extraction = await fold_outcomes(ctx, n.inv, n.scope, done, question=n.question,
                                             extras=FoldExtras(blocks=blocks))
        except BudgetExhausted as exc:
            return ctx.finish(n.inv, n.scope, Ending("incomplete",
                                                     reason=f"{exc} before composing"))
        except ProviderError as exc:
            return ctx.finish(n.inv, n.scope, Ending("failed", reason=str(exc)))
        for span in reads:
            ctx.read(n.inv, span)
        key = ctx.scope_key("plan", n.scope, n.question)
        return await ctx.complete(n.inv, n.scope, extraction, key)


def refuse_rerun(run_id: str, orig: RunState, inv: str, *, interrupted: bool = False) -> None:
    """A UserError sentence when there is nothing a re-run of ``inv`` could do (checked
    before anything starts, so nothing is stored): the run or scope is already complete,
    the run is still going, or it died before it could end (resuming it is running the same
    command again, not a re-run)."""
    again = "run the same command again to resume it"
    if orig.status == "running":
        if interrupted:
            raise UserError(f"run {run_id} was interrupted (its process ended before the run "
                            f"did): {again}; its completed work is reused")
        raise UserError(f"run {run_id} is still running; re-run a scope once it has ended")
    if orig.root is None:
        raise UserError(f"run {run_id} ended before any part of it started "
                        f"({orig.reason or orig.status}): {again}")
    if orig.status in ("complete", "skipped") and inv == orig.root:
        raise UserError(f"nothing to re-run: run {run_id} is {orig.status}")
    node = orig.nodes.get(inv)
    if node is None:
        raise UserError(f"run {run_id} has no invocation {inv!r}; `gapless why {run_id}` "
                        "lists them")
    if node.status == "complete":
        raise UserError(f"nothing to re-run: invocation {inv!r} of run {run_id} is complete")


@dataclass(frozen=True, slots=True)
class StoredScope:
    """Invocation ``inv`` of the stored run ``run_id`` (an id or a unique prefix): the
    scope a re-run reads again."""

    run_id: str
    inv: str


async def rerun_scope(
    store: Store,
    scope: StoredScope,
    request: RunRequest,
    *,
    provider: Provider | None = None,
    sinks: Sequence[Sink] = (),
    transcript: Transcript | None = None,
) -> RunResult:
    """Re-run ``scope`` (the node's whole subtree) as a new run linked to its run, under the
    request's settings (and its run id, when it names one)."""
    inv, settings = scope.inv, request.settings
    row = await store.find_run(scope.run_id)
    orig = await store.state(row.id)
    refuse_rerun(row.id, orig, inv, interrupted=row.interrupted)
    root = orig.root
    assert root is not None  # refuse_rerun refused a run without one
    text = transcript or await source_transcript(store, row.id, orig, settings)
    context = orig.context_tokens or settings.context_tokens
    chain = [row.id]
    parent_id = row.parent_run_id
    while parent_id and len(chain) < 20:
        chain.append(parent_id)
        older = await store.run(parent_id)
        parent_id = older.parent_run_id if older else None
    memo = MemoryMemo()
    memo.data.update(await store.memo_from(chain))
    # the capacity the run was planned with (its leaves are re-read as they were cut)
    capacity = capacity_for(settings.model_copy(update={"context_tokens": context}),
                            orig.question, len(text))
    writer = await EventWriter(store, transcript=text,
                               meta=RunMeta(kind="rerun", group_key=row.group_key)).start()
    try:
        asked = RunRequest(settings, question=orig.question, source=orig.source,
                           run_id=request.run_id, parent_run_id=row.id)
        supplied = Supplied(provider=provider, sinks=[writer, *sinks], memo=memo,
                            capacity=capacity)
        async with RunLifecycle(asked, text, supplied, cancelled="the re-run was stopped",
                                stopped="the re-run was stopped") as run:
            run.started(input_bytes=orig.input_bytes, strategy=orig.strategy,
                        router_reason=f"re-run of {inv} from run {row.id}")
            entry = STRATEGIES.find(orig.strategy)
            if entry is None or entry.splits:  # at the bytes per token the run planned at
                await run.ctx.calibrate()
            run.finish_outcome(await _Redo(run.ctx, orig, inv).node(root, None, False))
    finally:
        await writer.close()
    return result_from_state(run.state)

