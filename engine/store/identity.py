"""Whose database a file is, and whether it is whole — checked before anything is written.

The store keeps request bodies (what the user's files said), so a new database file is made
0600 in a folder made 0700. A Gapless database carries :data:`APPLICATION_ID` in its header;
one made by an earlier Gapless (no id yet) is recognised by its tables and stamped. Another
program's SQLite file is refused untouched (nothing is created, not even the WAL mode), and a
damaged one is refused with the way to see and keep what is readable: ``PRAGMA quick_check``
reads every page, but not every index entry, so it costs a read of the file.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import aiosqlite

from gapless.engine.core.errors import StoreError, UserError

# "GPLS" in the database header's application_id field (SQLite's file format, offset 68)
APPLICATION_ID = 0x47504C53  # 1196444755
# the tables every Gapless schema version has had, since the first
GAPLESS_TABLES = frozenset({"runs", "events"})
FILE_MODE = 0o600
FOLDER_MODE = 0o700


class DamagedDatabase(StoreError):
    """The file's pages do not check out: nothing is written to it."""


def recovery_advice(path: Path) -> str:
    """How to see what holds and to keep the readable runs (copied into a new database)."""
    where = shlex.quote(str(path))
    return (f"`gapless verify --all --db {where}` says what holds; to keep the readable "
            f"runs, run `gapless verify --db {where} --recover recovered.db` and use "
            "--db recovered.db")


def create_file(path: Path, *, make_parent: bool) -> None:
    """A missing database file made empty with mode 0600 (SQLite gives its -wal and -shm
    files the same mode), in a folder made 0700 when it is made here."""
    if not path.parent.exists():
        if not make_parent:
            raise UserError(f"the folder of the database {path} does not exist")
        path.parent.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return
    except OSError as exc:
        raise UserError(f"cannot create the database {path}: {exc.strerror or exc}") from exc
    os.close(fd)


async def _one(db: aiosqlite.Connection, sql: str) -> int:
    async with db.execute(sql) as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def check_identity(db: aiosqlite.Connection, path: Path) -> bool:
    """Whether ``db`` still needs the Gapless stamp (a new file, or one from an earlier
    Gapless); a UserError, with nothing written, for another program's database."""
    app_id = await _one(db, "PRAGMA application_id")
    if app_id == APPLICATION_ID:
        return False
    async with db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                          "AND name NOT LIKE 'sqlite_%' ORDER BY name") as cur:
        tables = [str(r[0]) for r in await cur.fetchall()]
    version = await _one(db, "PRAGMA user_version")
    if app_id == 0 and not tables and version == 0:
        return True  # empty: a new database
    if app_id == 0 and version > 0 and set(tables) >= GAPLESS_TABLES:
        return True  # made by a Gapless before the stamp
    shown = ", ".join(tables[:5]) + (", …" if len(tables) > 5 else "")
    raise UserError(f"{path} is another program's SQLite database (its tables: "
                    f"{shown or 'none'}), not a Gapless one; it was left untouched — "
                    "give Gapless a file of its own with --db")


# the files this process has found whole, as they were (device, inode, size, mtime): a server
# that opens the store for every request (gapless mcp, the workbench) pays for the check once
# while the file is unchanged (in WAL mode writes go to the -wal file until a checkpoint)
_FOUND_WHOLE: set[tuple[int, int, int, int]] = set()


def _identity(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


async def check_pages_once(db: aiosqlite.Connection, path: Path) -> None:
    """:func:`check_pages`, once for each state of the file in the life of this process."""
    key = _identity(path)
    if key is not None and key in _FOUND_WHOLE:
        return
    await check_pages(db, path)
    if key is not None:
        _FOUND_WHOLE.add(key)


async def check_pages(db: aiosqlite.Connection, path: Path, *, whole: bool = False) -> None:
    """``PRAGMA quick_check`` (``integrity_check`` when ``whole``: indexes against their
    tables too); a DamagedDatabase naming the first problem otherwise."""
    check = "PRAGMA integrity_check(3)" if whole else "PRAGMA quick_check(3)"
    async with db.execute(check) as cur:
        problems = [str(r[0]) for r in await cur.fetchall()]
    if problems != ["ok"]:
        first = " ".join((problems[0] if problems else "no answer").split())[:160]
        raise DamagedDatabase(f"the database {path} is damaged ({first}), so Gapless will "
                              f"not write to it: {recovery_advice(path)}")


def make_private(path: Path) -> None:
    """An earlier Gapless's database (made 0644) and its WAL files made 0600 when it is
    stamped, if they are the user's own: they hold the text of the user's files."""
    for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            st = part.stat()
            if st.st_uid == os.getuid() and st.st_mode & 0o077:
                part.chmod(FILE_MODE)
        except (OSError, AttributeError):  # gone, not ours to change, or no getuid
            continue


async def stamp(db: aiosqlite.Connection) -> None:
    await db.execute("PRAGMA application_id = 1196444755")  # APPLICATION_ID (PRAGMA takes no ?)
