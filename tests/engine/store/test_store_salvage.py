"""The way out of a damaged database works as the refusal says: ``gapless verify --recover``
copies every row that can still be read into a new database, a real run in it verifies,
and the damaged file is left byte for byte as it was.

The sqlite3 shell's ``.recover`` and ``.dump`` (what the refusal named before) fail on
these files or give a database Gapless refuses as another program's.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sqlite3
from pathlib import Path

import pytest

from gapless.engine import UserError, recover_stored
from gapless.engine.config import Settings
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.store import Store
from gapless.engine.store.identity import DamagedDatabase
from tests.engine.store.test_store_identity import damage, digest
from tests.support.cli import isolate_cli
from tests.support.helpers import make_transcript

FILLER = 300


async def damaged_with_a_real_run(tmp_path: Path) -> tuple[Path, str]:
    """A database holding one real run, then filler runs, one of whose pages is damaged."""
    db = tmp_path / "g.db"
    async with await Store.open(db) as store:
        result = await summarize_stored(store, make_transcript(30, 40),
                                        RunRequest(Settings(context_tokens=1024), source="t"))
    assert result.status == "complete"
    with sqlite3.connect(db) as con:
        con.executemany("INSERT INTO runs (id, created_at, source) VALUES (?, ?, ?)",
                        [(f"run-{i}", 1e9 + i, "s" * 400) for i in range(FILLER)])
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    damage(db)
    return db, result.run_id


def test_the_refusals_way_out_keeps_the_readable_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from gapless.tui.cli.main import main

    db, real = asyncio.run(damaged_with_a_real_run(tmp_path))
    before = digest(db)
    with pytest.raises(DamagedDatabase) as refused:
        asyncio.run(Store.open(db))
    # the command the refusal names, run as written (in the folder it names none for)
    named = re.search(r"run `gapless (verify [^`]*--recover [^`]*)`", str(refused.value))
    assert named, refused.value
    isolate_cli(tmp_path, monkeypatch)
    monkeypatch.chdir(tmp_path)
    code = main(shlex.split(named.group(1)))
    out = capsys.readouterr().out
    assert code == 0, out
    kept = int(re.search(r"recovered (\d+) run", out).group(1))  # type: ignore[union-attr]
    assert FILLER - 20 < kept < FILLER + 1 and "unreadable" in out, out
    assert f"verified run {real}: complete" in out and "every claim holds" in out, out
    assert digest(db) == before  # the damaged file was only read
    rows = asyncio.run(_runs(tmp_path / "recovered.db"))
    assert real in rows and len(rows) == kept


async def _runs(path: Path) -> list[str]:
    async with await Store.open(path) as store:
        return [r.id for r in await store.runs(limit=10_000)]


async def test_an_undamaged_database_is_copied_whole(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    async with await Store.open(db) as store:
        for seed in range(3):
            await summarize_stored(store, make_transcript(20, 30, seed=seed),
                                   RunRequest(Settings(context_tokens=1024), source=f"s{seed}"))
    kept = await recover_stored(db, tmp_path / "copy.db")
    assert kept.runs == 3 and not kept.unreadable and not kept.orphans
    with sqlite3.connect(db) as a, sqlite3.connect(tmp_path / "copy.db") as b:
        for table in ("runs", "events", "journal_invocations", "call_bodies"):
            rows = f"SELECT * FROM {table} ORDER BY 1, 2"
            assert a.execute(rows).fetchall() == b.execute(rows).fetchall(), table


async def test_recover_writes_only_a_new_file(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    async with await Store.open(db):
        pass
    taken = tmp_path / "taken.db"
    taken.write_bytes(b"mine")
    with pytest.raises(UserError, match="already exists"):
        await recover_stored(db, taken)
    assert taken.read_bytes() == b"mine"
    with pytest.raises(UserError, match="no database"):
        await recover_stored(tmp_path / "none.db", tmp_path / "new.db")
    assert not (tmp_path / "new.db").exists()
