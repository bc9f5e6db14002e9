"""Stored summarize runs — of a file or folder, of a loaded transcript, a re-run of a scope —
each with the store opened and closed whatever happens. The chunked read and compaction
are in :mod:`.reading`, the journal in :mod:`.journal_runs`: a verb imports only its own."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Sink
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import Provider
from gapless.engine.registry import READERS
from gapless.engine.run.request import RunRequest
from gapless.engine.run.result import RunResult
from gapless.engine.service import summarize_stored
from gapless.engine.sources import load_transcript
from gapless.engine.usecases.opening import opened
from gapless.engine.usecases.plan import RunPlan, plan_run


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


async def summarize_path_stored(db: str | Path | None, path: str, settings: Settings, *,
                                strategy: str = "auto", question: str | None = None,
                                thinking: bool = False, force: bool = False,
                                reuse: bool = False,
                                sink_for: Callable[[int], Sink] | None = None,
                                warn: Callable[[str], None] | None = None) -> RunResult:
    """The run of :func:`.summarize_path.summarize_file` once its pre-flight is in flight:
    the input rendered (in a thread), the run stored."""
    transcript = await asyncio.to_thread(
        load_transcript, path, include_thinking=thinking, include=settings.include,
        tool_output_limit=settings.tool_output_limit)
    warning = unrelated_documents(path, transcript)
    if warning is not None and warn is not None:
        warn(warning)
    async with opened(db) as store:
        asked = RunRequest(settings, strategy=strategy, question=question, source=path,
                           force=force, reuse=reuse)
        return await summarize_stored(
            store, transcript, asked,
            sinks=[sink_for(len(transcript))] if sink_for is not None else [])


async def summarize_loaded(db: str | Path | None, transcript: Transcript, settings: Settings,
                           *, strategy: str = "auto", question: str | None = None,
                           source: str = "", provider: Provider | None = None,
                           run_id: str | None = None, sinks: Sequence[Sink] = (),
                           reuse: bool = False, force: bool = False,
                           planned: Callable[[RunPlan], None] | None = None) -> RunResult:
    """A transcript already loaded, summarized as a stored run. ``planned`` hears the run's
    plan before anything is sent (a request the router refuses has none: the run says
    why)."""
    async with opened(db) as store:
        if planned is not None:
            with contextlib.suppress(UserError):
                planned(await plan_run(store, transcript, settings, strategy=strategy,
                                       question=question, source=source))
        asked = RunRequest(settings, strategy=strategy, question=question, source=source,
                           run_id=run_id, reuse=reuse, force=force)
        return await summarize_stored(store, transcript, asked, provider=provider, sinks=sinks)


async def rerun_stored(db: str | Path | None, run: str, inv: str | None, settings: Settings,
                       *, provider: Provider | None = None, sinks: Sequence[Sink] = (),
                       transcript: Transcript | None = None) -> RunResult:
    """Invocation ``inv`` of ``run`` (id or unique prefix) again, as a new linked run;
    without ``inv``, the run's root (every failed part)."""
    from gapless.engine.audit.rerun import StoredScope, rerun_scope

    async with opened(db) as store:
        row = await store.find_run(run)
        scope = inv or (await store.state(row.id)).root or "r"
        return await rerun_scope(store, StoredScope(row.id, scope), RunRequest(settings),
                                 provider=provider,
                                 sinks=sinks, transcript=transcript)
