"""Crash figures: how far behind the database a live run is, and what a killed run costs.

    python bench/resume_bench.py [--mb 6.5] [--kills 3]

Prints (1) for one offline run over a generated log-like input of ``--mb`` MB at 1,000
tokens (a real CLI process): how long after its finish each invocation was committed,
polled from the database file while the run went on (those still buffered when it ends
are not counted); (2) a recursive run with a question
killed ``--kills`` times with SIGKILL at random moments, then run to the end: its requests
against the uninterrupted run's. Inputs are generated (no ../shared data is read).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.crash import command, env
from tests.support.helpers import make_transcript


def _log(mb: float) -> bytes:
    """Lines shaped like a service log (a time, a level, a component, a message)."""
    rnd = random.Random(5)
    words = ["block", "replica", "served", "deleting", "received", "packet", "timeout", "ack"]
    out, size, i = [], 0, 0
    while size < mb * 1_000_000:
        line = (f"2026-01-0{1 + i // 400_000} 10:{(i // 60) % 60:02d}:{i % 60:02d} "
                f"{rnd.choice(['INFO', 'INFO', 'WARN'])} dfs.DataNode$Packet{rnd.randint(1, 9)}: "
                f"{' '.join(rnd.choice(words) for _ in range(8))} blk_{rnd.randint(1, 10**9)}\n")
        out.append(line)
        size += len(line)
        i += 1
    return "".join(out).encode()


def _finished(db: Path) -> dict[str, float]:
    """Each committed invocation's finish, by the wall time its event was emitted at."""
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.1)
        try:
            rows = con.execute("SELECT inv, ts FROM events WHERE type = 'invocation_finished'"
                               ).fetchall()
        finally:
            con.close()
    except sqlite3.Error:
        return {}
    return {str(r[0]): float(r[1]) for r in rows}


def commit_lag(work: Path, mb: float) -> None:
    """Poll the database while a run goes on: how long after its finish each invocation
    was first seen committed (the poll adds up to 0.1 s)."""
    src, db = work / "big.log", work / "lag.db"
    src.write_bytes(_log(mb))
    t0 = time.monotonic()
    proc = subprocess.Popen(command(src, db, "--context-tokens", "1000"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env())
    lags: list[float] = []
    seen: set[str] = set()
    while proc.poll() is None:
        now = time.time()
        for inv, ts in _finished(db).items():
            if inv not in seen:
                seen.add(inv)
                lags.append(now - ts)
        time.sleep(0.1)
    wall = time.monotonic() - t0
    lags.sort()
    p99 = lags[int(len(lags) * 0.99)] if lags else 0.0
    print(f"{src.stat().st_size / 1e6:.1f} MB at 1,000 tokens: {len(lags)} invocations "
          f"finished in {wall:.1f} s; committed after their finish: median "
          f"{lags[len(lags) // 2] if lags else 0:.2f} s, 99th percentile {p99:.2f} s, "
          f"longest {lags[-1] if lags else 0:.2f} s")


def kills(work: Path, n: int) -> None:
    """Kill a recursive run with a question ``n`` times, finish it, count requests."""
    src = work / "talk.md"
    src.write_bytes(make_transcript(400, 60, seed=3).data)
    extra = ("--strategy", "recursive", "--question", "which files were changed?",
             "--context-tokens", "1024")
    t0 = time.monotonic()
    ref = json.loads(subprocess.run(command(src, work / "ref.db", *extra), capture_output=True,
                                    text=True, env=env(), check=True).stdout)
    wall = time.monotonic() - t0
    db, rnd = work / "k.db", random.Random(37)
    for _ in range(n):
        proc = subprocess.Popen(command(src, db, *extra), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=env())
        time.sleep(rnd.uniform(0.2, 0.7) * wall)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    subprocess.run(command(src, db, *extra), capture_output=True, env=env(), check=False)
    con = sqlite3.connect(db)
    total = con.execute("SELECT COUNT(*) FROM events WHERE type = 'provider_call'").fetchone()[0]
    statuses = [r[0] for r in con.execute("SELECT status FROM runs ORDER BY created_at")]
    con.close()
    print(f"recursive with a question, {len(src.read_bytes()) // 1000} KB: uninterrupted "
          f"{ref['calls']} requests; killed {n} times then finished: {total} requests "
          f"({total / ref['calls']:.2f}x); runs: {', '.join(statuses)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=6.5)
    ap.add_argument("--kills", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        commit_lag(Path(d), args.mb)
        kills(Path(d), args.kills)


if __name__ == "__main__":
    main()
