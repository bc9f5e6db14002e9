"""Events and their projections: the rows a batch of events implies, written with it.

The events table is the source of truth; the run, invocation and fragment rows are
projections of it, written by ``project_batch`` inside the same transaction as the events, so
the two can never disagree after a crash. Both the store (closing an interrupted run) and the
writer (every batch of a live run) write through it.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from gapless.engine.core.events import (
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
from gapless.engine.core.transcript import Transcript

PREVIEW_CHARS = 160


@dataclass(frozen=True)
class RunMeta:
    """What the store keeps about a run beyond its events."""

    kind: str = "summarize"
    fingerprint: str = ""
    group_key: str | None = None
    revision: str = ""  # the code behind its answers where code writes them


@dataclass
class _Rows:
    """What one batch of events writes: the event rows and the projections they imply."""

    events: list[tuple[Any, ...]] = field(default_factory=list)
    inv_start: list[tuple[Any, ...]] = field(default_factory=list)
    inv_finish: list[tuple[Any, ...]] = field(default_factory=list)
    actions: dict[str, int] = field(default_factory=dict)
    rejected: dict[str, int] = field(default_factory=dict)
    fragments: list[tuple[Any, ...]] = field(default_factory=list)
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost: float = 0.0
    run_started: RunStarted | None = None
    run_finished: RunFinished | None = None


def _rows(run_id: str, events: Sequence[Event], transcript: Transcript | None) -> _Rows:
    """The rows ``events`` imply, gathered in one pass (nothing written)."""
    rows = _Rows()
    for ev in events:
        rows.events.append((run_id, ev.seq, ev.type, getattr(ev, "inv", None), ev.ts,
                            ev.model_dump_json()))
        if isinstance(ev, RunStarted):
            rows.run_started = ev
        elif isinstance(ev, InvocationStarted):
            rows.inv_start.append((run_id, ev.inv, ev.parent, ev.start, ev.end, ev.depth,
                                   ev.mode, ev.question, ev.action_budget))
        elif isinstance(ev, ActionTaken):
            rows.actions[ev.inv] = max(rows.actions.get(ev.inv, 0), ev.n)
        elif isinstance(ev, DoneRejected):
            rows.rejected[ev.inv] = rows.rejected.get(ev.inv, 0) + 1
        elif isinstance(ev, SpanRead):
            rows.fragments.append(_fragment(run_id, ev, transcript))
        elif isinstance(ev, ProviderCall):
            rows.calls += 1
            rows.tokens_in += ev.tokens_in
            rows.tokens_out += ev.tokens_out
            rows.cost += ev.cost
        elif isinstance(ev, InvocationFinished):
            rows.inv_finish.append((ev.status, ev.coverage, json.dumps(ev.gaps),
                                    json.dumps(ev.extraction) if ev.extraction else None,
                                    ev.reason, ev.key, run_id, ev.inv))
        elif isinstance(ev, RunFinished):
            rows.run_finished = ev
    return rows


async def project_batch(
    db: aiosqlite.Connection,
    run_id: str,
    events: Sequence[Event],
    *,
    transcript: Transcript | None,
    meta: RunMeta | None = None,
) -> None:
    """Write ``events`` and their projections (call inside a transaction)."""
    rows = _rows(run_id, events, transcript)
    if rows.run_started is not None:
        await _insert_run(db, run_id, rows.run_started, meta or RunMeta())
    await db.executemany(
        "INSERT OR IGNORE INTO events (run_id, seq, type, inv, ts, body) VALUES (?, ?, ?, ?, ?, ?)",
        rows.events,
    )
    await _write_invocations(db, run_id, rows)
    if rows.calls:
        await db.execute(
            "UPDATE runs SET calls = calls + ?, tokens_in = tokens_in + ?, "
            "tokens_out = tokens_out + ?, cost = cost + ? WHERE id = ?",
            (rows.calls, rows.tokens_in, rows.tokens_out, rows.cost, run_id),
        )
    if rows.run_finished is not None:
        f = rows.run_finished
        await db.execute(
            "UPDATE runs SET status = ?, coverage = ?, gaps = ?, entry = ?, reason = ?, "
            "finished_at = ? WHERE id = ?",
            (f.status, f.coverage, json.dumps(f.gaps),
             json.dumps(f.entry) if f.entry else None, f.reason, f.ts, run_id),
        )


async def _insert_run(db: aiosqlite.Connection, run_id: str, started: RunStarted,
                      m: RunMeta) -> None:
    """The run's row, from its start (running, with its whole input as the gap)."""
    await db.execute(
        "INSERT OR IGNORE INTO runs (id, created_at, source, strategy, router_reason, "
        "status, input_bytes, question, provider, model, parent_run_id, kind, fingerprint, "
        "group_key, pid, host, gaps, revision) VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, "
        "?, ?, ?, ?, ?, ?, ?, ?)",
        (run_id, started.ts, started.source, started.strategy,
         started.router_reason, started.input_bytes, started.question,
         started.provider, started.model, started.parent_run_id, m.kind,
         m.fingerprint, m.group_key, os.getpid(), socket.gethostname(),
         json.dumps([[0, started.input_bytes]] if started.input_bytes else []),
         m.revision),
    )


async def _write_invocations(db: aiosqlite.Connection, run_id: str, rows: _Rows) -> None:
    """The invocations' rows: started, their actions and rejected ``done``s, what they read
    (fragments) and how they finished."""
    if rows.inv_start:
        await db.executemany(
            'INSERT OR IGNORE INTO journal_invocations (run_id, inv, parent, start, "end", depth, '
            "mode, question, action_budget) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows.inv_start,
        )
    if rows.actions:
        await db.executemany(
            "UPDATE journal_invocations SET actions = MAX(actions, ?) WHERE run_id = ? AND inv = ?",
            [(n, run_id, inv) for inv, n in rows.actions.items()],
        )
    if rows.rejected:
        await db.executemany(
            "UPDATE journal_invocations SET rejected = rejected + ? WHERE run_id = ? AND inv = ?",
            [(n, run_id, inv) for inv, n in rows.rejected.items()],
        )
    if rows.fragments:
        await db.executemany(
            'INSERT INTO journal_fragments (run_id, inv, start, "end", checksum, preview, '
            "category) VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows.fragments,
        )
    if rows.inv_finish:
        await db.executemany(
            "UPDATE journal_invocations SET status = ?, coverage = ?, gaps = ?, extraction = ?, "
            "reason = ?, memo_key = ? WHERE run_id = ? AND inv = ?",
            rows.inv_finish,
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
