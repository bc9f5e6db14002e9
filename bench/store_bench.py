"""Store figures: events persisted per second, and what the store costs a real run.

    python bench/store_bench.py [--events 200000] [--mb 5]

Prints (1) raw persistence throughput of the batched writer, fed synthetic events shaped
like a tree run's (starts, reads, calls, finishes), and (2) the wall time of the same
offline summarization with and without the store, as a slowdown percentage.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gapless.engine.config import Settings
from gapless.engine.core.events import (
    Event,
    InvocationFinished,
    InvocationStarted,
    ProviderCall,
    RunStarted,
    SpanRead,
)
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored, summarize_transcript
from gapless.engine.store import EventWriter, Store
from tests.support.helpers import make_transcript


def synthetic(n: int) -> list[Event]:
    events: list[Event] = [RunStarted(run_id="bench", source="bench", input_bytes=n * 1000,
                                      strategy="tree", provider="x", model="y",
                                      context_tokens=8192)]
    i = 0
    while len(events) < n:
        inv = f"r.{i}"
        s, e = i * 1000, (i + 1) * 1000
        events += [
            InvocationStarted(inv=inv, parent="r", start=s, end=e, depth=1, mode="leaf"),
            ProviderCall(inv=inv, provider="x", model="y", purpose="leaf", tokens_in=300,
                         tokens_out=80, latency_ms=3.0),
            SpanRead(inv=inv, start=s, end=e),
            InvocationFinished(inv=inv, status="complete", coverage=1.0,
                               extraction={"headline": "h", "summary": "s" * 200}),
        ]
        i += 1
    for k, ev in enumerate(events, 1):
        ev.seq = k
    return events


async def throughput(n: int, folder: Path) -> float:
    events = synthetic(n)
    async with await Store.open(folder / "tp.db") as store:
        writer = await EventWriter(store).start()
        t0 = time.perf_counter()
        for k, ev in enumerate(events):
            writer(ev)
            if k % 2000 == 0:
                await asyncio.sleep(0)
        await writer.close()
        elapsed = time.perf_counter() - t0
    return len(events) / elapsed


async def slowdown(mb: float, folder: Path, rounds: int = 3) -> tuple[float, float, int]:
    t = make_transcript(int(mb * 1_000_000 / 480), 60)
    settings = Settings(context_tokens=2000)
    plain, stored = [], []
    events = 0
    for r in range(rounds):
        t0 = time.perf_counter()
        await summarize_transcript(t, RunRequest(settings))
        plain.append(time.perf_counter() - t0)
        async with await Store.open(folder / f"run{r}.db") as store:
            t0 = time.perf_counter()
            result = await summarize_stored(store, t, RunRequest(settings, source="bench", force=True))
            stored.append(time.perf_counter() - t0)
            events = result.state.events
    return statistics.median(plain), statistics.median(stored), events


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=200_000)
    ap.add_argument("--mb", type=float, default=5.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rate = await throughput(args.events, folder)
        aim = "ok" if rate >= 50_000 else "MISSED"
        print(f"events persisted per second: {rate:,.0f} (aim >= 50,000: {aim})")
        plain, stored, events = await slowdown(args.mb, folder)
        pct = (stored - plain) / plain * 100
        aim = "ok" if pct < 10 else "MISSED"
        print(f"{args.mb:g} MB offline tree run, {events:,} events: without store {plain:.2f} s, "
              f"with store {stored:.2f} s, slowdown {pct:+.1f}% (aim < 10%: {aim})")


if __name__ == "__main__":
    asyncio.run(main())
