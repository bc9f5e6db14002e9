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
from dataclasses import dataclass
from typing import Any

import aiosqlite

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
