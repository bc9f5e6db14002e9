"""The service layer: the one place the CLI and the workbench call to run the engine."""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.config import Settings
from engine.core.events import RunFinished, RunStarted, Status
from engine.core.extraction import Extraction
from engine.core.spans import Span, residual_gaps
from engine.core.state import RunState
from engine.core.tokens import Capacity
from engine.core.transcript import Transcript
from engine.providers.base import Provider
from engine.providers.factory import make_provider
from engine.run.context import Memo, MemoryMemo, Outcome, RunContext, Sink
from engine.sources import load_transcript
from engine.store import EventWriter, RunMeta, Store
from engine.strategies.chunked.read import ReadResult, read_summary
from engine.strategies.compact.compaction import CompactResult, compact_conversation
from engine.strategies.oneshot import run_oneshot
from engine.strategies.recursive import run_recursive
from engine.strategies.router import route
from engine.strategies.tree import plan_tree, run_tree

__all__ = [
    "CompactResult",
    "ReadResult",
    "RunResult",
    "compact_conversation",
    "read_summary",
    "result_from_state",
    "summarize_path",
    "summarize_stored",
    "summarize_transcript",
]


@dataclass
class RunResult:
    """What a finished run reports (the ``--json`` contract)."""

    run_id: str
    status: Status
    coverage: float
    residual_gaps: list[Span]
    entry: dict[str, Any] | None
    calls: int
    tokens_in: int
    tokens_out: int
    bytes_read: int
    input_bytes: int
    strategy: str
    reason: str = ""
    elapsed: float = 0.0
    malformed_lines: int = 0
    bytes_sent: int = 0
    unread: list[Span] = field(default_factory=list)
    state: RunState = field(default_factory=RunState, repr=False)

    @property
    def ok(self) -> bool:
        return self.status == "complete" or (self.status == "skipped" and bool(self.reason))

    def to_json(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "status": self.status,
            "coverage": self.coverage,
            "residual_gaps": [list(g) for g in self.residual_gaps],
            "entry": self.entry,
            "calls": self.calls,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
            "bytes_read": self.bytes_read,
            "input_bytes": self.input_bytes,
            "bytes_sent": self.bytes_sent,
            "strategy": self.strategy,
            "reason": self.reason,
            "elapsed_seconds": round(self.elapsed, 3),
            "malformed_lines": self.malformed_lines,
            "unread_spans": [list(g) for g in self.unread],
        }


def new_run_id() -> str:
    return uuid.uuid4().hex[:12]


async def summarize_transcript(
    transcript: Transcript,
    settings: Settings,
    *,
    strategy: str = "auto",
    question: str | None = None,
    provider: Provider | None = None,
    sinks: Sequence[Sink] = (),
    memo: Memo | None = None,
    run_id: str | None = None,
    source: str = "",
    parent_run_id: str | None = None,
) -> RunResult:
    """Summarize a loaded transcript under the coverage contract and report the result."""
    capacity = Capacity.for_context(settings.context_tokens)
    own_provider = provider is None
    prov = provider if provider is not None else make_provider(settings)
    chosen = route(strategy, len(transcript), capacity, question)
    ctx = RunContext(
        run_id=run_id or new_run_id(),
        transcript=transcript,
        provider=prov,
        capacity=capacity,
        limits=settings.limits,
        budget=settings.budget,
        question=question,
        instructions=settings.summary_instructions,
        memo=memo,
        sinks=sinks,
        price=settings.price,
    )
    ctx.emit(
        RunStarted(
            run_id=ctx.run_id,
            source=source or transcript.name,
            input_bytes=len(transcript),
            strategy=chosen.strategy,
            router_reason=chosen.reason,
            provider=prov.name,
            model=prov.model,
            context_tokens=settings.context_tokens,
            question=question,
            settings=settings.public(),
            malformed=len(transcript.malformed),
            parent_run_id=parent_run_id,
        )
    )
    try:
        if not transcript.data.strip():
            ctx.emit(RunFinished(status="skipped", coverage=1.0, reason="the input is empty"))
        else:
            outcome = await _run_strategy(ctx, chosen.strategy)
            _finish(ctx, outcome)
    except asyncio.CancelledError:
        ctx.emit(RunFinished(status="incomplete", coverage=_root_coverage(ctx.state)[0],
                             gaps=_root_coverage(ctx.state)[1], reason="the run was cancelled"))
        raise
    finally:
        if own_provider:
            await prov.aclose()
    return result_from_state(ctx.state)


async def _run_strategy(ctx: RunContext, strategy: str) -> Outcome:
    if strategy == "oneshot":
        return await run_oneshot(ctx)
    if strategy == "recursive":
        return await run_recursive(ctx, "r", None, ctx.transcript.span, 0, question=ctx.question)
    plan = plan_tree(ctx.transcript, ctx.transcript.span, ctx.capacity.data_bytes,
                     ctx.capacity.fan_in, ctx.limits.spawn_fraction)
    return await run_tree(ctx, plan)


def _finish(ctx: RunContext, outcome: Outcome) -> None:
    if outcome.complete and outcome.extraction is not None:
        ex: Extraction = outcome.extraction
        status: Status = "skipped" if ex.skipped else "complete"
        reason = (ex.skip_reason or "the model judged it non-substantive") if ex.skipped else ""
        ctx.emit(RunFinished(status=status, coverage=1.0, entry=ex.model_dump(), reason=reason))
        return
    coverage, gaps = _root_coverage(ctx.state)
    reason = outcome.reason or "the root did not complete"
    if ctx.exhausted:
        reason = f"{ctx.exhausted}; {reason}" if ctx.exhausted not in reason else reason
    ctx.emit(RunFinished(status=outcome.status, coverage=coverage, gaps=gaps, reason=reason))


def _root_coverage(state: RunState) -> tuple[float, list[Span]]:
    root = state.nodes.get(state.root or "")
    if root is None:
        return 0.0, [(0, state.input_bytes)] if state.input_bytes else []
    return root.coverage, root.residual


def result_from_state(state: RunState) -> RunResult:
    """The ``--json`` report of a run, from its folded events."""
    return RunResult(
        run_id=state.run_id,
        status=state.status if state.status in ("complete", "incomplete", "failed", "skipped")
        else "failed",
        coverage=state.coverage,
        residual_gaps=list(state.gaps),
        entry=state.entry,
        calls=state.calls,
        tokens_in=state.tokens_in,
        tokens_out=state.tokens_out,
        bytes_read=state.bytes_read,
        input_bytes=state.input_bytes,
        strategy=state.strategy,
        reason=state.reason,
        elapsed=state.elapsed,
        malformed_lines=state.malformed,
        bytes_sent=state.bytes_sent,
        unread=residual_gaps((0, state.input_bytes), state.read),
        state=state,
    )


async def summarize_path(
    path: str | Path,
    settings: Settings,
    **kwargs: Any,
) -> RunResult:
    """Load ``path`` (any supported format) and summarize it."""
    transcript = load_transcript(path)
    return await summarize_transcript(transcript, settings, source=str(path), **kwargs)


def fingerprint(transcript: Transcript, settings: Settings, *, kind: str, strategy: str,
                question: str | None, source: str) -> str:
    """What makes two runs the same work, so a rerun can resume the earlier one.

    Budgets and concurrency are left out on purpose: rerunning with a larger budget should
    pick up where the smaller one stopped.
    """
    h = hashlib.sha256()
    where = Path(source).expanduser() if source else None
    located = str(where.resolve()) if where is not None and where.exists() else source
    parts = [kind, strategy, question or "", located, settings.provider, settings.model,
             str(settings.context_tokens),
             str(settings.read_window), str(settings.max_actions), str(settings.spawn_fraction),
             settings.summary_instructions]
    for part in parts:
        h.update(part.encode())
        h.update(b"\0")
    h.update(hashlib.sha256(transcript.data).digest())
    return h.hexdigest()[:32]


async def summarize_stored(
    store: Store,
    transcript: Transcript,
    settings: Settings,
    *,
    strategy: str = "auto",
    question: str | None = None,
    source: str = "",
    sinks: Sequence[Sink] = (),
    provider: Provider | None = None,
    kind: str = "summarize",
    group_key: str | None = None,
    force: bool = False,
    run_id: str | None = None,
) -> RunResult:
    """Summarize and persist every event; resume an earlier unfinished run of the same work.

    Invocations that completed in an earlier, unfinished run of the same work are taken
    from the store instead of being sent to the model again.
    """
    fp = fingerprint(transcript, settings, kind=kind, strategy=strategy, question=question,
                     source=source)
    rid = run_id or new_run_id()
    prior = [] if force else await store.unfinished(fp)
    for old in prior:
        await store.close_interrupted(old, resumed_by=rid)
    memo = MemoryMemo()
    memo.data.update(await store.memo_from(r.id for r in prior))
    writer = await EventWriter(store, transcript=transcript,
                               meta=RunMeta(kind=kind, fingerprint=fp, group_key=group_key)).start()
    try:
        return await summarize_transcript(
            transcript, settings, strategy=strategy, question=question, provider=provider,
            sinks=[writer, *sinks], memo=memo, run_id=rid, source=source,
            parent_run_id=prior[0].id if prior else None,
        )
    finally:
        await writer.close()
