"""The journal's tables: entries, skips, weekly rollups and the sources they were read from.

Named queries only, so the journal code and the workbench never write SQL: each reader
returns typed rows in a fixed order, and each write is one transaction.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from typing import Any

from gapless.engine.store.connection import Tables
from gapless.engine.store.rows import (
    ENTRY_COLUMNS,
    SKIP_COLUMNS,
    SOURCE_COLUMNS,
    DayCount,
    EntryRow,
    EntryText,
    SkipRow,
    SourceRow,
    entry_row,
    skip_row,
    source_row,
)


class JournalTables(Tables):
    """journal_entries, journal_skips, journal_rollups and sources."""

    # entries and skips --------------------------------------------------------------------
    async def has_current(self, date: str, project: str, *, revision: str = "",
                          code_providers: Sequence[str] = ()) -> bool:
        """Does (date, project) already end in a fresh entry or a skip?

        An entry whose run one of ``code_providers`` answered is fresh only when that run
        was made by the code of ``revision``: an older engine's offline summary is not this
        one's (the providers' answers written by code, :mod:`~engine.run.revision`).
        """
        marks = ", ".join("?" for _ in code_providers)
        where = f"r.provider NOT IN ({marks})" if code_providers else "1"
        async with self._db.execute(
            "SELECT 1 FROM journal_entries e LEFT JOIN runs r ON r.id = e.run_id "
            "WHERE e.date = ? AND e.project = ? AND e.stale = 0 AND (r.id IS NULL "
            f"OR {where} OR r.revision = ?) UNION ALL "
            "SELECT 1 FROM journal_skips WHERE date = ? AND project = ?",
            (date, project, *code_providers, revision, date, project),
        ) as cur:
            return await cur.fetchone() is not None

    async def entry(self, date: str, project: str) -> EntryRow | None:
        async with self._db.execute(
            f"SELECT {ENTRY_COLUMNS} FROM journal_entries WHERE date = ? AND project = ?",
            (date, project),
        ) as cur:
            row = await cur.fetchone()
        return entry_row(row) if row else None

    async def skip(self, date: str, project: str) -> SkipRow | None:
        async with self._db.execute(
            f"SELECT {SKIP_COLUMNS} FROM journal_skips WHERE date = ? AND project = ?",
            (date, project),
        ) as cur:
            row = await cur.fetchone()
        return skip_row(row) if row else None

    async def entries_between(self, first: str, last: str, *, project: str | None = None,
                              newest_first: bool = False) -> list[EntryRow]:
        """Entries of the days ``first``..``last`` (ISO dates, inclusive), by date, project."""
        where, args = _days(first, last, project)
        order = "date DESC, project" if newest_first else "date, project"
        async with self._db.execute(
            f"SELECT {ENTRY_COLUMNS} FROM journal_entries WHERE {where} ORDER BY {order}", args
        ) as cur:
            return [entry_row(r) for r in await cur.fetchall()]

    async def skips_between(self, first: str, last: str, *, project: str | None = None,
                            newest_first: bool = False) -> list[SkipRow]:
        """Skips of the days ``first``..``last`` (ISO dates, inclusive), by date, project."""
        where, args = _days(first, last, project)
        order = "date DESC, project" if newest_first else "date, project"
        async with self._db.execute(
            f"SELECT {SKIP_COLUMNS} FROM journal_skips WHERE {where} ORDER BY {order}", args
        ) as cur:
            return [skip_row(r) for r in await cur.fetchall()]

    async def entries(self, *, date: str | None = None, project: str | None = None,
                      limit: int = 100) -> list[EntryRow]:
        """Entries newest day first, filtered by day and project (empty filters are ignored)."""
        where, params = ["1 = 1"], []
        for clause, value in (("date = ?", date), ("project = ?", project)):
            if value:
                where.append(clause)
                params.append(value)
        sql = (f"SELECT {ENTRY_COLUMNS} FROM journal_entries WHERE " + " AND ".join(where)
               + " ORDER BY date DESC, project LIMIT ?")
        async with self._db.execute(sql, [*params, limit]) as cur:
            return [entry_row(r) for r in await cur.fetchall()]

    async def skips(self, *, since: str | None = None, until: str | None = None,
                    project: str | None = None, reason: str | None = None,
                    limit: int = 100, offset: int = 0) -> list[SkipRow]:
        """The skip audit: newest day first, filtered (empty filters are ignored) and paged."""
        where, params = ["1 = 1"], []
        for clause, value in (("date >= ?", since), ("date <= ?", until),
                              ("project = ?", project), ("reason = ?", reason)):
            if value:
                where.append(clause)
                params.append(value)
        sql = (f"SELECT {SKIP_COLUMNS} FROM journal_skips WHERE " + " AND ".join(where)
               + " ORDER BY date DESC, project LIMIT ? OFFSET ?")
        async with self._db.execute(sql, [*params, limit, offset]) as cur:
            return [skip_row(r) for r in await cur.fetchall()]

    async def day_counts(self) -> list[DayCount]:
        """Entries and skips per day: one row per table holding the day (sum them)."""
        async with self._db.execute(
            "SELECT date, COUNT(*), 0 FROM journal_entries GROUP BY date UNION ALL "
            "SELECT date, 0, COUNT(*) FROM journal_skips GROUP BY date"
        ) as cur:
            return [DayCount(d, e, s) for d, e, s in await cur.fetchall()]

    async def projects_between(self, first: str, last: str) -> list[str]:
        """Projects with an entry or a skip in ``first``..``last``, sorted."""
        async with self._db.execute(
            "SELECT project FROM journal_entries WHERE date BETWEEN ? AND ? UNION "
            "SELECT project FROM journal_skips WHERE date BETWEEN ? AND ? ORDER BY 1",
            (first, last, first, last),
        ) as cur:
            return [r[0] for r in await cur.fetchall()]

    async def projects(self) -> list[str]:
        """Every project the journal knows: from its entries, skips and ingested sources."""
        async with self._db.execute(
            "SELECT project FROM journal_entries UNION SELECT project FROM journal_skips UNION "
            "SELECT project FROM sources WHERE project IS NOT NULL AND project != '' ORDER BY 1"
        ) as cur:
            return [str(r[0]) for r in await cur.fetchall()]

    async def group_run_id(self, date: str, project: str) -> str | None:
        """The run behind the entry of (date, project), else behind its skip; None if none."""
        async with self._db.execute(
            "SELECT run_id FROM journal_entries WHERE date = ? AND project = ? UNION ALL "
            "SELECT run_id FROM journal_skips WHERE date = ? AND project = ? "
            "AND run_id IS NOT NULL",
            (date, project, date, project),
        ) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row is not None and row[0] is not None else None

    async def write_entry(self, date: str, project: str, run_id: str | None,
                          text: EntryText) -> None:
        """Store the fresh entry of (date, project), replacing an old one and any skip."""
        async with self.transaction():
            await self._db.execute(
                "INSERT INTO journal_entries (date, project, run_id, headline, summary, topics, "
                "open_questions, anchors, stale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?) "
                "ON CONFLICT(date, project) DO UPDATE SET run_id = excluded.run_id, "
                "headline = excluded.headline, summary = excluded.summary, "
                "topics = excluded.topics, open_questions = excluded.open_questions, "
                "anchors = excluded.anchors, stale = 0, created_at = excluded.created_at",
                (date, project, run_id, text.headline, text.summary, json.dumps(text.topics),
                 json.dumps(text.open_questions), json.dumps(text.anchors), time.time()),
            )
            await self._db.execute("DELETE FROM journal_skips WHERE date = ? AND project = ?",
                                   (date, project))

    async def write_skip(self, date: str, project: str, reason: str, detail: str,
                         run_id: str | None) -> None:
        """Store (or replace) the skip of (date, project)."""
        async with self.transaction():
            await self._db.execute(
                "INSERT INTO journal_skips (date, project, reason, detail, run_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(date, project) DO UPDATE SET "
                "reason = excluded.reason, detail = excluded.detail, run_id = excluded.run_id, "
                "created_at = excluded.created_at",
                (date, project, reason, detail, run_id, time.time()),
            )

    # rollups ------------------------------------------------------------------------------
    async def write_rollup(self, week: str, project: str, body: dict[str, Any]) -> None:
        """Store (or replace) the rollup of (week, project)."""
        async with self.transaction():
            await self._db.execute(
                "INSERT INTO journal_rollups (week, project, body, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(week, project) DO UPDATE SET body = excluded.body, "
                "created_at = excluded.created_at",
                (week, project, json.dumps(body), time.time()),
            )

    # sources ------------------------------------------------------------------------------
    async def sources(self) -> list[SourceRow]:
        """Every session file read so far (in no particular order)."""
        async with self._db.execute(f"SELECT {SOURCE_COLUMNS} FROM sources") as cur:
            return [source_row(r) for r in await cur.fetchall()]

    async def record_sources(self, rows: Sequence[SourceRow],
                             stale: Iterable[tuple[str, str]]) -> None:
        """Upsert the sources and, in the same transaction, mark the (date, project) groups in
        ``stale`` for redoing: their entries stale, their skips gone."""
        async with self.transaction():
            await self._db.executemany(
                f"INSERT INTO sources ({SOURCE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime, "
                "kind = excluded.kind, session = excluded.session, project = excluded.project, "
                "date = excluded.date, parent = excluded.parent, "
                "ingested_at = excluded.ingested_at, sha256 = excluded.sha256",
                [(r.path, r.size, r.mtime, r.kind, r.session, r.project, r.date, r.parent,
                  r.ingested_at, r.sha256) for r in rows],
            )
            for day, project in stale:
                await self._db.execute(
                    "UPDATE journal_entries SET stale = 1 WHERE date = ? AND project = ?",
                    (day, project))
                await self._db.execute(
                    "DELETE FROM journal_skips WHERE date = ? AND project = ?", (day, project))


def _days(first: str, last: str, project: str | None) -> tuple[str, list[Any]]:
    """The WHERE clause (fixed strings only) and its arguments for a span of days."""
    where = "date BETWEEN ? AND ?"
    args: list[Any] = [first, last]
    if project is not None:
        where += " AND project = ?"
        args.append(project)
    return where, args
