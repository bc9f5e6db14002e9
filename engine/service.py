"""The service layer: the one place the CLI and the workbench call to run the engine."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Sink
from gapless.engine.core.state import RunState
from gapless.engine.core.tokens import FOLD_CHILDREN, Capacity, estimate_tokens
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import Provider
from gapless.engine.registry import STRATEGIES, load
from gapless.engine.run.context import RunContext
from gapless.engine.run.lifecycle import RunLifecycle, Supplied, new_run_id
from gapless.engine.run.memo import Memo, MemoryMemo, Outcome
from gapless.engine.run.offline_window import offline_window
from gapless.engine.run.request import RunRequest
from gapless.engine.run.result import RunResult, result_from_state
from gapless.engine.run.revision import answers_revision
from gapless.engine.sources import load_transcript
from gapless.engine.store import EventWriter, RunMeta, Store
from gapless.engine.store.memo import StoreMemo
from gapless.engine.strategies.oneshot import check_fits
from gapless.engine.strategies.router import Route, route

__all__ = [
    "RunResult",
    "new_run_id",
    "result_from_state",
    "summarize_path",
    "summarize_stored",
    "summarize_transcript",
]


async def summarize_transcript(
    transcript: Transcript,
    request: RunRequest,
    *,
    provider: Provider | None = None,
    sinks: Sequence[Sink] = (),
    memo: Memo | None = None,
) -> RunResult:
    """Summarize a loaded transcript as ``request`` asks, under the coverage contract, and
    report the result (nothing stored but through ``sinks``)."""
    request = dataclasses.replace(request, settings=offline_window(request.settings, transcript))
    settings, strategy, question = request.settings, request.strategy, request.question
    capacity = capacity_for(settings, question, len(transcript))
    chosen = checked_route(transcript, settings, strategy, question)
    supplied = Supplied(provider=provider, sinks=sinks, memo=memo, capacity=capacity)
    async with RunLifecycle(request, transcript, supplied,
                            cancelled="the run was cancelled") as run:
        run.started(input_bytes=len(transcript), strategy=chosen.strategy,
                    router_reason=chosen.reason, context_tokens=settings.context_tokens,
                    malformed=len(transcript.malformed))
        if not transcript.data.strip():
            run.finish_skipped("the input is empty")
        else:
            runs = STRATEGIES.get(chosen.strategy)
            if runs.splits:  # at the model's real bytes per token
                await run.ctx.calibrate(probe=not runs.measures)
            run.finish_outcome(await _run_strategy(run.ctx, chosen.strategy))
    return result_from_state(run.state)


def capacity_for(settings: Settings, question: str | None, input_bytes: int = 0) -> Capacity:
    """The capacity of a call: the window less the answer's reserve and the prompt's own
    words, which include the question and the user's instructions when there are any.

    An input of more leaves than one fold of full summaries takes has lean leaves (their
    answers are only lines in folds); a question keeps them full, as its answer needs room."""
    asked = (question or "") + settings.summary_instructions
    overhead = 320 + (estimate_tokens(asked) + 8 if asked else 0)
    capacity = Capacity.for_summary(settings.context_tokens, overhead_tokens=overhead)
    if not question and input_bytes > FOLD_CHILDREN * capacity.data_bytes:
        return capacity.with_lean_leaves()
    return capacity


def checked_route(transcript: Transcript, settings: Settings, strategy: str,
                  question: str | None) -> Route:
    """The route, refused now (before anything starts or is stored) when the asked-for
    strategy cannot read the input."""
    entry = STRATEGIES.get(strategy)  # an unknown name is refused in one sentence
    if entry.reads_file:
        raise UserError(f"the {strategy} strategy reads a file by its path (gapless read, "
                        "summarize PATH), not a loaded transcript")
    if not entry.offered:
        raise UserError(f"the {strategy} strategy is run by its own command: {entry.help}")
    capacity = capacity_for(settings, question, len(transcript))
    chosen = route(strategy, len(transcript), capacity, question)
    if not STRATEGIES.get(chosen.strategy).splits and transcript.data.strip():
        check_fits(len(transcript), capacity)
    return chosen


async def _run_strategy(ctx: RunContext, strategy: str) -> Outcome:
    """Run the registered strategy (``engine.registry``) over the whole input."""
    run = STRATEGIES.get(strategy).run
    assert run is not None, f"the route names a strategy that runs: {strategy}"
    outcome: Outcome = await load(run)(ctx)
    return outcome


async def summarize_path(
    path: str | Path,
    request: RunRequest,
    *,
    provider: Provider | None = None,
    sinks: Sequence[Sink] = (),
) -> RunResult:
    """Load ``path`` (any supported format) and summarize it (its source: the path)."""
    settings = request.settings
    transcript = load_transcript(path, include=settings.include,
                                 tool_output_limit=settings.tool_output_limit)
    asked = dataclasses.replace(request, source=request.source or str(path))
    return await summarize_transcript(transcript, asked, provider=provider, sinks=sinks)


def fingerprint(transcript: Transcript, settings: Settings, *, kind: str, strategy: str,
                question: str | None, source: str) -> str:
    """What makes two runs the same work, so a rerun can resume the earlier one.

    Budgets and concurrency are left out on purpose: rerunning with a larger budget should
    pick up where the smaller one stopped. The code's revision is in where the code writes
    the answers (:mod:`~engine.run.revision`): an upgraded engine's offline summary is its own.
    """
    h = hashlib.sha256()
    where = Path(source).expanduser() if source else None
    located = str(where.resolve()) if where is not None and where.exists() else source
    parts = [kind, strategy, question or "", located, settings.provider, settings.model,
             str(settings.context_tokens),
             str(settings.read_window), str(settings.max_actions), str(settings.spawn_fraction),
             settings.summary_instructions]
    revision = answers_revision(settings.provider)
    if revision:  # absent, not empty, for a model: its runs' fingerprints stay as they were
        parts.append(revision)
    for part in parts:
        h.update(part.encode())
        h.update(b"\0")
    h.update(hashlib.sha256(transcript.data).digest())
    return h.hexdigest()[:32]


def reused_result(state: RunState, run_id: str) -> RunResult:
    """A finished run's stored result, as a command that made no call reports it."""
    result = result_from_state(state)
    result.reused_run = run_id
    result.calls = result.tokens_in = result.tokens_out = result.bytes_sent = 0
    result.elapsed = 0.0
    return result


async def summarize_stored(
    store: Store,
    transcript: Transcript,
    request: RunRequest,
    *,
    sinks: Sequence[Sink] = (),
    provider: Provider | None = None,
) -> RunResult:
    """Summarize and persist every event as ``request`` asks; resume an earlier unfinished
    run of the same work.

    Invocations that completed in an earlier, unfinished run of the same work are taken
    from the store instead of being sent to the model again. With ``reuse`` (and without
    ``force``), an earlier run of the same work that finished with its result *is* the
    result: it is returned with no call made and ``reused_run`` naming it; and any scope
    that an earlier run of the same model completed (same bytes, same settings) is reused.
    """
    settings, strategy, question = request.settings, request.strategy, request.question
    reuse, force, source = request.reuse, request.force, request.source
    checked_route(transcript, settings, strategy, question)  # a refusal touches no old run
    fp = fingerprint(transcript, settings, kind=request.kind, strategy=strategy,
                     question=question, source=source)
    await store.repair_rows(fp)  # decide from what the earlier runs' events say
    if reuse and not force:
        done = await store.finished_result(fp)
        if done is not None:
            return reused_result(await store.state(done.id), done.id)
    rid = request.run_id or new_run_id()
    prior = [] if force else await store.unfinished(fp)
    for old in prior:
        await store.close_interrupted(old, resumed_by=rid)
    resumed = await store.memo_from(r.id for r in prior)
    memo: StoreMemo | MemoryMemo
    if reuse and not force:
        memo = StoreMemo(store, resumed)  # also finished work of other runs of this model
        memo_sinks: list[Sink] = [memo]
    else:
        memo, memo_sinks = MemoryMemo(), []
        memo.data.update(resumed)
    memo.turns.update(await store.turns_from(r.id for r in prior))
    writer = await EventWriter(store, transcript=transcript,
                               meta=RunMeta(kind=request.kind, fingerprint=fp,
                                            group_key=request.group_key,
                                            revision=answers_revision(settings.provider))
                               ).start()
    try:
        asked = dataclasses.replace(request, run_id=rid,
                                    parent_run_id=prior[0].id if prior else None)
        return await summarize_transcript(transcript, asked, provider=provider,
                                          sinks=[*memo_sinks, writer, *sinks], memo=memo)
    finally:
        await writer.close()
