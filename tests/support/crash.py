"""Kill a real `gapless summarize` with SIGKILL, rerun the same command, check the result."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.paths import REPO_ROOT

ROOT = REPO_ROOT


def command(src: Path, db: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "gapless.tui.cli", "summarize", str(src), "--json", "--db", str(db),
            *extra]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def reference(src: Path, db: Path, *extra: str) -> dict[str, Any]:
    done = subprocess.run(command(src, db, *extra), capture_output=True, text=True, env=env(),
                          check=False)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


@dataclass
class Trial:
    killed: bool
    completed_before: int
    calls_after: int
    entry_equal: bool
    integrity: str
    duplicate_fragments: int
    statuses: list[str]


def completed_invocations(db: Path) -> int:
    """Read-only count of finished invocations; 0 while the file or table is not there yet."""
    if not db.exists():
        return 0
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.2)
        try:
            row = con.execute("SELECT COUNT(*) FROM journal_invocations "
                              "WHERE status = 'complete'").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return 0
    return int(row[0])


def wait_for(proc: subprocess.Popen[bytes], db: Path, delay: float | None,
             after_completed: int | None, limit: float = 120.0) -> None:
    """Sleep a fixed delay, or until the run has stored `after_completed` finished calls.

    Waiting on the database rather than the clock keeps the trial meaningful on a slow
    machine, where a fixed delay can end before the first call has been stored.
    """
    if after_completed is None:
        time.sleep(delay or 0.0)
        return
    deadline = time.monotonic() + limit
    while proc.poll() is None and time.monotonic() < deadline:
        if completed_invocations(db) >= after_completed:
            return
        time.sleep(0.02)


def kill_and_resume(src: Path, db: Path, delay: float | None, ref: dict[str, Any], *extra: str,
                    after_completed: int | None = None) -> Trial:
    proc = subprocess.Popen(command(src, db, *extra), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env())
    wait_for(proc, db, delay, after_completed)
    killed = proc.poll() is None
    if killed:
        proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = 0
    if db.exists():
        con = sqlite3.connect(db)
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        if "journal_invocations" in tables:
            before = con.execute("SELECT COUNT(*) FROM journal_invocations WHERE status = "
                                 "'complete'").fetchone()[0]
        con.close()
    done = subprocess.run(command(src, db, *extra), capture_output=True, text=True, env=env(),
                          check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    con = sqlite3.connect(db)
    integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
    dupes = con.execute("SELECT COUNT(*) FROM (SELECT run_id, inv, start, COUNT(*) c FROM "
                        "journal_fragments GROUP BY run_id, inv, start HAVING c > 1)").fetchone()[0]
    statuses = [r[0] for r in con.execute("SELECT status FROM runs ORDER BY created_at")]
    con.close()
    assert out["coverage"] == 1.0 and out["residual_gaps"] == []
    # the killed run and its resume, checked against their ledgers from the database alone
    verified = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "verify", "--all", "--json",
                               "--no-source", "--db", str(db)], capture_output=True, text=True,
                              env=env(), check=False)
    assert verified.returncode == 0 and json.loads(verified.stdout)["holds"], verified.stdout
    return Trial(killed, before, out["calls"], out["entry"] == ref["entry"], integrity, dupes,
                 statuses)
