"""The store of a use case, opened for it and closed whatever happens, and the writer that
keeps a run whose events its strategy makes itself."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from gapless.engine.store import EventWriter, RunMeta, Store


@contextlib.asynccontextmanager
async def opened(db: str | Path | None) -> AsyncIterator[Store]:
    """The store at ``db`` (the default database when None), closed on the way out."""
    store = await Store.open(db)
    try:
        with store.guarded():
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
