"""Batched, crash-consistent persistence of a run's events and their projections.

The engine emits events synchronously; this sink buffers them and a background task writes
each batch in one transaction (events plus the run, invocation and fragment rows they
imply). A kill at any moment leaves the database at a batch boundary: consistent, and
behind the live run by at most one flush interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import socket
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from engine.core.errors import UserError
from engine.core.events import (
    ActionTaken,
    DoneRejected,
    Event,
    InvocationFinished,
    InvocationStarted,
    ProviderCall,
    RunFinished,
    RunStarted,
    SpanRead,
)
from engine.core.transcript import Transcript
from engine.store.db import Store

PREVIEW_CHARS = 160


@dataclass(frozen=True)
class RunMeta:
    """What the store keeps about a run beyond its events."""

    kind: str = "summarize"
    fingerprint: str = ""
    group_key: str | None = None


async def project_batch(
    db: aiosqlite.Connection,
    run_id: str,
    events: Sequence[Event],
    *,
    transcript: Transcript | None,
    meta: RunMeta | None = None,
) -> None:
    """Write ``events`` and their projections (call inside a transaction)."""
    rows_events: list[tuple[Any, ...]] = []
    inv_start: list[tuple[Any, ...]] = []
    inv_finish: list[tuple[Any, ...]] = []
    actions: dict[str, int] = {}
    rejected: dict[str, int] = {}
    fragments: list[tuple[Any, ...]] = []
    calls = tokens_in = tokens_out = 0
    cost = 0.0
    run_started: RunStarted | None = None
    run_finished: RunFinished | None = None
    for ev in events:
        rows_events.append((run_id, ev.seq, ev.type, getattr(ev, "inv", None), ev.ts,
                            ev.model_dump_json()))
        if isinstance(ev, RunStarted):
            run_started = ev
        elif isinstance(ev, InvocationStarted):
            inv_start.append((run_id, ev.inv, ev.parent, ev.start, ev.end, ev.depth, ev.mode,
                              ev.question, ev.action_budget))
        elif isinstance(ev, ActionTaken):
            actions[ev.inv] = max(actions.get(ev.inv, 0), ev.n)
        elif isinstance(ev, DoneRejected):
            rejected[ev.inv] = rejected.get(ev.inv, 0) + 1
        elif isinstance(ev, SpanRead):
            fragments.append(_fragment(run_id, ev, transcript))
        elif isinstance(ev, ProviderCall):
            calls += 1
            tokens_in += ev.tokens_in
            tokens_out += ev.tokens_out
            cost += ev.cost
        elif isinstance(ev, InvocationFinished):
            inv_finish.append((ev.status, ev.coverage, json.dumps(ev.gaps),
                               json.dumps(ev.extraction) if ev.extraction else None,
                               ev.reason, ev.key, run_id, ev.inv))
        elif isinstance(ev, RunFinished):
            run_finished = ev
    if run_started is not None:
        m = meta or RunMeta()
        await db.execute(
            "INSERT OR IGNORE INTO runs (id, created_at, source, strategy, router_reason, "
            "status, input_bytes, question, provider, model, parent_run_id, kind, fingerprint, "
            "group_key, pid, host, gaps) VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, "
            "?, ?, ?, ?)",
            (run_id, run_started.ts, run_started.source, run_started.strategy,
             run_started.router_reason, run_started.input_bytes, run_started.question,
             run_started.provider, run_started.model, run_started.parent_run_id, m.kind,
             m.fingerprint, m.group_key, os.getpid(), socket.gethostname(),
             json.dumps([[0, run_started.input_bytes]] if run_started.input_bytes else [])),
        )
    await db.executemany(
        "INSERT OR IGNORE INTO events (run_id, seq, type, inv, ts, body) VALUES (?, ?, ?, ?, ?, ?)",
        rows_events,
    )
    if inv_start:
        await db.executemany(
            'INSERT OR IGNORE INTO journal_invocations (run_id, inv, parent, start, "end", depth, '
            "mode, question, action_budget) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            inv_start,
        )
    if actions:
        await db.executemany(
            "UPDATE journal_invocations SET actions = MAX(actions, ?) WHERE run_id = ? AND inv = ?",
            [(n, run_id, inv) for inv, n in actions.items()],
        )
    if rejected:
        await db.executemany(
            "UPDATE journal_invocations SET rejected = rejected + ? WHERE run_id = ? AND inv = ?",
            [(n, run_id, inv) for inv, n in rejected.items()],
        )
    if fragments:
        await db.executemany(
            'INSERT INTO journal_fragments (run_id, inv, start, "end", checksum, preview, '
            "category) VALUES (?, ?, ?, ?, ?, ?, ?)",
            fragments,
        )
    if inv_finish:
        await db.executemany(
            "UPDATE journal_invocations SET status = ?, coverage = ?, gaps = ?, extraction = ?, "
            "reason = ?, memo_key = ? WHERE run_id = ? AND inv = ?",
            inv_finish,
        )
    if calls:
        await db.execute(
            "UPDATE runs SET calls = calls + ?, tokens_in = tokens_in + ?, "
            "tokens_out = tokens_out + ?, cost = cost + ? WHERE id = ?",
            (calls, tokens_in, tokens_out, cost, run_id),
        )
    if run_finished is not None:
        f = run_finished
        await db.execute(
            "UPDATE runs SET status = ?, coverage = ?, gaps = ?, entry = ?, reason = ?, "
            "finished_at = ? WHERE id = ?",
            (f.status, f.coverage, json.dumps(f.gaps),
             json.dumps(f.entry) if f.entry else None, f.reason, f.ts, run_id),
        )


def _fragment(run_id: str, ev: SpanRead, transcript: Transcript | None) -> tuple[Any, ...]:
    """What a read saw: its span, a checksum of those bytes, a preview and a category."""
    if transcript is not None and ev.end <= len(transcript):
        raw = transcript.data[ev.start : ev.end]
        checksum = hashlib.blake2b(raw, digest_size=12).hexdigest()
        preview = " ".join(transcript.text(ev.start, ev.start + PREVIEW_CHARS * 2).split())
        ref = transcript.locate(ev.start)
        category = ref.role if ref else transcript.kind
    else:
        checksum, preview, category = "", "", "unknown"
    return (run_id, ev.inv, ev.start, ev.end, checksum, preview[:PREVIEW_CHARS], category)


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
        db = self.store.db
        try:
            await db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            self._buffer = batch + self._buffer
            raise StoreBusy(
                f"the database {self.store.path} stayed locked by another writer, so the run "
                "could not be saved; try again when it is free"
            ) from exc
        try:
            await project_batch(db, self.run_id, batch, transcript=self.transcript,
                                meta=self.meta)
            await db.commit()
        except BaseException:
            await db.rollback()
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
