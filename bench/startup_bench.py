"""How long ``gapless --version`` and ``gapless --help`` take, side by side with the bare
interpreter (``python -c pass``), and what a log scan worker imports to start.

    python bench/startup_bench.py [--runs 15]

Prints the median wall time of each command over the runs and the difference to the bare
interpreter (issue 31's aim: under 0.15 s over it).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CASES = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "gapless --version": [sys.executable, "-m", "gapless.tui.cli", "--version"],
    "gapless --help": [sys.executable, "-m", "gapless.tui.cli", "--help"],
    "import gapless.engine (a worker's package)": [sys.executable, "-c", "import gapless.engine"],
    "a log scan worker's imports": [sys.executable, "-c",
                                    "import gapless.engine.extractive.logs.ahead"],
}


def median_seconds(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    base = median_seconds(CASES["python -c pass"], args.runs)
    print(f"{'command':40} {'median s':>9} {'over bare':>10}")
    for name, cmd in CASES.items():
        t = median_seconds(cmd, args.runs)
        print(f"{name:40} {t:9.3f} {t - base:10.3f}")


if __name__ == "__main__":
    main()
