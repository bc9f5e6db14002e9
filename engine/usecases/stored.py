"""Stored runs of every kind — summarize, chunked read, compaction — around one
``stored_run``: the store opened, the events kept by a writer, both closed whatever happens."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

from engine.config import Settings
from engine.core.events import Sink
from engine.core.transcript import Transcript
from engine.run.result import RunResult, result_from_state
from engine.service import summarize_stored
from engine.sources import load_transcript
from engine.store import EventWriter, RunMeta, Store
from engine.strategies.chunked.read import ReadResult, read_summary
from engine.strategies.compact.compaction import (
    DEFAULT_TRIGGER,
    CompactResult,
    compact_conversation,
)


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
    if not kinds <= {"text", "meeting", "chat-markdown"} or not Path(path).is_dir():
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
