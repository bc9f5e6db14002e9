"""The held-out logs again, each with a twin event: are two statements one word apart
counted apart?

Run:  python bench/twins_bench.py [--only NAME,NAME]

A program logs "session opened for user X" and "session closed for user X" from two
statements; a template's truth (loghub's, a parser's) counts them as two events. Each log
the tests hold to (``SYSTEMS`` of ``heldout_logs.py``) that has a template with a word of
a pair below is written again with a twin of that template (the word swapped for its
pair, the same level and weight) and summarized offline; its top templates must be named
with their exact counts, as the held-out bench asks. Prints each row that is not (and the
templates missed), then the rows read right. The pairs are this bench's: the product reads
no word list.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_logs as logs

_PAIRS = {"started": "stopped", "accepted": "rejected", "opened": "closed",
          "failed": "succeeded", "start": "end", "connected": "disconnected",
          "added": "removed", "enabled": "disabled", "up": "down", "success": "failure",
          "created": "deleted", "sent": "received", "read": "written",
          "Starting": "Stopping", "Received": "Sending"}
PAIRS = {**_PAIRS, **{b: a for a, b in _PAIRS.items()}}


def twin(system: logs.System) -> logs.System | None:
    """``system`` with a twin of its first template that holds a word of a pair."""
    for template, level, weight in system.templates:
        tokens = template.split(" ")
        for k, token in enumerate(tokens):
            if token in PAIRS:
                other = " ".join([*tokens[:k], PAIRS[token], *tokens[k + 1:]])
                return dataclasses.replace(
                    system, templates=[*system.templates, (other, level, weight)])
    return None


def _missed(system: logs.System, folder: Path, truth: Any) -> list[tuple[int, str]] | None:
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    try:
        path, counts, _ = logs.write(system, folder)
    except Exception:  # (a writer that cannot write the twin's values: not measured)
        return None
    entry = asyncio.run(summarize_path(path, RunRequest(Settings()))).entry or {}
    ranked = counts.most_common()
    floor = ranked[4][1]
    named = truth.named_counts(entry.get("summary", ""))
    return [(c, t) for t, c in ranked if c >= floor
            and not any(n == c and logs._names(truth, m, t) for n, m in named)]


def main() -> int:
    only = set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv \
        else None
    truth = logs._truth()
    right = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for system in logs.SYSTEMS:
            twinned = twin(system) if only is None or system.name in only else None
            missed = _missed(twinned, Path(tmp), truth) if twinned is not None else None
            if missed is None:
                continue
            total += 1
            right += not missed
            for count, template in missed:
                print(f"{system.name:<16} missed {count} × {template[:90]}", flush=True)
    print(f"twins: {right}/{total} logs' top templates named with their exact counts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
