"""Batched, crash-consistent persistence of a run's events and their projections.

The engine emits events synchronously; this sink buffers them and a background task writes
each batch in one transaction (events plus the run, invocation and fragment rows they
imply). A kill at any moment leaves the database at a batch boundary: consistent, and
behind the live run by the batch not yet written.

A run whose calls keep the event loop busy (an offline model answers in place) can starve
the background task: ``max_lag`` records the longest an event waited for its commit, and an
overdue buffer (``COMMIT_BOUND``) wakes the task at once. Making each call wait for the
flush (tried for issue 37) committed a 1.6 MB run's work steadily, but on a 6.6 MB log it
held no bound and made the run 2-3x slower: a flush needs many turns of the loop, which the
run's other tasks keep taking. A writer that commits from a thread of its own would not.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Sequence

from gapless.engine.core.errors import StoreError
from gapless.engine.core.events import Event, ProviderCall, RunStarted
from gapless.engine.core.transcript import Transcript
from gapless.engine.store.bodies import KEEP_RUNS, CallBody, call_body
from gapless.engine.store.db import HEARTBEAT_SECONDS, Store
from gapless.engine.store.projection import RunMeta

__all__ = ["COMMIT_BOUND", "MAX_RUN_BODY_BYTES", "EventWriter", "RunMeta", "StoreBusy"]

MAX_RUN_BODY_BYTES = 32 * 1024 * 1024  # the call bodies one run keeps, at most
COMMIT_BOUND = 0.25  # seconds an event may wait unwritten before the writer is woken


class StoreBusy(StoreError):
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
        bound: float = COMMIT_BOUND,
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
        self.bound = bound
        self._oldest: float | None = None  # when the oldest unwritten event was buffered
        self.max_lag = 0.0  # the longest an event waited between its emit and its commit
        # what each model call was sent and answered (record_call), written with the events
        self._bodies: list[CallBody] = []
        self.body_bytes = 0
        self.bodies_dropped = 0  # calls whose bodies were not kept (over MAX_RUN_BODY_BYTES)
        self.keep_runs = KEEP_RUNS

    def __call__(self, event: Event) -> None:
        if isinstance(event, RunStarted):
            self.run_id = event.run_id
        self._buffer.append(event)
        if self._oldest is None:
            self._oldest = time.monotonic()
        if len(self._buffer) >= self.max_batch or self.overdue:
            self._wake.set()

    @property
    def overdue(self) -> bool:
        """Whether the oldest unwritten event has waited ``bound`` seconds or more."""
        return self._oldest is not None and time.monotonic() - self._oldest >= self.bound

    def record_call(self, call: ProviderCall, system: str, prompt: str, reply: str, *,
                    secrets: Sequence[str] = ()) -> None:
        """Keep what call ``call`` (its event, already emitted) was sent and answered — its
        error when it failed — with the events of its batch; ``secrets`` are never written.
        A run keeps at most ``MAX_RUN_BODY_BYTES`` of bodies; later calls' are dropped."""
        if self.run_id is None or self._discard:
            return
        body = call_body(self.run_id, call, system, prompt, reply, secrets)
        size = len(body.system) + len(body.prompt) + len(body.reply) + len(body.error)
        if self.body_bytes + size > MAX_RUN_BODY_BYTES:
            self.bodies_dropped += 1
            return
        self.body_bytes += size
        self._bodies.append(body)

    def discard_run(self, run_id: str) -> None:
        """The run was refused (the lifecycle says so): write nothing more, and ``close``
        deletes what was already written, so the store keeps no trace of it."""
        if run_id == self.run_id:
            self._discard = True
            self._buffer.clear()
            self._bodies.clear()

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
            self._bodies.clear()
            self._oldest = None
            return
        if (not self._buffer and not self._bodies) or self.run_id is None:
            return
        batch, self._buffer = self._buffer, []
        oldest, self._oldest = self._oldest, None
        # the bodies of calls whose events are in this batch or already written (a body is
        # recorded just after its call's event, so never ahead of it)
        last = batch[-1].seq if batch else None
        bodies = [b for b in self._bodies if last is None or b.seq <= last]
        self._bodies = self._bodies[len(bodies):]
        t0 = time.perf_counter()
        began = False  # a failed BEGIN means the lock stayed taken: nothing was written
        try:
            async with self.store.transaction():
                began = True
                if batch:
                    await self.store.project(self.run_id, batch, transcript=self.transcript,
                                             meta=self.meta)
                if bodies:
                    await self.store.write_bodies(bodies)
        except sqlite3.OperationalError as exc:
            self._buffer = batch + self._buffer
            self._bodies = bodies + self._bodies
            self._oldest = oldest if oldest is not None else self._oldest
            if began:
                raise
            raise StoreBusy(
                f"the database {self.store.path} stayed locked by another writer, so the run "
                "could not be saved; try again when it is free"
            ) from exc
        except BaseException:
            if began:
                self._buffer = batch + self._buffer
                self._bodies = bodies + self._bodies
                self._oldest = oldest if oldest is not None else self._oldest
            raise
        if oldest is not None:
            self.max_lag = max(self.max_lag, time.monotonic() - oldest)
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
        elif self.body_bytes:  # bounded: the bodies of the newest runs only
            with contextlib.suppress(sqlite3.OperationalError):
                await asyncio.shield(self.store.prune_bodies(self.keep_runs))
