"""SIGKILLs of the real CLI (slow): a killed run lists as interrupted and the resumes together
pay about what one run pays; what a kill past half way finds committed (issue 37)."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.crash import command, env
from tests.support.helpers import make_transcript

QUESTION = ("--strategy", "recursive", "--question", "which files were changed?",
            "--context-tokens", "1024")


def _requests(db: Path) -> dict[str, tuple[str, int]]:
    """Each run's status and the requests its events record."""
    con = sqlite3.connect(db)
    rows = con.execute("SELECT r.id, r.status, (SELECT COUNT(*) FROM events e WHERE "
                       "e.run_id = r.id AND e.type = 'provider_call') FROM runs r").fetchall()
    con.close()
    return {r: (s, n) for r, s, n in rows}


def _run(src: Path, db: Path, *extra: str) -> tuple[dict[str, object], float]:
    t0 = time.monotonic()
    done = subprocess.run(command(src, db, *extra), capture_output=True, text=True, env=env(),
                          check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), time.monotonic() - t0


def _verified(db: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "verify", "--all", "--json",
                           "--no-source", "--db", str(db)], capture_output=True, text=True,
                          env=env(), check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["holds"], done.stdout


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_random_kills_of_a_recursive_run_with_a_question_cost_one_run(tmp_path: Path) -> None:
    src = tmp_path / "talk.md"
    src.write_bytes(make_transcript(400, 60, seed=3).data)
    ref, wall = _run(src, tmp_path / "ref.db", *QUESTION)
    db = tmp_path / "k.db"
    rnd = random.Random(37)
    for _ in range(4):
        proc = subprocess.Popen(command(src, db, *QUESTION), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=env())
        time.sleep(rnd.uniform(0.2, 0.7) * wall)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    out, _ = _run(src, db, *QUESTION)
    runs = _requests(db)
    total = sum(n for _, n in runs.values())
    print(f"uninterrupted: {ref['calls']} requests; killed {len(runs) - 1} times: {total}")
    assert out["status"] == "complete" and out["entry"] == ref["entry"]
    assert total <= 1.1 * int(str(ref["calls"]))
    assert sorted(s for s, _ in runs.values()).count("complete") == 1
    assert {s for s, _ in runs.values()} <= {"complete", "interrupted"}
    _verified(db)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_a_kill_at_half_leaves_a_resume_that_pays_the_other_half(tmp_path: Path) -> None:
    """What the database holds after a kill past half way: the work of all but about the
    last second, so the resume pays the rest plus about a second's worth.

    Half way is read from the ledger, not from the clock: on a loaded machine the killed run
    may go slower than the reference, and a kill at half the reference's wall time then
    found less than half done — a race, not a finding. Half the reference's calls must be
    committed while the run still runs (a run that commits late never gets there), and the
    kill then falls at an arbitrary instant up to half a second later."""
    src = tmp_path / "big.md"
    src.write_bytes(make_transcript(6000, 60, seed=8).data)
    ref, wall = _run(src, tmp_path / "ref.db", "--context-tokens", "1000")
    calls = int(str(ref["calls"]))
    db = tmp_path / "k.db"
    proc = subprocess.Popen(command(src, db, "--context-tokens", "1000"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env())
    t0 = time.monotonic()
    while _committed_calls(db) == 0 and proc.poll() is None:  # load, plan, first call
        time.sleep(0.05)
    started = time.monotonic() - t0
    per_second = calls / max(0.5, wall - started)
    seen = 0
    while seen < calls / 2 and proc.poll() is None:
        time.sleep(0.05)
        seen = _committed_calls(db)
    time.sleep(random.Random(42).uniform(0.0, 0.5))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    [(status, before)] = _requests(db).values()
    out, _ = _run(src, db, "--context-tokens", "1000")
    after = int(str(out["calls"]))
    print(f"{calls} requests in {wall:.1f} s (the first after {started:.1f} s); killed past "
          f"half ({seen} seen): {before} committed, the resume paid {after}")
    assert status == "running" and seen >= calls / 2, "the run did not commit as it went"
    assert before >= seen
    assert out["status"] == "complete" and out["entry"] == ref["entry"]
    # the resume pays what was not committed, and a kill loses at most a second's worth
    assert after <= calls - before + per_second
    _verified(db)


def _committed_calls(db: Path) -> int:
    """The requests the ledger holds, read without waiting on the writer."""
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.1)
        try:
            row = con.execute("SELECT COUNT(*) FROM events WHERE type = 'provider_call'"
                              ).fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return 0
    return int(row[0]) if row else 0
