"""The SQLite store (aiosqlite, WAL, foreign keys on): open it, and read what runs wrote.

The events table is the source of truth; the other run tables are projections of it that
the writer keeps in the same transactions, so they can never disagree after a crash.
``Store`` is the one object front ends and the journal hold: the run queries live here, the
journal's in ``engine.store.journal``, and the connection stays private to the package.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import socket
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from gapless.engine.core.errors import StoreError, UserError
from gapless.engine.core.events import Event, RunFinished, events_from_json
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.memo_entry import MemoEntry
from gapless.engine.core.state import RunState, fold
from gapless.engine.core.transcript import Transcript
from gapless.engine.store.bodies import CallTables
from gapless.engine.store.donors import (
    donor_for,
    entries_of_runs,
    reported_usage,
    turns_of_runs,
)
from gapless.engine.store.drift import projection_drift, repair_row, row_drift
from gapless.engine.store.identity import (
    DamagedDatabase,
    check_identity,
    check_pages,
    check_pages_once,
    create_file,
    make_private,
    recovery_advice,
    stamp,
)
from gapless.engine.store.journal import JournalTables
from gapless.engine.store.migrations import migrate
from gapless.engine.store.projection import RunMeta, project_batch
from gapless.engine.store.rows import (
    FRAGMENT_COLUMNS,
    RUN_COLUMNS,
    FragmentRow,
    RunRow,
    fragment_row,
    run_row,
)
from gapless.engine.store.salvage import Salvage, salvage_into

__all__ = ["HEARTBEAT_SECONDS", "INTERRUPTED", "RunRow", "Store", "default_db_path"]

HEARTBEAT_SECONDS = 5.0  # how often the writer of a running run refreshes its heartbeat
STALE_SECONDS = 60.0  # a 'running' run whose heartbeat is older than this has lost its owner
INTERRUPTED = "interrupted — run the same command to resume"


def default_db_path() -> Path:
    """``GAPLESS_DB``, else ``gapless.db`` in the user's data directory."""
    env = os.environ.get("GAPLESS_DB")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("gapless", appauthor=False)) / "gapless.db"


class Store(JournalTables, CallTables):
    """One open database. Safe to share between the tasks of one event loop."""

    @classmethod
    async def open(cls, path: str | Path | None = None, *, create_parent: bool | None = None,
                   damaged_ok: bool = False) -> Store:
        """Open (creating and migrating as needed). Problems are one-sentence UserErrors:
        another program's database or a damaged one is refused before anything is written
        (``damaged_ok`` opens a damaged one anyway, for ``verify`` to report on)."""
        p = Path(path).expanduser() if path is not None else default_db_path()
        make_parent = create_parent if create_parent is not None else path is None
        if p.is_dir():
            raise UserError(f"{p} is a directory, not a database file")
        if not p.exists():
            create_file(p, make_parent=make_parent)
        try:
            db = await aiosqlite.connect(str(p), isolation_level=None, timeout=5.0)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {p}: {exc}") from exc
        try:
            await db.execute("PRAGMA busy_timeout = 5000")
            unstamped = await check_identity(db, p)
            if not damaged_ok:
                await check_pages_once(db, p)
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA synchronous = NORMAL")
            await migrate(db, path=str(p))
            if unstamped:
                await stamp(db)
                make_private(p)
        except sqlite3.DatabaseError as exc:
            await db.close()
            damaged = "malformed" in str(exc)
            raise (DamagedDatabase if damaged else StoreError)(_db_error(p, exc)) from exc
        except BaseException:
            await db.close()
            raise
        return cls(db, p)

    async def close(self) -> None:
        await self._db.close()

    @contextlib.contextmanager
    def guarded(self) -> Iterator[None]:
        """SQLite's errors inside the block as a StoreError that says, in one sentence, what
        is wrong with this database (a use case's or a reader's whole work runs in it, so
        no ``sqlite3`` error reaches a front end)."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            raise StoreError(_db_error(self.path, exc)) from exc

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # runs ---------------------------------------------------------------------------------
    async def runs(self, limit: int = 50, *, kind: str | None = None) -> list[RunRow]:
        sql = f"SELECT {RUN_COLUMNS}, pid, host, heartbeat FROM runs"
        args: list[Any] = []
        if kind:
            sql += " WHERE kind = ?"
            args.append(kind)
        sql += " ORDER BY created_at DESC LIMIT ?"
        args.append(limit)
        async with self._db.execute(sql, args) as cur:
            rows = [_owned_row(r) for r in await cur.fetchall()]
        return [await self._as_events_say(r) for r in rows]

    async def _as_events_say(self, row: RunRow) -> RunRow:
        """The row with what its events say where the two differ (a listing never shows a
        status, coverage or gaps the events contradict)."""
        drift, derived = await row_drift(self._db, row.id)
        if not drift or derived is None:
            return row
        return dataclasses.replace(
            row, status=derived.status, coverage=derived.coverage,
            gaps=[(g[0], g[1]) for g in derived.gaps], input_bytes=derived.input_bytes,
            calls=derived.calls, interrupted=row.interrupted and derived.status == "running")

    async def projection_drift(self, run_id: str) -> list[str]:
        """How the run's row, invocations and fragments differ from its events."""
        return await projection_drift(self._db, run_id)

    async def repair_rows(self, fingerprint: str) -> list[str]:
        """Rewrite, from their events, the rows of the runs of this work that disagree with
        them (before a command decides from those rows); the ids repaired."""
        async with self._db.execute("SELECT id FROM runs WHERE fingerprint = ? AND "
                                    "fingerprint != ''", (fingerprint,)) as cur:
            ids = [str(r[0]) for r in await cur.fetchall()]
        repaired = []
        for run_id in ids:
            drift, derived = await row_drift(self._db, run_id)
            if drift and derived is not None:
                async with self.transaction():
                    await repair_row(self._db, run_id, derived)
                repaired.append(run_id)
        return repaired

    async def run(self, run_id: str) -> RunRow | None:
        async with self._db.execute(f"SELECT {RUN_COLUMNS}, pid, host, heartbeat FROM runs "
                                    "WHERE id = ?", (run_id,)) as cur:
            row = await cur.fetchone()
        return await self._as_events_say(_owned_row(row)) if row else None

    async def find_run(self, prefix: str) -> RunRow:
        """A run by id or unique id prefix; a clear error otherwise."""
        exact = await self.run(prefix)
        if exact:
            return exact
        async with self._db.execute(f"SELECT {RUN_COLUMNS}, pid, host, heartbeat FROM runs "
                                    "WHERE id LIKE ? LIMIT 2",
                                    (prefix.replace("%", "") + "%",)) as cur:
            rows = list(await cur.fetchall())
        if len(rows) == 1:
            return _owned_row(rows[0])
        if not rows:
            raise UserError(f"no run {prefix!r} in {self.path}")
        raise UserError(f"run id {prefix!r} is ambiguous; give more characters")

    async def events(self, run_id: str, after: int = 0, limit: int | None = None
                     ) -> list[Event]:
        sql = "SELECT body FROM events WHERE run_id = ? AND seq > ? ORDER BY seq"
        args: list[Any] = [run_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        async with self._db.execute(sql, args) as cur:
            return events_from_json([r[0] for r in await cur.fetchall()])

    async def state(self, run_id: str, upto: int | None = None) -> RunState:
        """The run folded from its stored events (up to seq ``upto`` when given)."""
        events = await self.events(run_id)
        if upto is not None:
            events = [e for e in events if e.seq <= upto]
        return fold(events)

    async def last_seq(self, run_id: str) -> int:
        async with self._db.execute("SELECT MAX(seq) FROM events WHERE run_id = ?",
                                    (run_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0] or 0) if row else 0

    # resume -------------------------------------------------------------------------------
    async def unfinished(self, fingerprint: str) -> list[RunRow]:
        """Earlier runs of the same work that did not complete, newest first."""
        async with self._db.execute(
            f"SELECT {RUN_COLUMNS}, pid, host FROM runs WHERE fingerprint = ? AND "
            "status NOT IN ('complete', 'skipped') ORDER BY created_at DESC",
            (fingerprint,),
        ) as cur:
            rows = await cur.fetchall()
        out = []
        for r in rows:
            run = run_row(r)
            if run.status == "running" and _alive(r[21], r[22]):
                continue
            out.append(run)
        return out

    async def finished_result(self, fingerprint: str) -> RunRow | None:
        """The newest earlier run of the same work that finished with its result (complete,
        or skipped with a reason) by its row *and* its events, so the same command is not
        paid for twice."""
        async with self._db.execute(
            f"SELECT {RUN_COLUMNS}, pid, host FROM runs WHERE fingerprint = ? AND fingerprint"
            " != '' AND (status = 'complete' OR (status = 'skipped' AND reason != '')) "
            "ORDER BY created_at DESC LIMIT 8",
            (fingerprint,),
        ) as cur:
            rows = list(await cur.fetchall())
        for row in rows:  # a row its events contradict is not a result (--plan reads only)
            drift, _ = await row_drift(self._db, str(row[0]))
            if not drift:
                return run_row(row)
        return None

    async def close_interrupted(self, run: RunRow, resumed_by: str) -> None:
        """Give a run that died mid-way its final event, so every reader sees it ended."""
        if run.status != "running":
            return
        state = await self.state(run.id)
        root = state.nodes.get(state.root or "")
        gaps = root.residual if root else [(0, state.input_bytes)]
        ev = RunFinished(status="interrupted", coverage=root.coverage if root else 0.0,
                         gaps=gaps, reason=f"interrupted; resumed by run {resumed_by}")
        ev.seq = await self.last_seq(run.id) + 1
        await self.append_events(run.id, [ev])

    async def beat(self, run_id: str) -> None:
        """Refresh the heartbeat of a run this process is writing (while it is open)."""
        async with self.transaction():
            await self._db.execute("UPDATE runs SET heartbeat = ? WHERE id = ? AND "
                                   "status = 'running'", (time.time(), run_id))

    async def delete_run(self, run_id: str) -> None:
        """Remove a run and everything it wrote (a refused request leaves no trace)."""
        args = (run_id,)
        async with self.transaction():
            await self._db.execute("DELETE FROM journal_fragments WHERE run_id = ?", args)
            await self._db.execute("DELETE FROM journal_invocations WHERE run_id = ?", args)
            await self._db.execute("DELETE FROM events WHERE run_id = ?", args)
            await self._db.execute("UPDATE runs SET parent_run_id = NULL WHERE "
                                   "parent_run_id = ?", args)
            await self._db.execute("UPDATE journal_entries SET run_id = NULL WHERE run_id = ?",
                                   args)
            await self._db.execute("UPDATE journal_skips SET run_id = NULL WHERE run_id = ?",
                                   args)
            await self._db.execute("DELETE FROM runs WHERE id = ?", args)

    # writing events -----------------------------------------------------------------------
    async def append_events(self, run_id: str, events: Sequence[Event], *,
                            transcript: Transcript | None = None,
                            meta: RunMeta | None = None) -> None:
        """Write ``events`` and their projections in one transaction."""
        async with self.transaction():
            await self.project(run_id, events, transcript=transcript, meta=meta)

    async def project(self, run_id: str, events: Sequence[Event], *,
                      transcript: Transcript | None = None, meta: RunMeta | None = None
                      ) -> None:
        """Write ``events`` and their projections inside the caller's ``transaction()``."""
        if not self._db.in_transaction:
            raise RuntimeError("Store.project must run inside store.transaction()")
        await project_batch(self._db, run_id, events, transcript=transcript, meta=meta)

    # fragments ----------------------------------------------------------------------------
    async def fragments(self, run_id: str, *, inv: str | None = None,
                        limit: int | None = None) -> list[FragmentRow]:
        """The reads of a run (or of one invocation of it), by start offset."""
        sql = f"SELECT {FRAGMENT_COLUMNS} FROM journal_fragments WHERE run_id = ?"
        args: list[Any] = [run_id]
        if inv is not None:
            sql += " AND inv = ?"
            args.append(inv)
        sql += " ORDER BY start"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        async with self._db.execute(sql, args) as cur:
            return [fragment_row(r) for r in await cur.fetchall()]

    async def memo_from(self, run_ids: Iterable[str]) -> dict[str, MemoEntry]:
        """Completed invocations of earlier runs, by memo key, from their own events."""
        return await entries_of_runs(self._db, list(run_ids))

    async def turns_from(self, run_ids: Iterable[str]) -> dict[str, str]:
        """The planning turns earlier runs recorded, for a resume to replay."""
        return await turns_of_runs(self._db, list(run_ids))

    async def reported_usage(self, key: str, *, provider: str, model: str
                             ) -> tuple[int, int] | None:
        """The prompt bytes and tokens reported for the call of the newest completed leaf
        with this memo key in a run of this provider and model (a reused leaf's usage)."""
        return await reported_usage(self._db, key, provider=provider, model=model)

    async def completed_by_key(self, key: str, source_hash: str, *, provider: str, model: str,
                               other_than: str) -> Extraction | None:
        """The newest completed invocation with this memo key *and* these bytes in a run of
        this provider and model (other than the asking run), or None."""
        return await donor_for(self._db, key, source_hash, provider=provider, model=model,
                               other_than=other_than)

    async def completed_with_key(self, key: str) -> list[tuple[str, str]]:
        """(run id, invocation) of every completed invocation with this memo key, oldest
        run first: where a reused invocation's proof can be found again."""
        if not key:
            return []
        async with self._db.execute(
            "SELECT i.run_id, i.inv FROM journal_invocations i JOIN runs r ON r.id = i.run_id "
            "WHERE i.memo_key = ? AND i.status = 'complete' ORDER BY r.created_at",
            (key,),
        ) as cur:
            return [(str(r[0]), str(r[1])) for r in await cur.fetchall()]

    async def run_ids(self) -> list[str]:
        """Every run's id, oldest first."""
        async with self._db.execute("SELECT id FROM runs ORDER BY created_at") as cur:
            return [str(r[0]) for r in await cur.fetchall()]

    async def check_file(self) -> None:
        """The whole file's ``PRAGMA integrity_check``; a DamagedDatabase that names the
        first problem and the way to keep the readable runs otherwise."""
        try:
            await check_pages(self._db, self.path, whole=True)
        except sqlite3.DatabaseError as exc:
            raise DamagedDatabase(_db_error(self.path, exc)) from exc

    async def salvage_from(self, damaged: Path) -> Salvage:
        """Every row of ``damaged`` that can still be read, copied into this (new) database."""
        salvage = Salvage()
        await salvage_into(damaged, self._db, salvage)
        return salvage

    async def integrity(self) -> str:
        async with self._db.execute("PRAGMA integrity_check") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else "no answer"


def _owned_row(r: Any) -> RunRow:
    """A run row and whether its 'running' status outlived its owner: on this machine its
    process is gone; written from another machine, its heartbeat stopped."""
    row = run_row(r)
    if row.status != "running":
        return row
    pid, host, heartbeat = r[21], r[22], r[23]
    if host == socket.gethostname():
        lost = bool(pid) and not _process_exists(int(pid))
    else:
        lost = heartbeat is not None and time.time() - float(heartbeat) > STALE_SECONDS
    return dataclasses.replace(row, interrupted=True) if lost else row


def _process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _alive(pid: int | None, host: str | None) -> bool:
    """Is the process that wrote a 'running' run still alive (on this machine)?"""
    if not pid or host != socket.gethostname():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return pid != os.getpid()


def _db_error(path: Path, exc: sqlite3.DatabaseError) -> str:
    text = str(exc)
    if "not a database" in text or "file is encrypted" in text:
        return f"{path} is not a Gapless database (not an SQLite file)"
    if "locked" in text or "busy" in text:
        return f"the database {path} is locked by another writer; try again when it is done"
    if "malformed" in text:
        return f"the database {path} is damaged ({text}): {recovery_advice(path)}"
    return f"cannot use the database {path}: {text}"
