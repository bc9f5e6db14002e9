"""What each model call was sent and what came back: the prompt as sent and the reply (or
the error), kept beside the call's ``ProviderCall`` event; and the latencies earlier calls
of a provider and model took (what a plan's ETA is measured from).

Bodies are written by the event writer in the same transactions as the events (a body
follows its call's event into the store, never ahead of it), so a crash leaves neither
without the other. They are bounded: each text is cut to :data:`MAX_BODY_BYTES` (head and
tail kept, the cut counted), and only the bodies of the newest :data:`KEEP_RUNS` runs are
kept (older ones are dropped when a writer closes). Secrets the recorder is given (the
value of the provider's key variable) are replaced before anything is kept, so an API key
is never written, even when a transcript or a careless server's error echoes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gapless.engine.core.events import ProviderCall
from gapless.engine.store.connection import Tables

__all__ = ["KEEP_RUNS", "MAX_BODY_BYTES", "CallBody", "CallTables", "call_body"]

MAX_BODY_BYTES = 256 * 1024  # each of a call's texts (system, prompt, reply) at most
KEEP_RUNS = 50  # the newest runs whose call bodies are kept
REDACTED = "[redacted]"
LATENCY_RUNS = 20  # the newest runs of a provider and model whose calls a plan measures


@dataclass(frozen=True)
class CallBody:
    """One call's request and reply as kept: ``seq`` is its ``ProviderCall`` event's."""

    run_id: str
    seq: int
    inv: str
    purpose: str
    system: str
    prompt: str
    reply: str  # the model's reply text ('' when the call failed)
    error: str  # why it failed ('' when it was answered)
    cut: int = 0  # bytes left out of the texts above (over MAX_BODY_BYTES each)

    @property
    def ok(self) -> bool:
        return not self.error


def _bounded(text: str, limit: int = MAX_BODY_BYTES) -> tuple[str, int]:
    """``text`` cut to about ``limit`` UTF-8 bytes (head and tail kept around one line
    saying how much was left out), and the bytes left out."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text, 0
    head, tail = limit * 3 // 4, limit // 4
    cut = len(data) - head - tail
    kept = (data[:head].decode("utf-8", errors="ignore")
            + f"\n… {cut:,} bytes left out …\n"
            + data[-tail:].decode("utf-8", errors="ignore"))
    return kept, cut


def _redacted(text: str, secrets: Sequence[str]) -> str:
    for secret in secrets:
        if secret and len(secret) >= 8 and secret in text:
            text = text.replace(secret, REDACTED)
    return text


def call_body(run_id: str, call: ProviderCall, system: str, prompt: str, reply: str,
              secrets: Sequence[str] = ()) -> CallBody:
    """The body kept of one call: its texts redacted of ``secrets`` and bounded. ``reply``
    is the reply text of an answered call, the error of a failed one."""
    cut = 0
    texts = []
    for text in (system, prompt, reply):
        kept, lost = _bounded(_redacted(text, secrets))
        texts.append(kept)
        cut += lost
    answered = call.ok
    return CallBody(run_id=run_id, seq=call.seq, inv=call.inv, purpose=call.purpose,
                    system=texts[0], prompt=texts[1], reply=texts[2] if answered else "",
                    error="" if answered else (texts[2] or call.error or "failed"), cut=cut)


class CallTables(Tables):
    """call_bodies, and the latencies of the calls already made."""

    async def write_bodies(self, bodies: Iterable[CallBody]) -> None:
        """Keep ``bodies`` inside the caller's ``transaction()`` (after their events)."""
        if not self._db.in_transaction:
            raise RuntimeError("Store.write_bodies must run inside store.transaction()")
        await self._db.executemany(
            "INSERT OR REPLACE INTO call_bodies (run_id, seq, inv, purpose, system, prompt, "
            "reply, error, cut) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(b.run_id, b.seq, b.inv, b.purpose, b.system, b.prompt, b.reply, b.error, b.cut)
             for b in bodies])

    async def call_body(self, run_id: str, seq: int) -> CallBody | None:
        """The body of the call whose ``ProviderCall`` event is ``seq`` of ``run_id``."""
        async with self._db.execute(
            "SELECT run_id, seq, inv, purpose, system, prompt, reply, error, cut "
            "FROM call_bodies WHERE run_id = ? AND seq = ?", (run_id, seq),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return CallBody(str(row[0]), int(row[1]), str(row[2]), str(row[3]), str(row[4]),
                        str(row[5]), str(row[6]), str(row[7]), int(row[8]))

    async def body_count(self, run_id: str) -> int:
        async with self._db.execute("SELECT COUNT(*) FROM call_bodies WHERE run_id = ?",
                                    (run_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def prune_bodies(self, keep_runs: int = KEEP_RUNS) -> None:
        """Drop the bodies of every run but the newest ``keep_runs`` (one transaction)."""
        async with self.transaction():
            await self._db.execute(
                "DELETE FROM call_bodies WHERE run_id NOT IN "
                "(SELECT id FROM runs ORDER BY created_at DESC LIMIT ?)", (max(0, keep_runs),))

    async def call_latencies(self, provider: str, model: str = "",
                             runs: int = LATENCY_RUNS) -> list[float]:
        """Latencies (ms) of the answered model calls of the newest ``runs`` runs of this
        provider (and model, unless empty); calibration probes left out."""
        async with self._db.execute(
            "SELECT json_extract(body, '$.latency_ms') FROM events WHERE run_id IN "
            "(SELECT id FROM runs WHERE provider = ? AND (? = '' OR model = ?) "
            "ORDER BY created_at DESC LIMIT ?) AND type = 'provider_call' "
            "AND json_extract(body, '$.ok') = 1 "
            "AND json_extract(body, '$.purpose') != 'calibrate'",
            (provider, model, model, runs),
        ) as cur:
            return [float(r[0]) for r in await cur.fetchall() if r[0] is not None]
