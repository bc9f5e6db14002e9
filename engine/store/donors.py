"""Where reused work comes from: completed invocations of earlier runs, read from their own
events, so a projection's row (its ``memo_key``) can point the way but never vouch.

An entry is the donor's ``InvocationFinished``: its status, key, extraction and the hash of
the bytes it read, as the donor's run wrote them. A row whose key was rewritten leads to an
event whose key (or bytes) differ, and nothing is reused from it.
"""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from gapless.engine.core.events import InvocationFinished, ProviderCall, events_from_json
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.memo_entry import MemoEntry

_MAX_DONORS = 8  # rows with a key whose events are read, newest first


def _entry(body: str) -> tuple[str, MemoEntry] | None:
    [ev] = events_from_json([body])
    if (not isinstance(ev, InvocationFinished) or ev.status != "complete" or not ev.key
            or ev.extraction is None or not ev.source_hash):
        return None
    return ev.key, MemoEntry(Extraction.model_validate(ev.extraction), ev.source_hash)


async def entries_of_runs(db: aiosqlite.Connection, run_ids: Sequence[str]
                          ) -> dict[str, MemoEntry]:
    """The completed invocations of these runs by memo key, from their events alone."""
    if not run_ids:
        return {}
    marks = ",".join("?" * len(run_ids))
    out: dict[str, MemoEntry] = {}
    async with db.execute(f"SELECT body FROM events WHERE run_id IN ({marks}) AND "
                          "type = 'invocation_finished'", list(run_ids)) as cur:
        async for (body,) in cur:
            found = _entry(body)
            if found is not None:
                out[found[0]] = found[1]
    return out


async def turns_of_runs(db: aiosqlite.Connection, run_ids: Sequence[str]) -> dict[str, str]:
    """The planning turns these runs recorded (key -> answer, its token masked)."""
    if not run_ids:
        return {}
    marks = ",".join("?" * len(run_ids))
    async with db.execute(f"SELECT body FROM events WHERE run_id IN ({marks}) AND "
                          "type = 'provider_call' AND json_extract(body, '$.turn_key') != ''",
                          list(run_ids)) as cur:
        bodies = [r[0] for r in await cur.fetchall()]
    return {ev.turn_key: ev.turn_reply for ev in events_from_json(bodies)
            if isinstance(ev, ProviderCall) and ev.ok and ev.turn_key}


async def donor_for(db: aiosqlite.Connection, key: str, source_hash: str, *, provider: str,
                    model: str, other_than: str) -> Extraction | None:
    """The newest completed invocation of a run of this provider and model whose own event
    has this key and these bytes (the row's key only finds candidates)."""
    if not key or not source_hash:
        return None
    async with db.execute(
        "SELECT i.run_id, i.inv FROM journal_invocations i JOIN runs r ON r.id = i.run_id "
        "WHERE i.memo_key = ? AND i.status = 'complete' AND r.provider = ? AND r.model = ? "
        "AND r.id != ? ORDER BY r.created_at DESC LIMIT ?",
        (key, provider, model, other_than, _MAX_DONORS),
    ) as cur:
        candidates = list(await cur.fetchall())
    for run_id, inv in candidates:
        async with db.execute("SELECT body FROM events WHERE run_id = ? AND inv = ? AND "
                              "type = 'invocation_finished' ORDER BY seq DESC LIMIT 1",
                              (run_id, inv)) as cur:
            row = await cur.fetchone()
        found = _entry(row[0]) if row else None
        if found is not None and found[0] == key and found[1].source_hash == source_hash:
            return found[1].extraction
    return None


async def reported_usage(db: aiosqlite.Connection, key: str, *, provider: str, model: str
                         ) -> tuple[int, int] | None:
    """The prompt bytes and the prompt tokens the server reported for the call that read
    the newest completed leaf with this memo key in a run of this provider and model."""
    if not key:
        return None
    async with db.execute(
        "SELECT e.body FROM journal_invocations i JOIN runs r ON r.id = i.run_id "
        "JOIN events e ON e.run_id = i.run_id AND e.inv = i.inv "
        "WHERE i.memo_key = ? AND i.status = 'complete' AND i.mode = 'leaf' "
        "AND r.provider = ? AND r.model = ? AND e.type = 'provider_call' "
        "ORDER BY r.created_at DESC, e.seq LIMIT ?",
        (key, provider, model, _MAX_DONORS),
    ) as cur:
        bodies = [r[0] for r in await cur.fetchall()]
    for ev in events_from_json(bodies):
        if isinstance(ev, ProviderCall) and ev.ok and ev.purpose == "leaf" and \
                ev.tokens_in > 0 and not ev.estimated:
            return ev.bytes_sent, ev.tokens_in
    return None
