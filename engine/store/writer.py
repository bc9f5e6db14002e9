"""Batched, crash-consistent persistence of a run's events and their projections.

The engine emits events synchronously; this sink buffers them and a writer of its own
writes each batch in one transaction (events plus the run, invocation and fragment rows they
imply). A kill at any moment leaves the database at a batch boundary: consistent, and
behind the live run by the batch not yet written.

The writer runs in a thread with its own event loop and its own connection to the file: a
run whose calls keep the main loop busy (an offline model answers in place) cannot starve
it, so finished work is committed within about a second (``COMMIT_BOUND`` wakes it when an
event has waited that long; ``max_lag`` records the longest wait). A background task on the
run's own loop (tried first for issue 37) left finished leaves uncommitted for seconds on a
busy loop, and making each call wait for its flush made large runs 2-3x slower.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
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
    """An event sink that persists a run in batches from a thread of its own."""

    def __init__(
        self,
        store: Store,
        *,
        transcript: Transcript | None = None,
        meta: RunMeta | None = None,
        max_batch: int = 4000,
        heartbeat: float = HEARTBEAT_SECONDS,
        bound: float = COMMIT_BOUND,
    ) -> None:
        self.store = store
        self.transcript = transcript
        self.meta = meta
        self.max_batch = max_batch
        self.heartbeat = heartbeat
        self._beat_at = 0.0
        self.run_id: str | None = None
        self._buffer: list[Event] = []
        self._lock = threading.Lock()  # the buffers, between the run's thread and the writer's
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._own: Store | None = None  # the writer thread's connection
        self._opened = threading.Event()
        self._asked: list[threading.Event] = []  # flushes the run's side waits for
        self._error: BaseException | None = None
        self._asked_error: BaseException | None = None
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
        with self._lock:
            self._buffer.append(event)
            if self._oldest is None:
                self._oldest = time.monotonic()
            due = len(self._buffer) >= self.max_batch or self.overdue
        if due:
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
        with self._lock:
            self._bodies.append(body)

    def discard_run(self, run_id: str) -> None:
        """The run was refused (the lifecycle says so): write nothing more, and ``close``
        deletes what was already written, so the store keeps no trace of it."""
        if run_id == self.run_id:
            self._discard = True
            with self._lock:
                self._buffer.clear()
                self._bodies.clear()

    @property
    def discarded(self) -> bool:
        return self._discard

    async def start(self) -> EventWriter:
        """Start the writer's thread once its connection is open (its errors are ours)."""
        self._thread = threading.Thread(target=self._serve, name="gapless-writer",
                                        daemon=True)
        self._thread.start()
        await asyncio.to_thread(self._opened.wait)
        if self._error is not None:
            raise self._error
        return self

    def _serve(self) -> None:
        asyncio.run(self._writer_loop())

    async def _writer_loop(self) -> None:
        try:
            self._own = await Store.open(self.store.path)
        except BaseException as exc:
            self._error = exc
            return
        finally:
            self._opened.set()
        try:
            await self._write_until_closed()
        except BaseException as exc:
            self._error = exc
        finally:
            await self._own.close()
            self._answer_asked()

    async def _write_until_closed(self) -> None:
        own = self._own
        assert own is not None
        while True:
            self._wake.wait(self._until_due())  # this thread's loop has nothing else to do
            self._wake.clear()
            closing = self._closed
            with self._lock:
                asked, self._asked = self._asked, []
                due = closing or bool(asked) or len(self._buffer) >= self.max_batch
            # a batch per bound, not per wake: committing every 50 ms made a run 15 % slower
            if due or self.overdue:
                try:
                    await self._write(own)
                except StoreBusy as exc:  # kept in the buffer; tried again next time
                    if closing:
                        raise
                    if asked:
                        self._asked_error = exc
                self._answer(asked)
            if (self.written and self.run_id is not None and not self._discard
                    and time.monotonic() - self._beat_at >= self.heartbeat):
                # the lease: readers show a run whose heartbeat stopped as interrupted
                with contextlib.suppress(sqlite3.OperationalError):
                    self._beat_at = time.monotonic()
                    await own.beat(self.run_id)
            if closing:
                break
        if self._discard and self.run_id is not None and self.written:
            await own.delete_run(self.run_id)
        elif self.body_bytes:  # bounded: the bodies of the newest runs only
            with contextlib.suppress(sqlite3.OperationalError):
                await own.prune_bodies(self.keep_runs)

    def _until_due(self) -> float:
        """Seconds until the oldest unwritten event reaches the bound (a bound when none)."""
        with self._lock:
            oldest = self._oldest
        if oldest is None:
            return self.bound
        return max(0.005, self.bound - (time.monotonic() - oldest))

    def _answer(self, asked: list[threading.Event]) -> None:
        for done in asked:
            done.set()

    def _answer_asked(self) -> None:
        with self._lock:
            asked, self._asked = self._asked, []
        self._answer(asked)

    async def flush(self) -> None:
        """Write everything emitted so far, now (the writer's thread does, and this waits)."""
        if self._thread is None or not self._thread.is_alive():
            if self._error is not None:
                raise self._error
            return
        done = threading.Event()
        with self._lock:
            self._asked.append(done)
        self._wake.set()
        await asyncio.to_thread(done.wait)
        error, self._asked_error = self._asked_error, None
        if error is not None:
            raise error
        if self._error is not None:
            raise self._error

    async def _write(self, own: Store) -> None:
        """One batch, in one transaction on the writer's own connection."""
        with self._lock:
            if self._discard:
                self._buffer.clear()
                self._bodies.clear()
                self._oldest = None
                return
            if (not self._buffer and not self._bodies) or self.run_id is None:
                return
            batch, self._buffer = self._buffer, []
            oldest, self._oldest = self._oldest, None
            # the bodies of calls whose events are in this batch or already written (a body
            # is recorded just after its call's event, so never ahead of it)
            last = batch[-1].seq if batch else None
            bodies = [b for b in self._bodies if last is None or b.seq <= last]
            self._bodies = self._bodies[len(bodies):]
        t0 = time.perf_counter()
        began = False  # a failed BEGIN means the lock stayed taken: nothing was written
        try:
            async with own.transaction():
                began = True
                if batch:
                    await own.project(self.run_id, batch, transcript=self.transcript,
                                      meta=self.meta)
                if bodies:
                    await own.write_bodies(bodies)
        except sqlite3.OperationalError as exc:
            self._put_back(batch, bodies, oldest)
            if began:
                raise
            raise StoreBusy(
                f"the database {own.path} stayed locked by another writer, so the run "
                "could not be saved; try again when it is free"
            ) from exc
        except BaseException:
            if began:
                self._put_back(batch, bodies, oldest)
            raise
        if oldest is not None:
            self.max_lag = max(self.max_lag, time.monotonic() - oldest)
        self.written += len(batch)
        self.flush_seconds += time.perf_counter() - t0

    def _put_back(self, batch: list[Event], bodies: list[CallBody],
                  oldest: float | None) -> None:
        with self._lock:
            self._buffer = batch + self._buffer
            self._bodies = bodies + self._bodies
            self._oldest = oldest if oldest is not None else self._oldest

    async def close(self) -> None:
        """Stop the writer once it has written whatever is left (also after a cancelled
        run: the thread finishes its last batch even if this wait is cancelled)."""
        self._closed = True
        self._wake.set()
        if self._thread is not None:
            await asyncio.shield(asyncio.to_thread(self._thread.join))
        if self._error is not None:
            raise self._error
