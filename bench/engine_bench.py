"""Engine scaling benchmark: calls, coverage, CPU and memory on generated sessions.

Run:  python bench/engine_bench.py                 (1, 10 and 50 MB; a few minutes)
      python bench/engine_bench.py --sizes 1,10    (sizes in MB of session JSONL)
      python bench/engine_bench.py --keep DIR      (write the generated files to DIR)

For every size a Claude Code session of that many bytes is generated (bench/generate.py,
seed 0), loaded with ``load_transcript`` and summarized with ``summarize_transcript(...,
strategy="auto")``, the default offline ``extractive`` provider and default Settings
(context 8192 tokens). The 1 MB session is also run at context 2000. Every measurement runs
in a fresh subprocess so ``ru_maxrss`` is not polluted by earlier sizes.

Each run is done twice: once untraced (wall time, CPU, ``ru_maxrss``) and once under
``tracemalloc`` (Python-heap peak; tracing slows the code, so no times come from that pass).

Columns:

* ``input`` — bytes of the rendered transcript (what the engine reads), ``file`` the JSONL.
* ``calls`` / ``leaves`` / ``folds`` — provider calls and tree nodes by mode.
* ``LB`` — lower bound of calls: ceil(input / leaf capacity) + ceil((L - 1) / (fan_in - 1))
  with L the first term, from ``engine.core.tokens.Capacity``; ``calls/LB`` the ratio.
* ``read/in`` — bytes read / input bytes (the coverage guarantee: must be 1.0).
* ``sent/in`` — bytes sent to the provider / input bytes.
* ``wall`` — wall time of the summarize run; ``load`` the time of ``load_transcript``.
* ``MB/s`` — the file's MB (10^6 bytes) / (load + wall): what ``gapless summarize FILE``
  reads per second; a line after the table gives it with the rendered input's rate too.
* ``eng ms/call`` — ENGINE CPU per call: process CPU time of the run minus the CPU time spent
  inside the provider (a wrapper times its synchronous ``reply``, else ``answer``, with
  ``time.thread_time`` in the thread that runs it, or ``complete`` with
  ``time.process_time`` when the provider has neither), divided by calls. Aim: < 1 ms. ``prov ms/call`` is the provider's part.
* ``tm peak/in`` — tracemalloc peak during the run (the live transcript included) / input.
  ``rss Δ/in`` — ``ru_maxrss`` of the run minus the resident set when it started, / input
  (the kernel's peak is reset before the run via /proc/self/clear_refs; where that is not
  possible the delta is of the process high-water mark). ``load tm/in`` and ``load rss/in``
  are the same two figures for ``load_transcript``. Aim: < 3x for all four.

A missed aim is printed as MISSED next to the figure, never hidden.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

AIM_CPU_MS = 1.0
AIM_MEM = 3.0


# ----------------------------------------------------------------------------- the worker


def _maxrss_bytes() -> int:
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r if sys.platform == "darwin" else r * 1024


def _rss_now() -> int:
    """Current resident set (Linux /proc), else the high-water mark."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return _maxrss_bytes()


def _reset_peak_rss() -> bool:
    """Reset the kernel's RSS high-water mark (Linux >= 4.0), so ru_maxrss restarts here."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _worker(path: str, context: int) -> dict[str, Any]:
    from gapless.engine.config import Settings
    from gapless.engine.core.tokens import Capacity
    from gapless.engine.providers.base import ModelReply, ModelRequest, Provider
    from gapless.engine.providers.factory import make_provider
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_transcript
    from gapless.engine.sources import load_transcript

    class Timed(Provider):
        """Delegates to the real provider and adds up the CPU time spent inside it.

        A provider that does its work in a synchronous ``answer`` (the extractive one runs it
        in a worker thread via ``asyncio.to_thread``) is timed with ``time.thread_time`` inside
        that call, in the thread that runs it: ``process_time`` around an awaited ``complete``
        would also count the CPU of every other call running meanwhile. A provider without
        ``answer`` is timed with ``process_time`` around ``complete`` (exact when it runs
        inline on the event loop).
        """

        def __init__(self, inner: Provider) -> None:
            self.inner = inner
            self.name = inner.name
            self.model = inner.model
            self.cpu = 0.0
            self.n = 0
            self.lock = threading.Lock()
            # the whole reply where the provider makes it in one synchronous call (its
            # answer and its token estimates), else its answer
            method = "reply" if callable(getattr(inner, "reply", None)) else "answer"
            answer = getattr(inner, method, None)
            self.threaded = answer is not None and callable(answer)
            if answer is not None and callable(answer):
                def timed_answer(*a: Any, **kw: Any) -> Any:
                    t0 = time.thread_time()
                    try:
                        return answer(*a, **kw)
                    finally:
                        with self.lock:
                            self.cpu += time.thread_time() - t0
                setattr(inner, method, timed_answer)

        async def complete(self, request: ModelRequest) -> ModelReply:
            t0 = time.process_time()
            try:
                return await self.inner.complete(request)
            finally:
                if not self.threaded:
                    self.cpu += time.process_time() - t0
                self.n += 1

        async def aclose(self) -> None:
            await self.inner.aclose()

    settings = Settings.model_validate({"context_tokens": context})

    # Pass 1: untraced, for times and ru_maxrss (peak reset before the load and the run, so
    # each delta is that phase's own peak over the resident set it started from).
    resettable = _reset_peak_rss()
    rss0 = _rss_now() if resettable else _maxrss_bytes()
    t0 = time.perf_counter()
    transcript = load_transcript(path)
    load_s = time.perf_counter() - t0
    load_rss = _maxrss_bytes() - rss0
    if resettable:
        _reset_peak_rss()
    rss1 = _rss_now() if resettable else _maxrss_bytes()
    prov = Timed(make_provider(settings))
    c0, w0 = time.process_time(), time.perf_counter()
    result = asyncio.run(summarize_transcript(transcript, RunRequest(settings, strategy="auto"), provider=prov))
    wall = time.perf_counter() - w0
    cpu = time.process_time() - c0
    rss_delta = _maxrss_bytes() - rss1
    asyncio.run(prov.aclose())
    nodes = result.state.nodes.values()
    leaves = sum(1 for n in nodes if n.mode == "leaf")
    folds = sum(1 for n in nodes if n.mode == "fold")
    other = sum(1 for n in nodes if n.mode not in ("leaf", "fold"))
    out: dict[str, Any] = {
        "file": os.path.getsize(path), "context": context, "input": len(transcript),
        "status": result.status, "coverage": result.coverage, "strategy": result.strategy,
        "calls": result.calls, "leaves": leaves, "folds": folds, "other_nodes": other,
        "bytes_read": result.bytes_read, "bytes_sent": result.bytes_sent,
        "load_s": load_s, "wall_s": wall, "cpu_s": cpu, "provider_cpu_s": prov.cpu,
        "provider_calls": prov.n, "rss_delta": rss_delta, "load_rss": load_rss,
        "rss_resettable": resettable,
        "unread": len(result.unread), "malformed": result.malformed_lines,
    }
    cap = Capacity.for_context(context)
    n_leaves = math.ceil(len(transcript) / cap.data_bytes)
    out["leaf_bytes"], out["fan_in"] = cap.data_bytes, cap.fan_in
    out["lower_bound"] = n_leaves + (math.ceil((n_leaves - 1) / (cap.fan_in - 1))
                                     if n_leaves > 1 else 0)
    del result, transcript, prov, nodes

    # Pass 2: traced, for the Python-heap peaks of the load and of the run.
    tracemalloc.start()
    transcript = load_transcript(path)
    out["load_peak"] = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    result = asyncio.run(summarize_transcript(transcript, RunRequest(settings, strategy="auto")))
    out["run_peak"] = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    out["traced_calls"] = result.calls
    return out


# ----------------------------------------------------------------------------- the driver


def _run(path: Path, context: int) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(path), str(context)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"worker failed for {path} @ {context}:\n{done.stderr}")
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


def _mark(ok: bool) -> str:
    return "" if ok else " MISSED"


def _row(label: str, r: dict[str, Any]) -> list[str]:
    calls = max(1, r["calls"])
    eng_ms = (r["cpu_s"] - r["provider_cpu_s"]) / calls * 1000
    tm = r["run_peak"] / r["input"]
    rss = r["rss_delta"] / r["input"]
    read = r["bytes_read"] / r["input"]
    return [
        label, f"{r['context']}", f"{r['file'] / 1e6:.1f}M", f"{r['input']:,}",
        f"{r['calls']}", f"{r['leaves']}", f"{r['folds']}", f"{r['lower_bound']}",
        f"{r['calls'] / max(1, r['lower_bound']):.3f}",
        f"{read:.4f}" + _mark(r["bytes_read"] == r["input"] and r["status"] == "complete"),
        f"{r['bytes_sent'] / r['input']:.3f}",
        f"{r['load_s']:.2f}s", f"{r['wall_s']:.2f}s",
        f"{r['file'] / 1e6 / (r['load_s'] + r['wall_s']):.2f}",
        f"{eng_ms:.3f}" + _mark(0 <= eng_ms < AIM_CPU_MS),
        f"{r['provider_cpu_s'] / calls * 1000:.2f}",
        f"{tm:.2f}x" + _mark(tm < AIM_MEM),
        f"{rss:.2f}x" + _mark(rss < AIM_MEM),
        f"{r['load_peak'] / r['input']:.2f}x" + _mark(r["load_peak"] / r["input"] < AIM_MEM),
        f"{r['load_rss'] / r['input']:.2f}x" + _mark(r["load_rss"] / r["input"] < AIM_MEM),
    ]


HEAD = ["size", "ctx", "file", "input", "calls", "leaves", "folds", "LB", "calls/LB",
        "read/in", "sent/in", "load", "wall", "MB/s", "eng ms/call", "prov ms/call", "tm peak/in", "rss Δ/in",
        "load tm/in", "load rss/in"]


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [HEAD, *rows]) for i in range(len(HEAD))]
    fmt = lambda r: "  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True))  # noqa: E731
    return "\n".join([fmt(HEAD), fmt(["-" * w for w in widths]), *map(fmt, rows)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Gapless engine scaling benchmark")
    ap.add_argument("--sizes", default="1,10,50", help="session sizes in MB, comma-separated")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keep", metavar="DIR", help="write the generated sessions here")
    ap.add_argument("--json", metavar="FILE", help="also write the raw figures as JSON")
    ap.add_argument("--worker", nargs=2, metavar=("PATH", "CONTEXT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(_worker(args.worker[0], int(args.worker[1]))))
        return 0

    from generate import write_session  # type: ignore[import-not-found,unused-ignore]

    sizes = [float(s) for s in args.sizes.split(",") if s.strip()]
    tmp = None if args.keep else tempfile.TemporaryDirectory(prefix="gapless-bench-")
    folder = Path(args.keep or tmp.name)  # type: ignore[union-attr]
    folder.mkdir(parents=True, exist_ok=True)
    rows: list[list[str]] = []
    raw: list[dict[str, Any]] = []
    t_all = time.perf_counter()
    try:
        for mb in sizes:
            label = f"{mb:g}MB"
            path = folder / f"session-{mb:g}mb-seed{args.seed}.jsonl"
            t0 = time.perf_counter()
            write_session(path, int(mb * 1_000_000), args.seed)
            print(f"generated {path.name}: {path.stat().st_size:,} bytes in "
                  f"{time.perf_counter() - t0:.2f}s", file=sys.stderr)
            contexts = [8192] + ([2000] if mb == 1 else [])
            for ctx in contexts:
                t0 = time.perf_counter()
                r = _run(path, ctx)
                r["size"] = label
                raw.append(r)
                rows.append(_row(label, r))
                print(f"  {label} @ {ctx}: {r['status']}, {r['calls']} calls, "
                      f"{time.perf_counter() - t0:.1f}s (both passes)", file=sys.stderr)
    finally:
        if tmp is not None:
            tmp.cleanup()
    print(_table(rows))
    for r in raw:
        secs = r["load_s"] + r["wall_s"]
        print(f"summarize {r['size']} @ {r['context']}: {r['file'] / 1e6:.1f} MB file in "
              f"{secs:.1f} s = {r['file'] / 1e6 / secs:.2f} MB/s "
              f"({r['input'] / 1e6 / r['wall_s']:.2f} MB/s of rendered input in the run; "
              f"the run's CPU {r['cpu_s']:.1f} s = {r['file'] / 1e6 / r['cpu_s']:.2f} MB of "
              f"file per CPU second)")
    bad = [r for r in raw if r["status"] != "complete" or r["bytes_read"] != r["input"]
           or r["calls"] != r["traced_calls"]]
    print(f"\nall runs: strategy {sorted({r['strategy'] for r in raw})}, "
          f"status {sorted({r['status'] for r in raw})}; total {time.perf_counter() - t_all:.0f}s")
    if bad:
        print(f"{len(bad)} run(s) incomplete, not fully read, or not reproducible: MISSED")
    if args.json:
        Path(args.json).write_text(json.dumps(raw, indent=2))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
