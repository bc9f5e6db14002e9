"""Every readable row of a damaged database, copied into a new one.

A database whose pages do not check out is refused (``identity.check_pages``); what it still
holds is the user's record of paid work. The sqlite3 shell's ``.dump`` rolls back at the first
bad page and ``.recover`` fails on some files, and neither writes a file Gapless accepts (no
application id), so Gapless copies the rows itself: table by table, in key order,
stepping over every page that cannot be read, into a new database made by
:meth:`Store.open`. Rows whose run was lost go with it (a run is kept whole or not at all is
not promised: ``gapless verify`` of the copy says which claims still hold).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite

from gapless.engine.core.errors import UserError

__all__ = ["Salvage", "salvage_into"]

# tables whose key is (run_id, seq) (WITHOUT ROWID): copied run by run, by ranges of seq
_BY_RUN = ("events", "call_bodies")
_TOP = 2**62  # above any rowid or seq Gapless writes (and -_TOP below any)
_PAGE = 512  # keys read, then copied, at a time


@dataclass
class Salvage:
    """What the copy kept: rows per table, and the key ranges it could not read."""

    rows: dict[str, int] = field(default_factory=dict)
    unreadable: dict[str, int] = field(default_factory=dict)  # ranges skipped, per table
    orphans: int = 0  # rows whose run was lost, left out

    @property
    def runs(self) -> int:
        return self.rows.get("runs", 0)


async def _tables(db: aiosqlite.Connection) -> list[str]:
    async with db.execute("SELECT name FROM main.sqlite_master WHERE type = 'table' "
                          "AND name NOT LIKE 'sqlite_%' ORDER BY rowid") as cur:
        return [str(r[0]) for r in await cur.fetchall()]


def _name(name: str) -> str:
    """A table or column name of Gapless's own schema, quoted for SQL. Every name spliced
    into this module's SQL is read from the new database's schema (never from the damaged
    file, which only answers which of them it has) or is a constant here."""
    if not name.replace("_", "").isalnum():
        raise UserError(f"the database schema holds an unexpected name: {name!r}")
    return f'"{name}"'


async def _columns(db: aiosqlite.Connection, schema: str, table: str) -> list[str]:
    sql = f"PRAGMA {schema}.table_info({_name(table)})"
    async with db.execute(sql) as cur:
        return [str(r[1]) for r in await cur.fetchall()]


class _Walk:
    """One table's rows walked in key order (``rowid``, or ``seq`` within one run), copied
    ``_PAGE`` keys at a time; before a page that cannot be read the walk reads fewer keys
    at a time up to it, then steps over it by probing ever further keys and halving back
    to the first readable one."""

    def __init__(self, db: aiosqlite.Connection, table: str, cols: str, key: str,
                 run_id: str | None) -> None:
        self.db, self.key = db, key
        where = f"WHERE {'run_id = ? AND ' if run_id is not None else ''}{key} "
        self.args: tuple[object, ...] = (run_id,) if run_id is not None else ()
        name = _name(table)
        self.keys_sql = f"SELECT {key} FROM old.{name} {where}> ? ORDER BY {key} LIMIT ?"
        self.copy_sql = (f"INSERT OR IGNORE INTO main.{name} ({cols}) SELECT {cols} "
                         f"FROM old.{name} {where}BETWEEN ? AND ?")
        self.copied = self.skipped = 0

    async def _keys(self, after: int, limit: int) -> list[int] | None:
        try:
            sql = self.keys_sql
            async with self.db.execute(sql, (*self.args, after, limit)) as cur:
                return [int(r[0]) for r in await cur.fetchall()]
        except sqlite3.DatabaseError:
            return None

    async def _copy(self, lo: int, hi: int) -> None:
        try:
            sql = self.copy_sql
            cur = await self.db.execute(sql, (*self.args, lo, hi))
            self.copied += max(cur.rowcount, 0)
        except sqlite3.DatabaseError:  # a row's overflow pages: each key alone
            if lo == hi:
                self.skipped += 1
                return
            for k in await self._keys(lo - 1, hi - lo + 1) or []:
                await self._copy(k, k)

    async def _past(self, last: int) -> int | None:
        """The first key after ``last`` from which keys read again (None: none do)."""
        jump = 1
        while await self._keys(last + jump, 1) is None:
            jump *= 2
            if last + jump >= _TOP:
                return None
        low, high = jump // 2, jump  # low's probe failed (or is 0), high's read
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (low, mid) if await self._keys(last + mid, 1) is not None else (mid,
                                                                                         high)
        return last + high

    async def run(self) -> None:
        last, limit = -_TOP, _PAGE
        while True:
            keys = await self._keys(last, limit)
            if keys is None and limit > 1:  # the bad page is among them: read up to it
                limit //= 2
                continue
            if keys is None:
                self.skipped += 1
                after = await self._past(last)
                if after is None:
                    return
                last, limit = after, _PAGE
                continue
            if not keys:
                return
            await self._copy(keys[0], keys[-1])
            last, limit = keys[-1], _PAGE


async def salvage_into(damaged: Path, out: aiosqlite.Connection, salvage: Salvage) -> None:
    """Copy ``damaged``'s readable rows into ``out`` (a new, empty Gapless database)."""
    try:
        await out.execute("ATTACH DATABASE ? AS old", (str(damaged),))  # only read
        old = set(await _tables_of(out, "old"))
    except sqlite3.DatabaseError as exc:
        raise UserError(f"nothing can be read from {damaged}: its schema is damaged ({exc})"
                        ) from exc
    await out.execute("PRAGMA foreign_keys = OFF")
    try:
        for table in await _tables(out):
            if table not in old:
                continue
            have = set(await _columns(out, "old", table))
            cols = ", ".join(_name(c) for c in await _columns(out, "main", table) if c in have)
            walks = [_Walk(out, table, cols, "rowid", None)]
            if table in _BY_RUN:
                async with out.execute("SELECT id FROM main.runs") as cur:
                    walks = [_Walk(out, table, cols, "seq", str(r[0]))
                             for r in await cur.fetchall()]
            for walk in walks:
                await walk.run()
            done = sum(w.copied for w in walks)
            skipped = sum(w.skipped for w in walks)
            salvage.rows[table] = done
            if skipped:
                salvage.unreadable[table] = skipped
        salvage.orphans = await _drop_orphans(out)
    finally:
        await out.execute("DETACH DATABASE old")
        await out.execute("PRAGMA foreign_keys = ON")


async def _tables_of(db: aiosqlite.Connection, schema: str) -> list[str]:
    sql = f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table'"
    async with db.execute(sql) as cur:
        return [str(r[0]) for r in await cur.fetchall()]


async def _drop_orphans(db: aiosqlite.Connection) -> int:
    """Rows of a run whose own row was lost: nothing lists or verifies them."""
    gone = 0
    for table in await _tables(db):
        if table != "runs" and "run_id" in await _columns(db, "main", table):
            sql = f"DELETE FROM main.{_name(table)} WHERE run_id NOT IN (SELECT id FROM main.runs)"
            cur = await db.execute(sql)
            gone += max(cur.rowcount, 0)
    return gone
