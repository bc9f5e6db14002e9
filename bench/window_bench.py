"""Every allowed window completes: calls and wall time of one big input per context window.

    python bench/window_bench.py [--mb 6] [--windows 512,1000,2000,8192] [--input FILE]

The input is real text from ``../shared/data`` (or ``$GAPLESS_SHARED_DATA``): the
changelogs, meeting transcripts, loghub samples and chat exports concatenated, repeated
until it is at least ``--mb`` MB (one pass is about 6.5 MB). Each window runs
``gapless summarize FILE --context-tokens W --json`` with the offline provider (the
default) in a child process against a fresh database, and prints its status, coverage,
calls and wall time. The run must be complete at every window from the minimum (512) up;
the script exits 1 when one is not.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GAPLESS_SHARED_DATA", ROOT.parent / "shared" / "data"))
PARTS = (("changelogs", "*"), ("meetings", "*.txt"), ("logs", "*.log"), ("chat-exports", "*.md"))


def build_input(path: Path, megabytes: float) -> int:
    """Concatenate the shared text files into ``path`` (repeated up to ``megabytes``)."""
    files = [f for folder, pattern in PARTS for f in sorted((SHARED / folder).glob(pattern))
             if f.is_file()]
    if not files:
        raise SystemExit(f"no shared data under {SHARED} (set GAPLESS_SHARED_DATA)")
    want, size = int(megabytes * 1_000_000), 0
    with path.open("wb") as out:
        while size < want:
            for f in files:
                data = f.read_bytes()
                if not data.endswith(b"\n"):
                    data += b"\n"
                out.write(data)
                size += len(data)
    return size


def summarize(path: Path, window: int, db: Path) -> tuple[dict[str, object], float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "gapless.tui.cli.main", "summarize", str(path), "--json",
         "--context-tokens", str(window), "--db", str(db)],
        capture_output=True, text=True, env=env, check=False)
    secs = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise SystemExit(f"summarize at {window} tokens failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout), secs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=6.0, help="input size in MB (default 6)")
    parser.add_argument("--windows", default="512,1000,2000,8192",
                        help="context windows in tokens, comma-separated")
    parser.add_argument("--input", type=Path, help="summarize this file instead")
    args = parser.parse_args()
    windows = [int(w) for w in args.windows.split(",") if w.strip()]
    with tempfile.TemporaryDirectory(prefix="window-bench-") as tmp:
        path = args.input or Path(tmp) / "shared-text.txt"
        size = path.stat().st_size if args.input else build_input(path, args.mb)
        print(f"input: {path.name}, {size / 1e6:.2f} MB, offline provider (extractive)")
        print(f"{'window':>7} {'status':>10} {'coverage':>9} {'calls':>7} {'wall s':>7} "
              f"{'calls/s':>8}")
        failed = 0
        for window in windows:
            out, secs = summarize(path, window, Path(tmp) / f"w{window}.db")
            calls = int(str(out["calls"]))
            print(f"{window:>7} {out['status']!s:>10} {float(str(out['coverage'])):>9.1%} "
                  f"{calls:>7} {secs:>7.1f} {calls / secs:>8.0f}", flush=True)
            failed += out["status"] != "complete" or out["residual_gaps"] != []
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
