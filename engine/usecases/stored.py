"""Stored runs of every kind — summarize, chunked read, compaction, re-run, the journal —
each with the store opened here and closed whatever happens; the runs that keep their own
events go through ``stored_run`` (the events kept by a writer)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

from gapless.engine.audit.rerun import rerun_scope
from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Sink
from gapless.engine.core.transcript import Transcript
from gapless.engine.journal.daily import GroupOutcome, summarize_group, summarize_journal
from gapless.engine.journal.groups import Group, group_sessions
from gapless.engine.journal.ingest import read_sessions
from gapless.engine.providers.base import Provider
from gapless.engine.registry import READERS
from gapless.engine.run.result import RunResult, result_from_state
from gapless.engine.service import summarize_stored
from gapless.engine.sources import load_transcript
from gapless.engine.store import EventWriter, RunMeta, Store
from gapless.engine.strategies.chunked.read import ReadResult, read_summary
from gapless.engine.strategies.compact.compaction import (
    DEFAULT_TRIGGER,
    CompactResult,
    compact_conversation,
)
from gapless.engine.usecases.plan import RunPlan, plan_run

GroupSinks = Callable[[Group, Transcript], Sequence[Sink]]


@contextlib.asynccontextmanager
async def opened(db: str | Path | None) -> AsyncIterator[Store]:
    """The store at ``db`` (the default database when None), closed on the way out."""
    store = await Store.open(db)
    try:
        yield store
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def stored_run(db: str | Path | None, kind: str) -> AsyncIterator[EventWriter]:
    """A writer that keeps one run of ``kind`` in the store at ``db``: pass it as a sink."""
    async with opened(db) as store:
        writer = await EventWriter(store, meta=RunMeta(kind=kind)).start()
        try:
            yield writer
        finally:
            await writer.close()


async def read_stored(db: str | Path | None, path: str, settings: Settings, *,
                      question: str | None = None, cursor: str | None = None,
                      max_chunks: int | None = None, detail: str | None = None,
                      parallel: bool = False, sinks: Sequence[Sink] = ()) -> ReadResult:
    """One chunked read as ``gapless read`` runs it: a run of kind ``read``."""
    async with stored_run(db, "read") as writer:
        return await read_summary(path, question=question, cursor=cursor,
                                  max_chunks=max_chunks, detail=detail, parallel=parallel,
                                  settings=settings, sinks=[writer, *sinks])


async def summarize_chunked(db: str | Path | None, path: str, settings: Settings, *,
                            question: str | None = None,
                            sink_for: Callable[[int], Sink] | None = None) -> RunResult:
    """``--strategy chunked``: the chunked read, reported with the summarize contract."""
    size = Path(path).stat().st_size if Path(path).is_file() else 0
    extra = [sink_for(size)] if sink_for is not None else []
    res = await read_stored(db, path, settings, question=question, sinks=extra)
    return result_from_state(res.state)


async def compact_stored(db: str | Path | None, path: str, budget: int, *,
                         trigger: float = DEFAULT_TRIGGER, settings: Settings,
                         summarizer: Settings | None = None,
                         sinks: Sequence[Sink] = ()) -> CompactResult:
    """One compaction as ``gapless compact`` runs it: a run of kind ``compact``."""
    async with stored_run(db, "compact") as writer:
        return await compact_conversation(path, budget, trigger=trigger, settings=settings,
                                          summarizer=summarizer, sinks=[writer, *sinks])


def unrelated_documents(path: str, transcript: Transcript) -> str | None:
    """The warning for a folder of plain documents (no agent sessions), else None.

    Such a folder (meeting transcripts, notes) is read as one input, so its summary merges
    documents that have nothing to do with each other; the user is told how to get one each.
    """
    account = transcript.account
    kinds = {f.kind for f in account.files} if account is not None else {transcript.kind}
    if not all(k in READERS and READERS.get(k).text for k in kinds) or not Path(path).is_dir():
        return None
    files = len({m.source for m in transcript.messages})
    if files < 2:
        return None
    return (f"this folder holds {files} unrelated documents; they were summarized together — "
            "summarize each file for one summary per file")


async def summarize_file(db: str | Path | None, path: str, settings: Settings, *,
                         strategy: str = "auto", question: str | None = None,
                         thinking: bool = False, force: bool = False, reuse: bool = False,
                         sink_for: Callable[[int], Sink] | None = None,
                         warn: Callable[[str], None] | None = None) -> RunResult:
    """One file or folder as ``gapless summarize PATH`` runs it, persisted in the store.
    ``sink_for(total_bytes)`` makes a progress sink; ``warn`` hears a warning about the
    input (a folder of unrelated documents). With ``reuse``, the same work finished before
    returns its stored result without a call."""
    if strategy == "chunked":
        return await summarize_chunked(db, path, settings, question=question, sink_for=sink_for)
    transcript = load_transcript(path, include_thinking=thinking, include=settings.include,
                                 tool_output_limit=settings.tool_output_limit)
    warning = unrelated_documents(path, transcript)
    if warning is not None and warn is not None:
        warn(warning)
    async with opened(db) as store:
        return await summarize_stored(
            store, transcript, settings, strategy=strategy, question=question, source=path,
            sinks=[sink_for(len(transcript))] if sink_for is not None else [], force=force,
            reuse=reuse,
        )


async def summarize_loaded(db: str | Path | None, transcript: Transcript, settings: Settings,
                           *, strategy: str = "auto", question: str | None = None,
                           source: str = "", provider: Provider | None = None,
                           run_id: str | None = None, sinks: Sequence[Sink] = (),
                           reuse: bool = False,
                           planned: Callable[[RunPlan], None] | None = None) -> RunResult:
    """A transcript already loaded, summarized as a stored run. ``planned`` hears the run's
    plan before anything is sent (a request the router refuses has none: the run says
    why)."""
    async with opened(db) as store:
        if planned is not None:
            with contextlib.suppress(UserError):
                planned(await plan_run(store, transcript, settings, strategy=strategy,
                                       question=question, source=source))
        return await summarize_stored(store, transcript, settings, strategy=strategy,
                                      question=question, source=source, provider=provider,
                                      run_id=run_id, sinks=sinks, reuse=reuse)


async def rerun_stored(db: str | Path | None, run: str, inv: str | None, settings: Settings,
                       *, provider: Provider | None = None, sinks: Sequence[Sink] = (),
                       transcript: Transcript | None = None) -> RunResult:
    """Invocation ``inv`` of ``run`` (id or unique prefix) again, as a new linked run;
    without ``inv``, the run's root (every failed part)."""
    async with opened(db) as store:
        row = await store.find_run(run)
        scope = inv or (await store.state(row.id)).root or "r"
        return await rerun_scope(store, row.id, scope, settings, provider=provider,
                                 sinks=sinks, transcript=transcript)


async def summarize_journal_stored(db: str | Path | None, settings: Settings, *,
                                   date: str | None = None, project: str | None = None,
                                   force: bool = False, provider: Provider | None = None,
                                   sinks_for: GroupSinks | None = None,
                                   on_done: Callable[[GroupOutcome], None] | None = None
                                   ) -> list[GroupOutcome]:
    """The journal's sources ingested and every chosen group without a current entry
    summarized (``gapless summarize`` without a path)."""
    async with opened(db) as store:
        return await summarize_journal(store, settings, date=date, project=project,
                                       force=force, provider=provider, sinks_for=sinks_for,
                                       on_done=on_done)


async def summarize_group_anyway(db: str | Path | None, settings: Settings, day: str,
                                 project: str, *, provider: Provider | None = None,
                                 sinks_for: GroupSinks | None = None) -> GroupOutcome:
    """The (``day``, ``project``) group of the configured sources summarized although it has
    an entry or was skipped (a group with nothing to read is skipped again, with its
    reason); not in the sources: a UserError."""
    sessions, _ = await asyncio.to_thread(read_sessions, settings)
    group = next((g for g in group_sessions(sessions)
                  if g.date == day and g.project == project), None)
    if group is None or not group.included:
        raise UserError(f"no sessions of {project} on {day} in the configured sources")
    async with opened(db) as store:
        return await summarize_group(store, settings, group, provider=provider, force=True,
                                     sinks_for=sinks_for)
