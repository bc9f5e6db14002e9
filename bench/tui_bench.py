"""Headless workbench benchmarks.

    python bench/tui_bench.py [--rate 10000] [--seconds 6] [--nodes 10000] [--json]

1. absorb: another process writes a run's events into the store at ``--rate`` events/s
   (in batches every 50 ms, as the engine's writer does) while the Run screen tails and
   folds them; reports the rate the screen absorbed, its lag, and the worst key latency
   (a key sent through the driver every 50 ms, timed until its binding ran).
2. open: the time from pushing the Run screen of a finished ~10,000-node run to the screen
   showing its final state (all events folded, tree and bars drawn).

Aims: 5,000 events/s absorbed, keys under 100 ms, a 10,000-node run open in under 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gapless.engine.core.events import (  # noqa: E402
    ChildFinished,
    Event,
    InvocationFinished,
    InvocationStarted,
    ProviderCall,
    RunFinished,
    RunStarted,
    SpanRead,
)
from gapless.engine.store import Store  # noqa: E402

LEAF = 1200
SUMMARY = ("The team looked at the parser and the cache; the failing test was a race in the "
           "retry helper, fixed by injecting a clock. ") * 3


def tree_events(run_id: str, nodes: int, fan: int = 10) -> Iterator[Event]:
    """A finished tree run with about ``nodes`` invocations, in the order the engine emits
    them (leaves concurrently, then folds)."""
    depth = 1
    while sum(fan ** d for d in range(depth + 1)) < nodes:
        depth += 1
    leaves = fan ** depth
    size = leaves * LEAF
    seq = 0

    def stamp(ev: Event) -> Event:
        nonlocal seq
        seq += 1
        ev.seq = seq
        return ev

    yield stamp(RunStarted(run_id=run_id, source="bench.log", input_bytes=size, strategy="tree",
                           provider="bench", model="bench-1", context_tokens=8192,
                           settings={"concurrency": 8}))
    extraction = {"headline": "bench", "summary": SUMMARY, "topics": ["a", "b", "c"],
                  "open_questions": []}

    def walk(inv: str, parent: str | None, start: int, end: int, d: int) -> Iterator[Event]:
        if d == depth:
            yield stamp(InvocationStarted(inv=inv, parent=parent, start=start, end=end, depth=d,
                                          mode="leaf"))
            yield stamp(ProviderCall(inv=inv, provider="bench", model="bench-1",
                                     purpose="leaf", tokens_in=400, tokens_out=120,
                                     latency_ms=850.0, bytes_sent=end - start))
            yield stamp(SpanRead(inv=inv, start=start, end=end))
            yield stamp(InvocationFinished(inv=inv, status="complete", coverage=1.0,
                                           extraction=extraction, key=inv))
            return
        yield stamp(InvocationStarted(inv=inv, parent=parent, start=start, end=end, depth=d,
                                      mode="fold"))
        step = (end - start) // fan
        for i in range(fan):
            a = start + i * step
            b = end if i == fan - 1 else a + step
            yield from walk(f"{inv}.{i}", inv, a, b, d + 1)
            yield stamp(ChildFinished(inv=inv, child=f"{inv}.{i}", status="complete", start=a,
                                      end=b))
        yield stamp(ProviderCall(inv=inv, provider="bench", model="bench-1", purpose="fold",
                                 tokens_in=900, tokens_out=200, latency_ms=900.0))
        yield stamp(InvocationFinished(inv=inv, status="complete", coverage=1.0,
                                       extraction=extraction, key=inv))

    yield from walk("r", None, 0, size, 0)
    yield stamp(RunFinished(status="complete", coverage=1.0, entry=extraction))


async def write_all(db: Path, run_id: str, events: list[Event], batch: int = 5000) -> None:
    async with await Store.open(db) as store:
        for i in range(0, len(events), batch):
            await store.append_events(run_id, events[i:i + batch])


def _writer(db: str, run_id: str, nodes: int, rate: float, seconds: float,
            start_at: float, out: Any) -> None:
    """Child process: write events at ``rate``/s in 50 ms batches, like the engine's writer."""

    async def go() -> None:
        events = list(tree_events(run_id, nodes, fan=12))
        async with await Store.open(db) as store:
            await store.append_events(run_id, events[:2])
            i = 2
            while time.time() < start_at:
                await asyncio.sleep(0.01)
            t0 = time.perf_counter()
            limit = min(len(events), 2 + int(rate * seconds))
            while i < limit:
                due = 2 + int(rate * (time.perf_counter() - t0))
                if due > i:
                    j = min(due, limit)
                    await store.append_events(run_id, events[i:j])
                    i = j
                await asyncio.sleep(0.05)
            out.put({"written": i, "seconds": time.perf_counter() - t0})

    asyncio.run(go())


async def bench_absorb(workdir: Path, rate: float, seconds: float) -> dict[str, Any]:
    from textual import events as tevents
    from textual.binding import Binding, BindingType

    from gapless.tui.app import GaplessApp
    from gapless.tui.screens.run import RunScreen

    db = workdir / "absorb.db"
    async with await Store.open(db):
        pass
    latencies: list[float] = []
    sent: dict[int, float] = {}

    class BenchRunScreen(RunScreen):
        BINDINGS: ClassVar[list[BindingType]] = [*RunScreen.BINDINGS,
                                                 Binding("f12", "ping", show=False)]

        def action_ping(self) -> None:
            t = sent.pop(min(sent), None) if sent else None
            if t is not None:
                latencies.append(time.perf_counter() - t)

    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    start_at = time.time() + 2.0
    proc = ctx.Process(target=_writer, args=(str(db), "live", 20_000, rate, seconds,
                                             start_at, queue))
    proc.start()
    app = GaplessApp(db_path=db, deterministic=True)
    samples: list[tuple[float, int, int]] = []
    async with app.run_test(size=(140, 44)) as pilot:
        while time.time() < start_at - 1.0:
            await pilot.pause(0.05)
        await app.push_screen(BenchRunScreen("live"))
        scr = app.screen
        assert isinstance(scr, BenchRunScreen)
        while time.time() < start_at:
            await pilot.pause(0.02)
        t0 = time.perf_counter()
        n = 0
        driver = app._driver
        assert driver is not None
        while proc.is_alive() or queue.empty() is False:
            n += 1
            sent[n] = time.perf_counter()
            key = tevents.Key("f12", None)
            key.set_sender(app)
            driver.send_message(key)
            await asyncio.sleep(0.05)
            samples.append((time.perf_counter() - t0, len(scr.model.events),
                            await _stored(app, "live")))
            if not proc.is_alive():
                break
        written = queue.get(timeout=30)
        # let it catch up with what was written
        while len(scr.model.events) < written["written"]:
            await asyncio.sleep(0.02)
        caught = time.perf_counter() - t0
        absorbed = len(scr.model.events)
    proc.join()
    lag = max((s[2] - s[1] for s in samples), default=0)
    return {
        "offered_events_per_s": rate,
        "written_events": written["written"],
        "writer_events_per_s": round(written["written"] / written["seconds"]),
        "absorbed_events": absorbed,
        "absorbed_events_per_s": round(absorbed / caught),
        "caught_up_after_s": round(caught, 2),
        "writer_seconds": round(written["seconds"], 2),
        "max_lag_events": lag,
        "keys": len(latencies),
        "key_latency_ms_max": round(max(latencies) * 1000, 1) if latencies else None,
        "key_latency_ms_p50": round(statistics.median(latencies) * 1000, 1) if latencies
        else None,
    }


async def _stored(app: Any, run_id: str) -> int:
    return int(await app.workbench.store.last_seq(run_id))


async def bench_open(workdir: Path, nodes: int) -> dict[str, Any]:
    from gapless.tui.app import GaplessApp
    from gapless.tui.screens.run import RunScreen
    from gapless.tui.widgets.runtree import RunTree

    db = workdir / "open.db"
    events = list(tree_events("big", nodes))
    await write_all(db, "big", events)
    app = GaplessApp(db_path=db, deterministic=True)
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.pause(0.3)
        t0 = time.perf_counter()
        await app.push_screen(RunScreen("big"))
        scr = app.screen
        assert isinstance(scr, RunScreen)
        while scr.caught_up_at is None:
            await asyncio.sleep(0.005)
        await pilot.pause()  # one refresh: the final state drawn
        opened = time.perf_counter() - t0
        st = scr.model.live
        tree = scr.query_one(RunTree)
        ok = st.status == "complete" and len(st.nodes) == nodes_in(events) and \
            str(tree.root.label).startswith("✔")
        # stepping back from the end, then forward
        scr.action_toggle_step()
        t1 = time.perf_counter()
        scr._goto(len(scr.model.events) // 2)
        jump = time.perf_counter() - t1
        t2 = time.perf_counter()
        scr.action_step(-1)
        back = time.perf_counter() - t2
    return {"nodes": len(st.nodes), "events": len(events), "open_s": round(opened, 3),
            "final_state_shown": ok, "loaded_tree_nodes": tree.loaded,
            "step_jump_to_middle_ms": round(jump * 1000, 1),
            "step_back_one_ms": round(back * 1000, 1)}


def nodes_in(events: list[Event]) -> int:
    return sum(1 for e in events if isinstance(e, InvocationStarted))


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="gapless-tui-bench-") as tmp:
        work = Path(tmp)
        out: dict[str, Any] = {}
        if "open" in args.only:
            out["open"] = await bench_open(work, args.nodes)
        if "absorb" in args.only:
            out["absorb"] = await bench_absorb(work, args.rate, args.seconds)
        return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--rate", type=float, default=10_000, help="events/s the writer offers")
    p.add_argument("--seconds", type=float, default=6.0, help="how long the writer writes")
    p.add_argument("--nodes", type=int, default=10_000, help="invocations of the open bench")
    p.add_argument("--only", nargs="*", default=["open", "absorb"], choices=["open", "absorb"])
    p.add_argument("--json", action="store_true", help="print JSON only")
    args = p.parse_args()
    result = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(result))
        return 0
    if "open" in result:
        o = result["open"]
        print(f"open: {o['nodes']:,} nodes / {o['events']:,} events shown in {o['open_s']} s "
              f"(aim < 2 s); final state shown: {o['final_state_shown']}; step jump "
              f"{o['step_jump_to_middle_ms']} ms, step back {o['step_back_one_ms']} ms")
    if "absorb" in result:
        a = result["absorb"]
        print(f"absorb: {a['absorbed_events_per_s']:,} events/s absorbed (writer "
              f"{a['writer_events_per_s']:,}/s, aim 5,000/s); max lag {a['max_lag_events']:,} "
              f"events; keys: max {a['key_latency_ms_max']} ms, median "
              f"{a['key_latency_ms_p50']} ms over {a['keys']} presses (aim < 100 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
