"""The store on a real SQLite file: projections, reading while writing, resume, migrations."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.errors import StoreError, UserError
from gapless.engine.providers.base import ModelReply, ModelRequest
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.store import Store
from gapless.engine.store.identity import APPLICATION_ID
from gapless.engine.store.migrations import LATEST, V1
from tests.support import sql
from tests.support.crash import kill_and_resume, reference
from tests.support.helpers import make_transcript


class CountingExtractive(ExtractiveProvider):
    """The offline provider, counting calls (and optionally slowed down)."""

    def __init__(self, delay: float = 0.0) -> None:
        super().__init__()
        self.calls = 0
        self.delay = delay

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        if self.delay:
            await asyncio.sleep(self.delay)
        return await super().complete(request)


async def test_a_run_is_persisted_and_folds_back_to_the_same_state(tmp_path: Path) -> None:
    t = make_transcript(300, 60)
    async with await Store.open(tmp_path / "g.db") as store:
        result = await summarize_stored(store, t, RunRequest(Settings(context_tokens=2000), source="x"))
        assert result.status == "complete"
        row = await store.run(result.run_id)
        assert row is not None and row.status == "complete" and row.coverage == 1.0
        assert row.calls == result.calls and row.entry == result.entry
        state = await store.state(result.run_id)
        assert state.entry == result.entry and state.calls == result.calls
        assert len(state.nodes) == len(result.state.nodes)
        db = store.path
        count, total = sql.one(db, "SELECT COUNT(*), SUM(\"end\" - start) FROM journal_fragments "
                               "WHERE run_id = ?", (result.run_id,))  # type: ignore[misc]
        assert total == len(t)  # every byte read exactly once in a tree run
        assert dict(sql.rows(db, "SELECT status, COUNT(*) FROM journal_invocations WHERE run_id = ? "
                             "GROUP BY status", (result.run_id,))) == {"complete": len(state.nodes)}
        checksum, preview, category = sql.one(db, "SELECT checksum, preview, category FROM "
                                              "journal_fragments ORDER BY start LIMIT 1")  # type: ignore[misc]
        assert len(checksum) == 24 and preview.startswith("### user") and category == "user"
        assert await store.integrity() == "ok"


async def test_a_reader_sees_the_run_while_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    t = make_transcript(200, 60)
    seen: list[int] = []
    async with await Store.open(path) as store:
        async def watch() -> None:
            reader = await Store.open(path)
            try:
                for _ in range(200):
                    runs = await reader.runs()
                    if runs:
                        seen.append(len(await reader.events(runs[0].id)))
                        if runs[0].status != "running":
                            return
                    await asyncio.sleep(0.01)
            finally:
                await reader.close()

        watcher = asyncio.create_task(watch())
        result = await summarize_stored(store, t, RunRequest(Settings(context_tokens=1024), source="x"), provider=CountingExtractive(delay=0.01))
        await watcher
    assert result.status == "complete"
    assert len(seen) >= 2 and seen[0] < seen[-1]  # it grew while we watched


async def test_cancelled_run_resumes_without_resending_completed_work(tmp_path: Path) -> None:
    t = make_transcript(300, 60)
    settings = Settings(context_tokens=1024, concurrency=2)
    async with await Store.open(tmp_path / "g.db") as store:
        full_provider = CountingExtractive()
        full = await summarize_stored(store, t, RunRequest(settings, source="a", force=True), provider=full_provider)
        provider = CountingExtractive(delay=0.001)
        task = asyncio.create_task(summarize_stored(store, t, RunRequest(settings, source="b"), provider=provider))
        while provider.calls < full_provider.calls // 2:
            await asyncio.sleep(0.005)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        first_calls = provider.calls
        again = CountingExtractive()
        resumed = await summarize_stored(store, t, RunRequest(settings, source="b"), provider=again)
        assert resumed.status == "complete"
        assert resumed.entry == full.entry
        assert again.calls < full_provider.calls - first_calls // 2
        row = await store.run(resumed.run_id)
        assert row is not None and row.parent_run_id is not None
        old = await store.run(row.parent_run_id)
        assert old is not None and old.status == "incomplete"


def _v1_database(path: Path) -> None:
    con = sqlite3.connect(path)
    con.executescript(V1 + "PRAGMA user_version = 1;")
    con.execute("INSERT INTO runs (id, created_at, status, coverage) VALUES "
                "('old1', 1.0, 'complete', 1.0)")
    con.execute("INSERT INTO journal_entries (date, project, run_id, headline, created_at) "
                "VALUES ('2026-01-05', 'p', 'old1', 'an old day', 1.0)")
    con.commit()
    con.close()


async def test_a_first_version_database_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _v1_database(path)
    async with await Store.open(path) as store:
        assert sql.one(path, "PRAGMA user_version")[0] == LATEST  # type: ignore[index]
        row = await store.run("old1")
        assert row is not None and row.kind == "summarize" and row.status == "complete"
        assert sql.rows(path, "SELECT headline FROM journal_entries") == [("an old day",)]
        result = await summarize_stored(store, make_transcript(5, 20), RunRequest(Settings(), source="n"))
        assert result.status == "complete"
        assert await store.integrity() == "ok"


async def test_bad_databases_are_clear_errors(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a Gapless database"):
        await Store.open(junk)
    newer = tmp_path / "newer.db"
    con = sqlite3.connect(newer)
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer Gapless's, stamped
    con.execute("PRAGMA user_version = 99")
    con.close()
    with pytest.raises(UserError, match="newer Gapless"):
        await Store.open(newer)
    with pytest.raises(UserError, match="does not exist"):
        await Store.open(tmp_path / "missing" / "x.db")
    with pytest.raises(UserError, match="directory"):
        await Store.open(tmp_path)


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
def test_sigkill_at_several_points_then_resume(tmp_path: Path) -> None:
    """kill -9 a real `gapless summarize`, rerun the same command: same entry, fewer calls."""
    src = tmp_path / "big.md"
    src.write_bytes(make_transcript(2500, 60).data)
    ref = reference(src, tmp_path / "ref.db", "--context-tokens", "1024")
    trials = [kill_and_resume(src, tmp_path / f"k{i}.db", delay, ref, "--context-tokens", "1024")
              for i, delay in enumerate((0.4, 1.0))]
    # Two more kills wait on the database, not the clock: after the first stored call, and
    # halfway through, so a slow machine still kills a run that has work to resume.
    trials += [kill_and_resume(src, tmp_path / f"w{n}.db", None, ref, "--context-tokens", "1024",
                               after_completed=n)
               for n in (1, max(2, ref["calls"] // 2))]
    assert sum(t.killed for t in trials) >= 2
    for t in trials:
        assert t.entry_equal and t.integrity == "ok" and t.duplicate_fragments == 0
        assert t.statuses[-1] == "complete" and "running" not in t.statuses
        if t.completed_before:
            assert t.calls_after < ref["calls"]
    assert any(t.completed_before for t in trials)


async def test_a_failed_write_rolls_back_and_projections_need_a_transaction(tmp_path: Path
                                                                           ) -> None:
    from gapless.engine.core.events import RunStarted

    started = RunStarted(run_id="tx1", source="s", input_bytes=10, strategy="oneshot",
                         provider="p", model="m", context_tokens=100)
    started.seq = 1
    async with await Store.open(tmp_path / "tx.db") as store:
        with pytest.raises(RuntimeError, match=r"inside store\.transaction"):
            await store.project("tx1", [started])
        with pytest.raises(ZeroDivisionError):
            async with store.transaction():
                await store.project("tx1", [started])
                _ = 1 / 0
        assert await store.run("tx1") is None and await store.last_seq("tx1") == 0
        await store.append_events("tx1", [started])
        row = await store.run("tx1")
        assert row is not None and row.status == "running" and await store.last_seq("tx1") == 1
