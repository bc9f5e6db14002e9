"""Projections checked against the events they come from, and the run row repaired.

Every table but ``events`` is a projection the writer derives in the same transaction, so
they agree unless something else wrote the file (a tool, a hand, a bug). Nothing that
decides from a projection may trust one that disagrees: ``verify`` reports each difference
in one line (:func:`projection_drift`), the run listings and the "already summarized"
decision take a run's row from its events (:func:`row_drift`, :func:`repair_row`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from gapless.engine.core.events import (
    Event,
    InvocationFinished,
    InvocationStarted,
    ProviderCall,
    RunFinished,
    RunStarted,
    SpanRead,
    events_from_json,
)

_EPS = 1e-6


@dataclass(frozen=True)
class DerivedRun:
    """What a run's row says, re-derived from its events."""

    status: str
    coverage: float
    gaps: list[list[int]]
    input_bytes: int
    calls: int
    tokens_in: int
    tokens_out: int
    cost: float
    entry: str | None
    reason: str
    finished_at: float | None


def derive_run(events: Sequence[Event]) -> DerivedRun | None:
    """The run row its events imply (None without a ``RunStarted``)."""
    started = next((e for e in events if isinstance(e, RunStarted)), None)
    if started is None:
        return None
    finish = next((e for e in reversed(events) if isinstance(e, RunFinished)), None)
    calls = [e for e in events if isinstance(e, ProviderCall)]
    whole = [[0, started.input_bytes]] if started.input_bytes else []
    return DerivedRun(
        status=finish.status if finish else "running",
        coverage=finish.coverage if finish else 0.0,
        gaps=[list(g) for g in finish.gaps] if finish else whole,
        input_bytes=started.input_bytes, calls=len(calls),
        tokens_in=sum(c.tokens_in for c in calls), tokens_out=sum(c.tokens_out for c in calls),
        cost=sum(c.cost for c in calls),
        entry=json.dumps(finish.entry) if finish and finish.entry else None,
        reason=finish.reason if finish else "", finished_at=finish.ts if finish else None)


async def _events(db: aiosqlite.Connection, run_id: str, types: Sequence[str] = ()
                  ) -> list[Event]:
    sql = "SELECT body FROM events WHERE run_id = ?"
    args: list[Any] = [run_id]
    if types:
        sql += f" AND type IN ({','.join('?' * len(types))})"
        args += list(types)
    async with db.execute(sql + " ORDER BY seq", args) as cur:
        return events_from_json([r[0] for r in await cur.fetchall()])


_ROW_EVENTS = ("run_started", "run_finished", "provider_call")


async def row_drift(db: aiosqlite.Connection, run_id: str) -> tuple[list[str], DerivedRun | None]:
    """How the run's row differs from its events (one line each), and the derived row."""
    derived = derive_run(await _events(db, run_id, _ROW_EVENTS))
    async with db.execute("SELECT status, coverage, gaps, input_bytes, calls FROM runs "
                          "WHERE id = ?", (run_id,)) as cur:
        row = await cur.fetchone()
    if row is None or derived is None:
        return [], derived
    out: list[str] = []
    status, coverage, gaps, input_bytes, calls = row
    if status != derived.status:
        out.append(f"the runs row says {status}, its events {derived.status}")
    if abs(float(coverage) - derived.coverage) > _EPS:
        out.append(f"the runs row says coverage {float(coverage):.4f}, its events "
                   f"{derived.coverage:.4f}")
    if json.loads(gaps or "[]") != derived.gaps:
        out.append(f"the runs row says gaps {gaps}, its events {json.dumps(derived.gaps)}")
    if int(input_bytes) != derived.input_bytes:
        out.append(f"the runs row says {input_bytes} input bytes, its events "
                   f"{derived.input_bytes}")
    if int(calls) != derived.calls:
        out.append(f"the runs row says {calls} calls, its events {derived.calls}")
    return out, derived


async def repair_row(db: aiosqlite.Connection, run_id: str, d: DerivedRun) -> None:
    """Write the run's row as its events say (call inside a transaction)."""
    await db.execute(
        "UPDATE runs SET status = ?, coverage = ?, gaps = ?, input_bytes = ?, calls = ?, "
        "tokens_in = ?, tokens_out = ?, cost = ?, entry = ?, reason = ?, finished_at = ? "
        "WHERE id = ?",
        (d.status, d.coverage, json.dumps(d.gaps), d.input_bytes, d.calls, d.tokens_in,
         d.tokens_out, d.cost, d.entry, d.reason, d.finished_at, run_id))


async def projection_drift(db: aiosqlite.Connection, run_id: str) -> list[str]:
    """Every way the run's row, invocations and fragments differ from its events."""
    out, _ = await row_drift(db, run_id)
    events = await _events(db, run_id)
    out += await _invocation_drift(db, run_id, events)
    out += await _fragment_drift(db, run_id, events)
    return out


def _expected_invocations(events: Sequence[Event]) -> dict[str, dict[str, Any]]:
    """Each invocation's row as its events imply it."""
    want: dict[str, dict[str, Any]] = {}
    for ev in events:
        if isinstance(ev, InvocationStarted):
            want.setdefault(ev.inv, {"parent": ev.parent, "start": ev.start, "end": ev.end,
                                     "mode": ev.mode, "status": "running", "coverage": 0.0,
                                     "gaps": [], "memo_key": "", "extraction": None})
        elif isinstance(ev, InvocationFinished) and ev.inv in want:
            want[ev.inv].update(status=ev.status, coverage=ev.coverage,
                                gaps=[list(g) for g in ev.gaps], memo_key=ev.key,
                                extraction=ev.extraction)
    return want


async def _invocation_drift(db: aiosqlite.Connection, run_id: str,
                            events: Sequence[Event]) -> list[str]:
    want = _expected_invocations(events)
    async with db.execute(
        'SELECT inv, parent, start, "end", mode, status, coverage, gaps, memo_key, extraction '
        "FROM journal_invocations WHERE run_id = ?", (run_id,)) as cur:
        rows = await cur.fetchall()
    out: list[str] = []
    for inv, parent, start, end, mode, status, coverage, gaps, key, extraction in rows:
        w = want.pop(inv, None)
        if w is None:
            out.append(f"journal_invocations holds {inv}, which no event of the run starts")
            continue
        got = {"parent": parent, "start": start, "end": end, "mode": mode, "status": status,
               "memo_key": key or "", "gaps": json.loads(gaps or "[]"),
               "extraction": json.loads(extraction) if extraction else None}
        diff = [k for k, v in got.items() if v != w[k]]
        if abs(float(coverage) - float(w["coverage"])) > _EPS:
            diff.append("coverage")
        if diff:
            out.append(f"journal_invocations' row of {inv} differs from its events in "
                       f"{', '.join(diff)}")
    out += [f"journal_invocations has no row for {inv}, which the events start"
            for inv in want]
    return out


async def _fragment_drift(db: aiosqlite.Connection, run_id: str,
                          events: Sequence[Event]) -> list[str]:
    want = Counter((e.inv, e.start, e.end) for e in events if isinstance(e, SpanRead))
    async with db.execute('SELECT inv, start, "end" FROM journal_fragments WHERE run_id = ?',
                          (run_id,)) as cur:
        got = Counter((str(r[0]), int(r[1]), int(r[2])) for r in await cur.fetchall())
    extra, missing = got - want, want - got
    out = [f"journal_fragments holds a read of {inv} [{s}, {e}) no event of the run made"
           for (inv, s, e) in sorted(extra)]
    out += [f"journal_fragments lacks the read of {inv} [{s}, {e}) its events made"
            for (inv, s, e) in sorted(missing)]
    return out[:20]
