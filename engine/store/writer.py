"""Batched, crash-consistent persistence of a run's events and their projections.

The engine emits events synchronously; this sink buffers them and a background task writes
each batch in one transaction (events plus the run, invocation and fragment rows they
imply). A kill at any moment leaves the database at a batch boundary: consistent, and
behind the live run by at most one flush interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time

from engine.core.errors import UserError
from engine.core.events import Event, RunStarted
from engine.core.transcript import Transcript
from engine.store.db import Store
from engine.store.projection import RunMeta

__all__ = ["EventWriter", "RunMeta", "StoreBusy"]


class StoreBusy(UserError):
    """Another process held the write lock for longer than the busy timeout."""


class EventWriter:
    """An event sink that persists a run in batches from a background task."""

    def __init__(
        self,
        store: Store,
        *,
        transcript: Transcript | None = None,
        meta: RunMeta | None = None,
        interval: float = 0.05,
        max_batch: int = 4000,
    ) -> None:
        self.store = store
        self.transcript = transcript
        self.meta = meta
        self.interval = interval
        self.max_batch = max_batch
        self.run_id: str | None = None
        self._buffer: list[Event] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.written = 0
        self.flush_seconds = 0.0

    def __call__(self, event: Event) -> None:
        if isinstance(event, RunStarted):
            self.run_id = event.run_id
        self._buffer.append(event)
        if len(self._buffer) >= self.max_batch:
            self._wake.set()

    async def start(self) -> EventWriter:
        self._task = asyncio.create_task(self._loop())
        return self

    async def _loop(self) -> None:
        while not self._closed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.interval)
            self._wake.clear()
            with contextlib.suppress(StoreBusy):  # kept in the buffer; tried again next time
                await self.flush()

    async def flush(self) -> None:
        if not self._buffer or self.run_id is None:
            return
        batch, self._buffer = self._buffer, []
        t0 = time.perf_counter()
        began = False  # a failed BEGIN means the lock stayed taken: nothing was written
        try:
            async with self.store.transaction():
                began = True
                await self.store.project(self.run_id, batch, transcript=self.transcript,
                                         meta=self.meta)
        except sqlite3.OperationalError as exc:
            self._buffer = batch + self._buffer
            if began:
                raise
            raise StoreBusy(
                f"the database {self.store.path} stayed locked by another writer, so the run "
                "could not be saved; try again when it is free"
            ) from exc
        except BaseException:
            if began:
                self._buffer = batch + self._buffer
            raise
        self.written += len(batch)
        self.flush_seconds += time.perf_counter() - t0

    async def close(self) -> None:
        """Stop the loop and write whatever is left (also after a cancelled run)."""
        self._closed = True
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await asyncio.shield(self.flush())
