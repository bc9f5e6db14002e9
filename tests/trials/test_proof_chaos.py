"""Stateful chaos with ``verify`` as the oracle: random sequences of runs against a loopback
model server that fails, answers garbage or times out at random, re-runs of a random failed
or incomplete node of the newest run, resumes, and runs cut off mid-way (cancelled in process,
or killed with SIGKILL in the slow trial) — on several windows and strategies. After every
step, every run stored so far must hold up against its ledger, and none may claim complete
over bytes the model never read."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gapless.engine.audit.rerun import StoredScope, rerun_scope
from gapless.engine.audit.verify import verify_runs
from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.run.request import RunRequest
from gapless.engine.run.result import RunResult
from gapless.engine.service import summarize_stored
from gapless.engine.store import Store
from tests.support.fault_server import FaultServer, fast_settings, random_script
from tests.support.helpers import make_transcript

FAULT_KINDS = ("500", "garbage", "slow", "drop", "schema")


async def _all_hold(store: Store, step: str) -> None:
    verdicts = await verify_runs(store, check_source=False)
    bad = {v.run_id: v.contradictions for v in verdicts if not v.holds}
    assert not bad, f"after {step}: {bad}"


# A projection rewritten behind the engine's back, and how to find one to rewrite: each
# must be a contradiction for verify (then it is put back).
TAMPERINGS = {
    "row complete": ("runs", "id = ?", "status = 'complete', coverage = 1.0, gaps = '[]'",
                     "status, coverage, gaps"),
    "row calls": ("runs", "id = ?", "calls = calls + 3", "calls"),
    "invocation status": ("journal_invocations",
                          "run_id = ? AND inv = (SELECT MIN(inv) FROM journal_invocations "
                          "WHERE run_id = ?)", "status = 'skipped'", "status"),
    "fragment moved": ("journal_fragments",
                       "id = (SELECT MIN(id) FROM journal_fragments WHERE run_id = ?)",
                       "start = start + 1", "start"),
}


async def _tamper(store: Store, db: Path, run_id: str, rnd: random.Random) -> str:
    """Rewrite one projection of ``run_id`` (when it has the row), check that verify says
    so, and put it back; what was tampered."""
    name = rnd.choice(sorted(TAMPERINGS))
    table, where, change, columns = TAMPERINGS[name]
    args = (run_id,) * where.count("?")
    con = sqlite3.connect(db, timeout=30)
    try:
        old = con.execute(f"SELECT rowid, {columns} FROM {table} WHERE {where}", args).fetchall()
        if not old or (name == "row complete" and old[0][1] == "complete"):
            return f"tamper {name}: nothing to tamper"
        con.execute(f"UPDATE {table} SET {change} WHERE {where}", args)
        con.commit()
        [verdict] = await verify_runs(store, [run_id], check_source=False)
        assert not verdict.holds, f"verify missed a tampered {name}"
        cols = columns.split(", ")
        for row in old:
            con.execute(f"UPDATE {table} SET {', '.join(c + ' = ?' for c in cols)} "
                        "WHERE rowid = ?", (*row[1:], row[0]))
        con.commit()
    finally:
        con.close()
    return f"tamper {name}: caught"


async def _forge_key(store: Store, db: Path) -> str:
    """Give a completed leaf the memo key of a leaf of other bytes; what happened."""
    con = sqlite3.connect(db, timeout=30)
    try:
        leaves = con.execute(
            "SELECT run_id, inv, memo_key FROM journal_invocations WHERE mode = 'leaf' AND "
            "status = 'complete' AND memo_key != '' ORDER BY run_id, inv").fetchall()
        keys = sorted({k for _, _, k in leaves})
        if len(keys) < 2:
            return "forge: too few leaves"
        run_id, inv, key = leaves[0]
        other = next(k for k in keys if k != key)
        con.execute("UPDATE journal_invocations SET memo_key = ? WHERE run_id = ? AND inv = ?",
                    (other, run_id, inv))
        con.commit()
        [verdict] = await verify_runs(store, [run_id], check_source=False)
        assert not verdict.holds, "verify missed a forged memo key"
    finally:
        con.close()
    return f"forge {run_id}/{inv}"


def _unforge(db: Path) -> None:
    """Put every memo key back as its run's events say."""
    con = sqlite3.connect(db, timeout=30)
    con.execute("UPDATE journal_invocations SET memo_key = (SELECT json_extract(e.body, "
                "'$.key') FROM events e WHERE e.run_id = journal_invocations.run_id AND "
                "e.inv = journal_invocations.inv AND e.type = 'invocation_finished' ORDER BY "
                "e.seq DESC LIMIT 1) WHERE status = 'complete'")
    con.commit()
    con.close()


def _open_node(result: RunResult, rnd: random.Random) -> str | None:
    """A random failed or incomplete node of a finished run (None when it has none)."""
    nodes = [n.inv for n in result.state.nodes.values() if n.status in ("failed", "incomplete")]
    return rnd.choice(sorted(nodes)) if nodes else None


async def chaos_sequence(seed: int, db: Path, steps: int = 6) -> list[str]:
    """One random sequence; returns what each step did."""
    rnd = random.Random(seed)
    window = rnd.choice((1024, 2000))
    strategy = rnd.choice(("tree", "recursive", "auto"))
    transcript = make_transcript(rnd.randint(30, 70), 50, seed=seed)
    done: list[str] = []
    with FaultServer(random_script(seed, rnd.choice((0.15, 0.3, 0.5)), FAULT_KINDS),
                     slow_seconds=0.5) as server:
        settings: Settings = fast_settings(server.url, context_tokens=window, max_actions=4,
                                           timeout_seconds=0.3, max_retries=1,
                                           max_unusable_answers=1000)
        async with await Store.open(db) as store:
            newest: RunResult | None = None
            for step in range(steps):
                move = rnd.choice(("run", "rerun", "rerun", "resume", "cut", "tamper",
                                   "forge"))
                if newest is None or move == "run":
                    move = "run"
                    newest = await summarize_stored(store, transcript, RunRequest(settings, strategy=strategy, source=f"s{seed}", force=step > 0))
                elif move == "rerun":
                    inv = _open_node(newest, rnd)
                    if inv is None:
                        move = "nothing to re-run"
                    else:
                        try:
                            newest = await rerun_scope(store, StoredScope(newest.run_id, inv), RunRequest(settings),
                                                       transcript=transcript)
                        except UserError as exc:  # refused before anything was stored
                            move = f"rerun refused: {exc}"
                elif move == "resume":
                    newest = await summarize_stored(store, transcript, RunRequest(
                        settings, strategy=strategy, source=f"s{seed}"))
                elif move == "tamper":
                    move = await _tamper(store, db, newest.run_id, rnd)
                elif move == "forge":  # then a run that may reuse from any earlier run
                    move = await _forge_key(store, db)
                    newest = await summarize_stored(store, transcript, RunRequest(
                        settings, strategy=strategy, source=f"s{seed}", force=True, reuse=True))
                    _unforge(db)
                else:  # a run cut off mid-way: cancelled with calls in flight
                    task = asyncio.create_task(summarize_stored(store, transcript, RunRequest(settings, strategy=strategy, source=f"s{seed}", force=True)))
                    await asyncio.sleep(rnd.uniform(0.05, 0.6))
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        newest = await task
                done.append(f"{move} -> {newest.status} {newest.coverage:.3f}")
                if newest.status == "complete":
                    assert newest.coverage == 1.0 and not newest.residual_gaps
                    assert not newest.unread
                await _all_hold(store, f"seed {seed} step {step} ({move})")
    return done


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.slow
async def test_random_runs_reruns_and_resumes_always_verify(seed: int, tmp_path: Path) -> None:
    steps = await chaos_sequence(seed, tmp_path / "chaos.db")
    assert steps


@pytest.mark.slow
@pytest.mark.timeout(1500)
async def test_many_sequences_and_sigkills_always_verify(tmp_path: Path) -> None:
    seeds = int(os.environ.get("GAPLESS_PROOF_SEEDS", "16"))
    moves = 0
    for seed in range(100, 100 + seeds):
        moves += len(await chaos_sequence(seed, tmp_path / f"c{seed}.db", steps=8))
    # SIGKILL at random moments of a real `gapless summarize` against the fault server,
    # then a re-run of the root of the newest finished run, then verify from the CLI
    rnd = random.Random(7)
    src = tmp_path / "day.md"
    src.write_bytes(make_transcript(600, 60, seed=5).data)
    killed = 0
    with FaultServer(random_script(11, 0.2, FAULT_KINDS), slow_seconds=0.5,
                     delay=0.01) as server:
        for trial in range(6):
            db = tmp_path / f"k{trial}.db"
            cmd = [sys.executable, "-m", "gapless.tui.cli", "summarize", str(src), "--json", "--db",
                   str(db), "--provider", "openai", "--base-url", server.url, "--model",
                   "fault-model", "--context-tokens", "1024"]
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            time.sleep(rnd.uniform(0.8, 3.0))
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                killed += 1
            proc.wait()
            again = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            out = json.loads(again.stdout)
            if out["status"] != "complete":
                subprocess.run([sys.executable, "-m", "gapless.tui.cli", "rerun", out["run_id"],
                                "--json", "--db", str(db), "--provider", "openai",
                                "--base-url", server.url, "--model", "fault-model"],
                               capture_output=True, text=True, timeout=600)
            verified = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "verify", "--all",
                                       "--json", "--no-source", "--db", str(db)],
                                      capture_output=True, text=True, timeout=300)
            assert verified.returncode == 0, verified.stdout
    print(f"proof chaos: {seeds} sequences, {moves} moves, {killed} SIGKILLs, verify held "
          "after every step")
    assert killed >= 3
