"""Stored runs of the chunked read (``gapless read``, ``summarize --strategy chunked``) and of
compaction (``gapless compact``): runs that keep their own events through a writer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.core.events import Sink
from gapless.engine.run.result import RunResult, result_from_state
from gapless.engine.strategies.chunked.read import ReadOptions, ReadResult, read_summary
from gapless.engine.strategies.compact.compaction import (
    DEFAULT_TRIGGER,
    CompactAsk,
    CompactResult,
    compact_conversation,
)
from gapless.engine.usecases.opening import stored_run


async def read_stored(db: str | Path | None, path: str, settings: Settings, *,
                      question: str | None = None, cursor: str | None = None,
                      max_chunks: int | None = None, detail: str | None = None,
                      parallel: bool = False, sinks: Sequence[Sink] = ()) -> ReadResult:
    """One chunked read as ``gapless read`` runs it: a run of kind ``read``."""
    async with stored_run(db, "read") as writer:
        ask = ReadOptions(question, cursor, max_chunks, detail, parallel)
        return await read_summary(path, ask, settings=settings, sinks=[writer, *sinks])


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
        return await compact_conversation(path, CompactAsk(budget, trigger, summarizer),
                                          settings=settings, sinks=[writer, *sinks])
