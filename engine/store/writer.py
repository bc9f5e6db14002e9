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
from engine.store.db import HEARTBEAT_SECONDS, Store
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
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> None:
        self.store = store
        self.transcript = transcript
        self.meta = meta
        self.interval = interval
        self.max_batch = max_batch
        self.heartbeat = heartbeat
        self._beat_at = 0.0
        self.run_id: str | None = None
        self._buffer: list[Event] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._discard = False
        self.written = 0
        self.flush_seconds = 0.0

    def __call__(self, event: Event) -> None:
        if isinstance(event, RunStarted):
            self.run_id = event.run_id
        self._buffer.append(event)
        if len(self._buffer) >= self.max_batch:
            self._wake.set()

    def discard_run(self, run_id: str) -> None:
        """The run was refused (the lifecycle says so): write nothing more, and ``close``
        deletes what was already written, so the store keeps no trace of it."""
        if run_id == self.run_id:
            self._discard = True
            self._buffer.clear()

    @property
    def discarded(self) -> bool:
        return self._discard

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
            if (self.written and self.run_id is not None and not self._discard
                    and time.monotonic() - self._beat_at >= self.heartbeat):
                # the lease: readers show a run whose heartbeat stopped as interrupted
                with contextlib.suppress(sqlite3.OperationalError):
                    self._beat_at = time.monotonic()
                    await self.store.beat(self.run_id)

    async def flush(self) -> None:
        if self._discard:
            self._buffer.clear()
            return
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
        if self._discard and self.run_id is not None and self.written:
            await asyncio.shield(self.store.delete_run(self.run_id))
