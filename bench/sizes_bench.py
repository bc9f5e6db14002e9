"""The held-out logs again, shorter and longer: do their figures hold at other sizes?

Run:  python bench/sizes_bench.py [--lines 300,20000] [--only NAME,NAME]

``heldout_logs.py`` writes every log 2,000 lines long; a stranger's log is as long as it
is (the issue's own were 700 records to 18,000 lines). Each log the tests hold to
(``SYSTEMS``) is written at 2,000 lines and again at each length asked for, from the same
templates and weights, and summarized offline: its top templates must be named with their
exact counts and its level counts be exact (or absent where the log writes none) wherever
they are at 2,000 lines. Prints each row that reads worse than at 2,000, then per length
the rows that read as well.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_logs as logs


def _score(row: dict[str, str]) -> tuple[int, bool]:
    """Top templates not named with their count, and whether the levels are right."""
    hit, _, top = row["named"].partition("/")
    missed = int(top) - int(hit) if hit.isdigit() and top.isdigit() else 99
    return missed, row["levels"] in ("exact", "-")


def _worse(row: dict[str, str], then: tuple[int, bool]) -> bool:
    missed, levels = _score(row)
    return missed > then[0] or (then[1] and not levels)


def measured(names: list[str], write: Callable[..., Any] | None = None) -> list[dict[str, str]]:
    """The held-out bench's rows of ``names``, each log written by ``write`` (a variant of
    ``heldout_logs.write``; None: as the bench writes it)."""
    plain = logs.write
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            sys.argv[1:] = ["--only", name]  # (measure reads its rows from the command line)
            logs.write = write or plain
            try:
                rows += logs.measure(Path(tmp))
            finally:
                logs.write = plain
    return rows


def _rows(names: list[str], size: int) -> list[dict[str, str]]:
    logs.LINES = size
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            sys.argv[1:] = ["--only", name]  # (measure reads its rows from the command line)
            try:
                rows += logs.measure(Path(tmp))
            except Exception as exc:  # (a writer made for 2,000 lines: say so, go on)
                rows.append({"file": name, "named": "-", "levels": "-",
                             "format": f"not written: {type(exc).__name__}: {exc}"})
    return rows


def main() -> int:
    sizes = [300, 20000]
    if "--lines" in sys.argv:
        sizes = [int(n) for n in sys.argv[sys.argv.index("--lines") + 1].split(",")]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    names = only.split(",") if only else [s.name for s in logs.SYSTEMS]
    at_2k = {row["file"]: _score(row) for row in _rows(names, 2000)}
    for size in sizes:
        start = time.monotonic()
        rows = _rows(names, size)
        worse = [row for row in rows if _worse(row, at_2k[row["file"]])]
        for row in worse:
            print(f"{size:>6}  {row['file']:<14}{row['named']:>8}  {row['levels'][:70]:<10}"
                  f"  {row['format']}")
        print(f"{size:>6} lines: {len(rows) - len(worse)}/{len(rows)} read as at 2,000 "
              f"({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
