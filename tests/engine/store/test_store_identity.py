"""Who may read the database, and which files Gapless writes into: a real SQLite file each.

A new database is 0600 in a folder made 0700 and carries Gapless's application_id; a
database from an earlier Gapless (no id) still opens and is stamped; another program's
SQLite file and a damaged one are refused with one sentence and left byte for byte as they
were; ``verify`` checks the file before any claim.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import stat
from pathlib import Path

import pytest

from gapless.engine import UserError, verify_stored
from gapless.engine.store import Store
from gapless.engine.store.identity import APPLICATION_ID, DamagedDatabase
from tests.support.cli import isolate_cli


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def header_id(path: Path) -> int:
    with sqlite3.connect(path) as con:
        return int(con.execute("PRAGMA application_id").fetchone()[0])


async def test_a_new_database_is_private_and_stamped(tmp_path: Path) -> None:
    where = tmp_path / "data" / "gapless"
    async with await Store.open(where / "g.db", create_parent=True) as store:
        await store.delete_run("none")  # a write: the WAL file exists now
        wal = where / "g.db-wal"
        assert wal.exists() and mode(wal) == 0o600
    assert mode(where / "g.db") == 0o600
    assert mode(where) == 0o700  # the folder it made for the database
    assert header_id(where / "g.db") == APPLICATION_ID


async def test_a_database_of_an_earlier_gapless_opens_and_is_stamped(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    async with await Store.open(db) as store:
        await store.delete_run("none")
    with sqlite3.connect(db) as con:  # as an earlier Gapless left it: no application_id
        con.execute("PRAGMA application_id = 0")
    con.close()
    db.chmod(0o644)
    assert header_id(db) == 0
    async with await Store.open(db) as store:
        assert await store.runs() == []
    assert header_id(db) == APPLICATION_ID
    assert mode(db) == 0o600  # it holds the text of the user's files


async def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "contacts.sqlite"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
        con.execute("INSERT INTO contacts VALUES ('Ada', '555')")
    con.close()
    before = digest(db)
    with pytest.raises(UserError) as caught:
        await Store.open(db)
    text = str(caught.value)
    assert "another program" in text and "contacts" in text and "\n" not in text
    assert digest(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["contacts.sqlite"]  # no -wal
    # another program's stamp is refused too, even with tables named as Gapless's
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE runs (id TEXT)")
        con.execute("CREATE TABLE events (id TEXT)")
        con.execute("PRAGMA user_version = 1")
        con.execute("PRAGMA application_id = 1234")
    con.close()
    with pytest.raises(UserError, match="another program"):
        await Store.open(db)


def damage(db: Path) -> None:
    """Overwrite the header of one leaf page of the runs table (as a bad disk would)."""
    data = bytearray(db.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    for page in range(len(data) // size - 1, 1, -1):
        start = page * size
        if data[start] == 0x0D and b"run-" in data[start:start + size]:
            data[start:start + 8] = b"\x07" * 8
            db.write_bytes(bytes(data))
            return
    raise AssertionError("no leaf page of runs to damage")


async def damaged_database(tmp_path: Path) -> Path:
    db = tmp_path / "g.db"
    async with await Store.open(db):
        pass
    with sqlite3.connect(db) as con:
        con.executemany("INSERT INTO runs (id, created_at, source) VALUES (?, ?, ?)",
                        [(f"run-{i}", float(i), "s" * 400) for i in range(300)])
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    damage(db)
    return db


async def test_a_damaged_database_is_refused_with_the_way_out(tmp_path: Path) -> None:
    db = await damaged_database(tmp_path)
    before = digest(db)
    with pytest.raises(DamagedDatabase) as caught:
        await Store.open(db)
    text = str(caught.value)
    assert "damaged" in text and "gapless verify" in text and "--recover" in text, text
    assert "\n" not in text
    assert digest(db) == before
    # verify opens it anyway, and checks the file before any claim
    with pytest.raises(DamagedDatabase, match="damaged"):
        await verify_stored(db, None)
    assert digest(db) == before


def test_verify_all_says_a_damaged_file_is_damaged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from gapless.tui.cli.main import main

    db = asyncio.run(damaged_database(tmp_path))
    isolate_cli(tmp_path, monkeypatch)
    code = main(["verify", "--all", "--db", str(db)])
    captured = capsys.readouterr()
    assert code != 0 and "every claim holds" not in captured.out
    assert captured.err.count("\n") == 1 and "damaged" in captured.err, captured.err


async def test_a_process_checks_a_file_once_while_it_is_unchanged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gapless.engine.store import identity

    checks: list[Path] = []
    real = identity.check_pages

    async def counted(db: object, path: Path, *, whole: bool = False) -> None:
        checks.append(path)
        await real(db, path, whole=whole)  # type: ignore[arg-type]

    db = tmp_path / "g.db"
    async with await Store.open(db):  # made and migrated
        pass
    monkeypatch.setattr(identity, "check_pages", counted)
    for _ in range(3):  # a server opening the store for each request
        async with await Store.open(db):
            pass
    assert len(checks) == 1
    with sqlite3.connect(db) as con:  # the file changed (here: another writer's checkpoint)
        con.execute("INSERT INTO runs (id, created_at) VALUES ('r', 1)")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    async with await Store.open(db):
        pass
    assert len(checks) == 2
