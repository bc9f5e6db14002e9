"""What opening the store costs now that every open checks the file (``PRAGMA quick_check``).

    python bench/store_open_bench.py [--mb 20 200]

For databases of each size (runs rows of 2 KB, written with the real schema), prints the wall
time of ``Store.open`` + close as a new process makes it (the check included, best of 3, the
file in the page cache), as the same process makes it again while the file is unchanged (a
server opening the store for each request: the check is not repeated), and with the check
left out (``damaged_ok=True``, as ``verify`` opens), so the check's own cost is the
difference.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gapless.engine.store import Store, identity

ROW = "s" * 2000


async def opened(path: Path, damaged_ok: bool, fresh: bool = True) -> float:
    if fresh:
        identity._FOUND_WHOLE.clear()  # as a new process finds it
    start = time.perf_counter()
    store = await Store.open(path, damaged_ok=damaged_ok)
    await store.close()
    return time.perf_counter() - start


async def build(path: Path, mb: int) -> None:
    await (await Store.open(path)).close()
    rows = mb * 1_000_000 // (len(ROW) + 60)
    with sqlite3.connect(path) as con:
        con.executemany("INSERT INTO runs (id, created_at, source) VALUES (?, ?, ?)",
                        ((f"run-{i}", float(i), ROW) for i in range(rows)))
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, nargs="+", default=[20, 200])
    args = ap.parse_args()
    print(f"{'database':>10} {'first open':>11} {'again':>8} {'unchecked':>10} {'check':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for mb in args.mb:
            path = Path(tmp) / f"g{mb}.db"
            await build(path, mb)
            size = path.stat().st_size / 1e6
            checked = min([await opened(path, False) for _ in range(3)])
            again = min([await opened(path, False, fresh=False) for _ in range(3)])
            plain = min([await opened(path, True) for _ in range(3)])
            print(f"{size:>8.0f} MB {checked:>9.3f} s {again:>6.3f} s {plain:>8.3f} s "
                  f"{checked - plain:>6.3f} s")


if __name__ == "__main__":
    asyncio.run(main())
