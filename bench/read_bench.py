"""Benchmark ``gapless read`` on a large log with the offline provider.

Generates a synthetic log (50 MB by default: service log lines, stack traces, blank-line
separated incidents, a base64 blob and JSON lines), reads it with ``read_summary`` and
prints the figures that matter: time, chunks read of chunks planned, model calls, peak
Python heap (tracemalloc) and peak RSS (ru_maxrss). Every chunk must be read and the peak
memory must stay far below the file size (the file is streamed, never loaded whole).
``--summarize`` also times ``gapless summarize`` of the same log (loaded whole, tree
strategy). Speeds are printed as MB/s of the file (MB = 10^6 bytes). A log this long is
scanned ahead by worker processes (``scan_workers``); their CPU time and peak RSS are printed
apart from the run's own (``--scan-workers 0`` runs without them, for a side-by-side).

    python bench/read_bench.py [--size-mb 50] [--path FILE] [--parallel] [--no-tracemalloc]
                               [--summarize | --summarize-only | --cli] [--scan-workers N]
                               [--shape service|access]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import multiprocessing
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.run.request import RunRequest
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary


def generate(path: Path, size: int, seed: int = 7) -> None:
    """A deterministic log of about ``size`` bytes, written in blocks (never held whole)."""
    rnd = random.Random(seed)
    services = ["api", "worker", "scheduler", "billing", "auth", "search"]
    ok = ["processed request", "cache hit", "flushed batch", "heartbeat", "committed offset"]
    written = 0
    incident = 0
    with path.open("w", encoding="utf-8") as fh:
        while written < size:
            lines: list[str] = []
            for _ in range(500):
                ts = f"2026-03-{1 + rnd.randrange(28):02d}T{rnd.randrange(24):02d}:" \
                     f"{rnd.randrange(60):02d}:{rnd.randrange(60):02d}Z"
                svc = rnd.choice(services)
                roll = rnd.random()
                if roll < 0.9:
                    lines.append(f"{ts} INFO {svc}[{rnd.randrange(1, 64)}] {rnd.choice(ok)} "
                                 f"id={rnd.randrange(10**9)} in {rnd.randrange(1, 900)}ms")
                elif roll < 0.98:
                    lines.append(f"{ts} WARN {svc} slow query on table orders_{rnd.randrange(8)}"
                                 f" took {rnd.randrange(1000, 9000)}ms")
                else:
                    lines.append(f"{ts} ERROR {svc} connection reset by peer while calling "
                                 f"{rnd.choice(services)}: retrying ({rnd.randrange(1, 5)}/5)")
            if rnd.random() < 0.2:
                incident += 1
                lines += ["", f"=== incident {incident}: {rnd.choice(services)} outage ===",
                          "Traceback (most recent call last):",
                          '  File "/srv/app/handlers.py", line 212, in handle',
                          "    result = backend.fetch(key)",
                          f"TimeoutError: backend did not answer within {rnd.randrange(5, 60)}s",
                          ""]
            if rnd.random() < 0.02:
                blob = base64.b64encode(rnd.randbytes(30_000)).decode()
                lines += ["", "-----BEGIN SNAPSHOT-----", blob, "-----END SNAPSHOT-----", ""]
            if rnd.random() < 0.03:
                lines += [json.dumps({"event": "metrics", "svc": rnd.choice(services),
                                      "p99_ms": rnd.randrange(50, 900), "n": i})
                          for i in range(200)]
            block = "\n".join(lines) + "\n"
            fh.write(block)
            written += len(block.encode("utf-8"))


def settings(workers: int | None) -> Settings:
    return Settings.model_validate({} if workers is None else {"scan_workers": workers})


def workers_done() -> dict[str, float]:
    """CPU seconds and peak RSS of the scan workers that have ended (they end on their own
    once a run closes them), waited for up to 10 s."""
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"worker_cpu_seconds": round(r.ru_utime + r.ru_stime, 2),
            "worker_peak_rss_mb": round(r.ru_maxrss / 1024, 1)}


async def bench(path: Path, parallel: bool, workers: int | None = None) -> dict[str, object]:
    t0, c0 = time.perf_counter(), time.process_time()
    result = await read_summary(path, ReadOptions(parallel=parallel), settings=settings(workers))
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    s = result.stats
    return {
        "file_bytes": s.total_bytes,
        "lines": s.total_lines,
        "chunks_read": s.chunks_read,
        "chunks_total": s.chunks_total,
        "calls": result.state.calls,
        "status": result.status,
        "coverage": result.state.coverage,
        "seconds": round(elapsed, 2),
        "mb_per_s": round(s.total_bytes / 1e6 / elapsed, 2),
        "cpu_seconds": round(cpu, 2),  # all threads: on a shared machine, the steadier figure
        "mb_per_cpu_s": round(s.total_bytes / 1e6 / cpu, 2),
        "summary_bytes": len(result.summary.encode("utf-8")),
        "outline_entries": len(result.outline),
    }


async def bench_summarize(path: Path, workers: int | None = None) -> dict[str, object]:
    from gapless.engine.service import summarize_transcript
    from gapless.engine.sources import load_transcript

    t0, c0 = time.perf_counter(), time.process_time()
    transcript = load_transcript(path)
    result = await summarize_transcript(transcript, RunRequest(settings(workers), strategy="auto"))
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"seconds": round(elapsed, 2), "status": result.status, "calls": result.calls,
            "mb_per_s": round(path.stat().st_size / 1e6 / elapsed, 2),
            "cpu_seconds": round(cpu, 2),
            "mb_per_cpu_s": round(path.stat().st_size / 1e6 / cpu, 2),
            "coverage": result.coverage}


def _peak_rss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(rss / 1024 / (1024 if sys.platform == "darwin" else 1), 1)


_AGENTS = ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/120.0 Safari/537.36", "Mozilla/5.0 (compatible; Googlebot/2.1; "
           "+http://www.google.com/bot.html)", "curl/8.4.0", "Mozilla/5.0 (iPhone; CPU iPhone "
           "OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"]


def generate_access(path: Path, size: int, seed: int = 7) -> None:
    """A deterministic web server's access log (nginx combined) of about ``size`` bytes:
    clients and paths drawn from long-tailed populations, as real traffic is (a few bots
    and pages carry much of it, tens of thousands of addresses once or twice), times in
    order."""
    rnd = random.Random(seed)
    clients = [f"{rnd.randrange(1, 224)}.{rnd.randrange(256)}.{rnd.randrange(256)}."
               f"{rnd.randrange(1, 255)}" for _ in range(40_000)]
    pages = ["/", "/login", "/cart", "/search", "/static/app.js", "/static/app.css",
             "/api/v1/items", "/favicon.ico", "/robots.txt", "/checkout"]
    written, second = 0, 0
    with path.open("w", encoding="utf-8") as fh:
        while written < size:
            lines = []
            for _ in range(1000):
                second += rnd.random() < 0.05
                ip = clients[min(int(rnd.paretovariate(0.9)) - 1, len(clients) - 1)
                             if rnd.random() < 0.5 else rnd.randrange(len(clients))]
                roll = rnd.random()
                target = (rnd.choice(pages) if roll < 0.5 else
                          f"/product/{rnd.randrange(20_000)}" if roll < 0.8 else
                          f"/search?q=item{rnd.randrange(5000)}&page={rnd.randrange(1, 9)}")
                status = rnd.choices([200, 304, 301, 404, 500, 502], [88, 5, 2, 4, 0.7, 0.3])[0]
                method = "POST" if target in ("/login", "/checkout") and roll < 0.3 else "GET"
                t = 1_700_000_000 + second
                stamp = time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(t))
                lines.append(f'{ip} - - [{stamp}] "{method} {target} HTTP/1.1" {status} '
                             f'{rnd.randrange(200, 60_000)} "-" "{rnd.choice(_AGENTS)}"')
            block = "\n".join(lines) + "\n"
            fh.write(block)
            written += len(block.encode("utf-8"))


def _cli(path: Path, workers: int | None) -> int:
    """``gapless summarize PATH`` as a user runs it: a new process, its run stored."""
    import subprocess

    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "gapless.tui.cli.main", "summarize", str(path), "--json",
               "--db", str(Path(tmp) / "runs.db")]
        env = {**os.environ, "GAPLESS_CONFIG": str(Path(tmp) / "none.toml")}  # defaults
        if workers is not None:
            env["GAPLESS_SCAN_WORKERS"] = str(workers)
        t0 = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
        elapsed = time.perf_counter() - t0
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}
    mb = path.stat().st_size / 1e6
    figures = {"seconds": round(elapsed, 2), "mb_per_s": round(mb / elapsed, 2),
               "cpu_seconds": round(r.ru_utime + r.ru_stime, 2), "file_mb": round(mb, 1),
               "status": out.get("status"), "calls": out.get("calls"), "exit": done.returncode}
    print(json.dumps(figures, indent=1))
    print(f"gapless summarize (a new process, its run stored): {figures['file_mb']} MB in "
          f"{figures['seconds']} s = {figures['mb_per_s']} MB/s ({figures['cpu_seconds']} s "
          f"CPU, its scan workers' included); {figures['status']}, {figures['calls']} calls")
    return done.returncode


def _summarize_only(path: Path, workers: int | None) -> int:
    """Summarize alone, so the peak RSS printed is its own (the file is loaded whole)."""
    figures = asyncio.run(bench_summarize(path, workers))
    figures["file_mb"] = round(path.stat().st_size / 1e6, 1)
    figures["peak_rss_mb"] = _peak_rss_mb()
    # (a worker started once the file is loaded counts the loaded process's pages in its
    # ru_maxrss for the instant between its fork and its exec: only its CPU is told here)
    figures["worker_cpu_seconds"] = workers_done()["worker_cpu_seconds"]
    print(json.dumps(figures, indent=1))
    print(f"summarize: {figures['file_mb']} MB in {figures['seconds']} s = "
          f"{figures['mb_per_s']} MB/s, peak RSS {figures['peak_rss_mb']} MB (scan workers' "
          f"CPU {figures['worker_cpu_seconds']} s); {figures['status']}, "
          f"{figures['calls']} calls")
    return 0 if figures["status"] == "complete" else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size-mb", type=float, default=50.0)
    ap.add_argument("--path", help="read this file instead of generating one")
    ap.add_argument("--parallel", action="store_true")
    ap.add_argument("--no-tracemalloc", action="store_true",
                    help="time without tracemalloc's overhead (peak heap not measured)")
    ap.add_argument("--scan-workers", type=int, default=None, metavar="N",
                    help="worker processes scanning the log ahead (default: the setting's "
                         "own default, one per core but one; 0: none)")
    ap.add_argument("--summarize", action="store_true",
                    help="also time summarize (load_transcript + summarize_transcript, auto)")
    ap.add_argument("--summarize-only", action="store_true",
                    help="time summarize alone, in this process (its own peak RSS)")
    ap.add_argument("--shape", choices=("service", "access"), default="service",
                    help="the log generated: a service's (levels, stack traces, blobs, JSON "
                         "lines) or a web server's access log (nginx combined)")
    ap.add_argument("--cli", action="store_true",
                    help="time `gapless summarize PATH` in a new process, as a user runs it "
                         "(its run stored in a fresh database)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.path) if args.path else Path(tmp) / "big.log"
        if not args.path:
            t0 = time.perf_counter()
            make = generate_access if args.shape == "access" else generate
            make(path, int(args.size_mb * 1024 * 1024))
            print(f"generated {path.stat().st_size / 1e6:.1f} MB in "
                  f"{time.perf_counter() - t0:.1f}s", file=sys.stderr)
        if args.cli:
            return _cli(path, args.scan_workers)
        if args.summarize_only:
            return _summarize_only(path, args.scan_workers)
        if not args.no_tracemalloc:
            tracemalloc.start()
        figures = asyncio.run(bench(path, args.parallel, args.scan_workers))
        if not args.no_tracemalloc:
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            figures["peak_heap_mb"] = round(peak / 1e6, 1)
        figures["peak_rss_mb"] = _peak_rss_mb()
        figures.update(workers_done())
        if args.summarize:
            figures["summarize"] = asyncio.run(bench_summarize(path, args.scan_workers))
    print(json.dumps(figures, indent=1))
    mb = figures["file_bytes"] / 1e6  # type: ignore[operator]
    print(f"read: {mb:.1f} MB in {figures['seconds']} s = {figures['mb_per_s']} MB/s "
          f"({figures['cpu_seconds']} s CPU = {figures['mb_per_cpu_s']} MB per CPU second; "
          f"scan workers {figures['worker_cpu_seconds']} s CPU, peak RSS "
          f"{figures['worker_peak_rss_mb']} MB)")
    if args.summarize:
        sm = figures["summarize"]
        print(f"summarize: {mb:.1f} MB in {sm['seconds']} s = {sm['mb_per_s']} MB/s "  # type: ignore[index]
              f"({sm['cpu_seconds']} s CPU = {sm['mb_per_cpu_s']} MB per CPU second; "  # type: ignore[index]
              f"{sm['status']}, {sm['calls']} calls)")  # type: ignore[index]
    ok = figures["chunks_read"] == figures["chunks_total"] and figures["status"] == "complete"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
