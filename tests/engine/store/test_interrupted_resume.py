"""A run whose process died is closed as ``interrupted`` by the run that resumes it, and the
resume reuses the work the dead run committed (in process; the SIGKILL trials are slow)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import subprocess
from pathlib import Path

from gapless.engine.audit.verify import verify_runs
from gapless.engine.config import Settings
from gapless.engine.providers.base import ModelReply, ModelRequest
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.store import Store
from tests.support.helpers import make_transcript


class Counting(ExtractiveProvider):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        await asyncio.sleep(0.002)
        return await super().complete(request)


def dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


async def test_a_dead_run_is_closed_interrupted_and_its_work_reused(tmp_path: Path) -> None:
    """Fails on the code before this commit: the dead run was closed 'incomplete'."""
    t = make_transcript(200, 60, seed=4)
    settings = Settings(context_tokens=1024, concurrency=1)
    db = tmp_path / "g.db"
    async with await Store.open(db) as store:
        full = Counting()
        await summarize_stored(store, t, RunRequest(settings, source="ref", force=True),
                               provider=full)
        first = Counting()
        task = asyncio.create_task(summarize_stored(store, t, RunRequest(settings, source="x"),
                                                    provider=first))
        while first.calls < full.calls // 2:
            await asyncio.sleep(0.001)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    # as a kill leaves it: no finish, the row still running, its process gone
    con = sqlite3.connect(db)
    [(dead, status)] = con.execute("SELECT id, status FROM runs WHERE source = 'x'").fetchall()
    con.execute("UPDATE runs SET status = 'running', pid = ? WHERE id = ?", (dead_pid(), dead))
    con.execute("DELETE FROM events WHERE run_id = ? AND type = 'run_finished'", (dead,))
    con.commit()
    con.close()
    async with await Store.open(db) as store:
        again = Counting()
        resumed = await summarize_stored(store, t, RunRequest(settings, source="x"), provider=again)
        old = await store.run(dead)
        verdicts = await verify_runs(store, check_source=False)
    assert resumed.status == "complete"
    assert old is not None and old.status == "interrupted" and not old.interrupted
    # together they pay the uninterrupted run's calls, plus the resume's calibration and
    # the call in flight when the first stopped
    assert first.calls + again.calls <= full.calls + 5, (first.calls, again.calls, full.calls)
    assert all(v.holds for v in verdicts), [v.contradictions for v in verdicts]


async def test_a_stopped_recursive_run_with_a_question_is_not_paid_twice(tmp_path: Path) -> None:
    """The plan's turns are replayed from the stopped run's record (fails on the code before
    this commit: every planning turn of an unfinished plan was asked again, about 1.3x)."""
    t = make_transcript(150, 60, seed=6)
    settings = Settings(context_tokens=1024, concurrency=2)
    args = {"strategy": "recursive", "question": "which files were changed?"}
    async with await Store.open(tmp_path / "g.db") as store:
        full = Counting()
        ref = await summarize_stored(store, t, RunRequest(settings, source="ref", force=True,
                                                           **args), provider=full)
        assert ref.status == "complete"
        paid = 0
        for stop_at in (full.calls // 3, full.calls * 2 // 3):
            attempt = Counting()
            task = asyncio.create_task(summarize_stored(store, t, RunRequest(settings, source="x", **args),
                                                        provider=attempt))
            while attempt.calls < stop_at - paid and not task.done():
                await asyncio.sleep(0.001)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            paid += attempt.calls
        last = Counting()
        done = await summarize_stored(store, t, RunRequest(settings, source="x", **args),
                                      provider=last)
        verdicts = await verify_runs(store, check_source=False)
    assert done.status == "complete" and done.entry is not None
    assert paid + last.calls <= full.calls * 1.1, (paid, last.calls, full.calls)
    assert all(v.holds for v in verdicts), [v.contradictions for v in verdicts]
