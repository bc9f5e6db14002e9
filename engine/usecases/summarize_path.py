"""``gapless summarize PATH``, light to import: the server's pre-flight leaves first.

The run's machinery (the store, the service, the strategies, the extractive readers: about
a third of a second of modules) is not needed to ask whether the server answers. This
module imports only what that question needs, starts it, and imports the machinery in a
thread while the question is in flight (:mod:`.stored` renders and runs the input there).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gapless.engine.config import Settings
from gapless.engine.providers.preflight import start_preflight
from gapless.engine.registry import STRATEGIES, load

if TYPE_CHECKING:
    from gapless.engine.core.events import Sink
    from gapless.engine.run.result import RunResult

__all__ = ["summarize_file"]


async def summarize_file(db: str | Path | None, path: str, settings: Settings, *,
                         strategy: str = "auto", question: str | None = None,
                         thinking: bool = False, force: bool = False, reuse: bool = False,
                         sink_for: Callable[[int], Sink] | None = None,
                         warn: Callable[[str], None] | None = None) -> RunResult:
    """One file or folder as ``gapless summarize PATH`` runs it, persisted in the store.
    ``sink_for(total_bytes)`` makes a progress sink; ``warn`` hears a warning about the
    input (a folder of unrelated documents). With ``reuse``, the same work finished before
    returns its stored result without a call."""
    reads_file = STRATEGIES.get(strategy).reads_file
    if reads_file is not None:  # a strategy that reads the file in order, by its own use case
        read = load(reads_file)
        result: RunResult = await read(db, path, settings, question=question,
                                       sink_for=sink_for)
        return result
    # the pre-flight does not depend on the input: it is in flight while the run's modules
    # load and the input is rendered, and the run takes its answer
    async with start_preflight(settings) as flight:
        await flight.head_start()
        run = await asyncio.to_thread(_stored_run)
        return await run(db, path, settings, strategy=strategy, question=question,
                         thinking=thinking, force=force, reuse=reuse, sink_for=sink_for,
                         warn=warn)


def _stored_run() -> Callable[..., Awaitable[RunResult]]:
    from gapless.engine.usecases.stored import summarize_path_stored

    return summarize_path_stored
