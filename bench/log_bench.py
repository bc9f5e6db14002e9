"""Logs, offline: template recall@5 with exact counts, and `gapless read` speed on a big log.

    python bench/log_bench.py [--mb 50] [--skip-read]

1. For each loghub sample in ../shared/data/logs/, ``gapless summarize FILE --json``: how
   many of the 5 most frequent true templates (all tied with the 5th) the summary names
   with their exact count (the true counts are computed from ``*_templates.csv``, see
   tests/engine/extractive/logs/truth.py).
2. A synthetic syslog (OpenSSH-shaped, timestamps and addresses varied) of ``--mb`` MB read
   by ``gapless read --json`` in a child process: MB/s and the child's peak RSS, and
   whether the final totals are exact (lines, records, the top template's count).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.extractive.logs.truth import SAMPLES, recall_at_5, sample  # noqa: E402

_NUM = re.compile(r"\d+")


def gapless(*argv: str) -> tuple[dict, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "gapless.tui.cli.main", *argv], capture_output=True,
                          text=True, env=env, check=False)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"gapless {' '.join(argv)} failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout), time.perf_counter() - t0


def recall(db: str) -> None:
    print("template recall@5 with exact counts (gapless summarize FILE --json):")
    for name in SAMPLES:
        if not sample(name).exists():
            print(f"  {name:8} (no sample)")
            continue
        out, secs = gapless("summarize", str(sample(name)), "--json", "--db", db)
        hit, of = recall_at_5(name, out["entry"]["summary"])
        print(f"  {name:8} {hit}/{of} of the top templates named with their exact count "
              f"({out['calls']} calls, {secs:.1f} s)")


def synthetic_log(path: Path, megabytes: int, seed: int = 3) -> Counter[str]:
    """OpenSSH-shaped lines with new times, pids, addresses and ports (each keeps the
    template of the sample line it varies); returns the number of lines written."""
    rnd = random.Random(seed)
    base = [ln for ln in sample("OpenSSH").read_bytes().decode().splitlines() if ln.strip()]
    target = megabytes * 1024 * 1024
    written = 0
    kinds: Counter[str] = Counter()
    minute = 0
    with open(path, "w", encoding="utf-8") as fh:
        while written < target:
            minute += 1
            day, rest = divmod(minute // 60, 24)
            stamp = f"Dec {10 + day % 18:2d} {rest:02d}:{minute % 60:02d}:{rnd.randrange(60):02d}"
            block = []
            for _ in range(40):
                src = rnd.choice(base)
                head, _, msg = src.partition(": ")
                host_prog = head.split(" ", 3)[3]
                msg = _NUM.sub(lambda m: str(rnd.randrange(1, 255)) if len(m.group()) < 4
                               else str(rnd.randrange(1000, 65000)), msg)
                block.append(f"{stamp} {host_prog}: {msg}\n")
            text = "".join(block)
            fh.write(text)
            written += len(text.encode())
    with open(path, encoding="utf-8") as fh:
        kinds["lines"] = sum(1 for _ in fh)
    return kinds


def read_speed(megabytes: int, db: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.log"
        truth = synthetic_log(path, megabytes)
        size = path.stat().st_size
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        out, secs = gapless("read", str(path), "--json", "--db", db)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        lines = re.search(r"^([\d,]+) lines, ([\d,]+) ", out["summary"], re.M)
        stated = int(lines.group(1).replace(",", "")) if lines else -1
        print(f"gapless read on a {size / 1e6:.1f} MB synthetic syslog "
              f"({truth['lines']:,} lines, {out['stats']['chunks_total']} chunks):")
        print(f"  {size / 1e6 / secs:.2f} MB/s ({secs:.1f} s), peak RSS "
              f"{max(peak, before) / 1024:.0f} MB")
        print(f"  lines stated {stated:,} (true {truth['lines']:,}): "
              f"{'exact' if stated == truth['lines'] else 'WRONG'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50)
    parser.add_argument("--skip-read", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        recall(db)
        if not args.skip_read:
            read_speed(args.mb, db)


if __name__ == "__main__":
    main()
