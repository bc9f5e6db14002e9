"""The held-out logs again, each line inside the envelope of what collected it: are the
program's own records, levels and templates still read?

Run:  python bench/envelopes_bench.py [--only NAME,NAME] [--all]

A stranger's log often reaches a summarizer not as the program wrote it but as a collector
passed it on, each line behind a prefix of the collector's own: ``journalctl -u app``
("Mar 01 00:00:07 web-01 app[2301]: …"), ``docker compose logs`` ("api-1  | …"),
``kubectl logs --prefix`` ("[pod/api-7d9f8c6b5-x2x9q/api] …") or ``docker logs
--timestamps`` / a CI runner ("2024-03-01T00:00:07.123456789Z …"), a container runtime's
file (the same stamp, then "stdout F "). The records inside are
the program's: the envelope adds no record, no level and no template (issue #36: a level
field is a position whose values recur, wherever it stands on the line). Each log the tests
hold to (``SYSTEMS`` of ``heldout_logs.py``) is written from the same draws, every physical
line wrapped in one envelope (drawn per system, seeded by its name; ``--all``: each system
in every envelope), and summarized offline; a row is worse when a top template named
without the envelope is not, or levels exact without it are not (as ``sizes_bench.py``
compares with 2,000 lines). Prints each worse row, then the total of rows read as without.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_logs as logs
from sizes_bench import _score, _worse, measured

_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _clock(n: int) -> tuple[int, int, int, int, int]:
    """Month, day, hour, minute, second of the ``n``-th line (73 s apart from Mar 1)."""
    secs = n * 73
    day, secs = divmod(secs, 86_400)
    return 3, 1 + day, secs // 3600, secs // 60 % 60, secs % 60


def _journal(n: int, name: str) -> str:
    month, day, h, m, s = _clock(n)
    return f"{_MONTHS[month - 1]} {day:02d} {h:02d}:{m:02d}:{s:02d} web-01 {name}[2301]: "


def _compose(n: int, name: str) -> str:
    return f"{name}-1  | "


def _kubectl(n: int, name: str) -> str:
    return f"[pod/{name}-7d9f8c6b5-x2x9q/{name}] "


def _stamped(n: int, name: str) -> str:
    month, day, h, m, s = _clock(n)
    return f"2024-{month:02d}-{day:02d}T{h:02d}:{m:02d}:{s:02d}.{n * 7919 % 10**9:09d}Z "


def _stream(n: int, name: str) -> str:
    return _stamped(n, name) + ("stderr" if n % 7 == 3 else "stdout") + " F "


ENVELOPES: dict[str, Callable[[int, str], str]] = {
    "journal": _journal, "compose": _compose, "kubectl": _kubectl, "stamped": _stamped,
    "cri": _stream}


def _service(system: logs.System) -> str:
    return "".join(c for c in system.name.lower() if c.isalnum())[:12] or "app"


def enveloped(kind: str) -> Callable[..., tuple[Path, object, object]]:
    """``heldout_logs.write`` with each physical line of the log behind envelope ``kind``."""
    plain = logs.write
    wrap = ENVELOPES[kind]

    def write(system: logs.System, folder: Path, seed: int = 7) -> tuple[Path, object, object]:
        path, counts, levels = plain(system, folder, seed)
        name = _service(system)
        lines = path.read_text(encoding="utf-8").split("\n")
        body = [wrap(n, name) + line for n, line in enumerate(lines[:-1])]
        path.write_text("\n".join(body) + "\n", encoding="utf-8")
        return path, counts, levels

    return write


def _kinds(name: str, every: bool) -> list[str]:
    return sorted(ENVELOPES) if every else [random.Random(f"{name}-envelope").choice(
        sorted(ENVELOPES))]


def main() -> int:
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    every = "--all" in sys.argv
    start = time.monotonic()
    names = [s.name for s in logs.SYSTEMS if only is None or s.name in only]
    before = {row["file"]: row for row in measured(names)}
    total = worse = 0
    by_kind: dict[str, list[int]] = {k: [0, 0] for k in ENVELOPES}
    for name in names:
        for kind in _kinds(name, every):
            row = measured([name], enveloped(kind))[0]
            total += 1
            by_kind[kind][1] += 1
            if _worse(row, _score(before[name])):
                worse += 1
                then = before[name]
                print(f"{name:<14}{kind:<8}{then['named']:>5} →{row['named']:>5}  "
                      f"{row['levels'][:70]:<10}  {row['format']}", flush=True)
            else:
                by_kind[kind][0] += 1
    print("  ".join(f"{k} {a}/{b}" for k, (a, b) in by_kind.items() if b))
    print(f"envelopes: {total - worse}/{total} read as without the envelope "
          f"({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
