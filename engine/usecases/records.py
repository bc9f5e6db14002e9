"""The read side of the store, as the front ends ask it: :class:`Records`, opened with
``async with open_records(db)``.

A front end lists runs, tails a run's events, reads the journal, explains and verifies runs
through this one handle; it never holds the store itself, so what it may ask is exactly what
is named here. Where a front end needs one answer from several queries (``gapless why``,
``gapless verify``), a function below gives that answer whole.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from gapless.engine.audit.verify import Verdict, verify_runs
from gapless.engine.audit.why import run_for_group, why_report
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Event
from gapless.engine.core.state import RunState
from gapless.engine.journal.filters import resolve_project
from gapless.engine.journal.groups import week_of
from gapless.engine.journal.rollup import Rollup, build_rollup, rollups
from gapless.engine.store import (
    CallBody,
    DayCount,
    EntryRow,
    FragmentRow,
    RunRow,
    SkipRow,
    Store,
    default_db_path,
)
from gapless.engine.store.salvage import Salvage

P = ParamSpec("P")
T = TypeVar("T")

class Records:
    """What the store holds — runs, their events, the journal — read, never written (the
    rollups a front end asks for are kept as they are made)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    @property
    def path(self) -> Path:
        """The database file (a launch opens its own connection to it)."""
        return self._store.path

    # runs ---------------------------------------------------------------------------------
    async def runs(self, limit: int = 50, *, kind: str | None = None) -> list[RunRow]:
        """The newest runs first."""
        return await self._store.runs(limit, kind=kind)

    async def run(self, run_id: str) -> RunRow | None:
        return await self._store.run(run_id)

    async def find_run(self, prefix: str) -> RunRow:
        """A run by id or unique id prefix; a UserError that says why otherwise."""
        return await self._store.find_run(prefix)

    async def state(self, run_id: str) -> RunState:
        """The fold of the run's stored events."""
        return await self._store.state(run_id)

    async def events(self, run_id: str, after: int = 0, limit: int | None = None
                     ) -> list[Event]:
        """Events of ``run_id`` with seq > ``after``, at most ``limit`` of them, in order."""
        return await self._store.events(run_id, after=after, limit=limit)

    async def fragments(self, run_id: str, *, inv: str | None = None,
                        limit: int | None = None) -> list[FragmentRow]:
        return await self._store.fragments(run_id, inv=inv, limit=limit)

    async def call_body(self, run_id: str, seq: int) -> CallBody | None:
        """What one model call was sent and answered (None once pruned)."""
        return await self._store.call_body(run_id, seq)

    async def why(self, run_id: str) -> dict[str, Any]:
        """The JSON-ready report of the run's invocation tree (``gapless why``)."""
        _state, report = await why_report(self._store, run_id)
        return report

    async def verify(self, run_ids: Iterable[str] | None = None, *,
                     check_source: bool = True) -> list[Verdict]:
        """The runs' claims checked against their ledger (every run when None)."""
        from gapless.engine.journal.check import group_source_note

        return await verify_runs(self._store, run_ids, check_source=check_source,
                                 group_note=group_source_note)

    # the journal --------------------------------------------------------------------------
    async def known_project(self, name: str | None) -> str | None:
        """``name`` as the journal spells it (case does not matter); unknown: a UserError
        listing the known ones. None stays None."""
        if name is None:
            return None
        return resolve_project(name, await self._store.projects())

    async def entry(self, day: str, project: str) -> EntryRow | None:
        return await self._store.entry(day, project)

    async def entries(self, *, date: str | None = None, project: str | None = None,
                      limit: int = 100) -> list[EntryRow]:
        """Entries newest day first (empty filters are ignored)."""
        return await self._store.entries(date=date, project=project, limit=limit)

    async def skips(self, *, since: str | None = None, until: str | None = None,
                    project: str | None = None, reason: str | None = None,
                    limit: int = 100, offset: int = 0) -> list[SkipRow]:
        """The skip audit, newest day first, filtered and paged."""
        return await self._store.skips(since=since, until=until, project=project,
                                       reason=reason, limit=limit, offset=offset)

    async def week(self, day: date, *, project: str | None = None
                   ) -> tuple[list[EntryRow], list[SkipRow]]:
        """The entries and skips of the Monday-anchored week holding ``day``, newest first."""
        first, last = (d.isoformat() for d in week_of(day))
        return (await self._store.entries_between(first, last, project=project,
                                                  newest_first=True),
                await self._store.skips_between(first, last, project=project,
                                                newest_first=True))

    async def journal(self, *, day: str | None = None, project: str | None = None,
                      limit: int = 100) -> tuple[list[EntryRow], list[SkipRow]]:
        """At most ``limit`` entries and ``limit`` skips, newest day first (of ``day`` only
        when given)."""
        return (await self._store.entries(date=day, project=project, limit=limit),
                await self._store.skips(since=day, until=day, project=project, limit=limit))

    async def day_counts(self) -> list[DayCount]:
        """Entries and skips per day: one row per table holding the day (sum them)."""
        return await self._store.day_counts()

    async def entry_run(self, day: str, project: str) -> str:
        """The run behind the journal entry (or skip) of ``day`` and ``project`` (any case)."""
        return await run_for_group(self._store, day, str(await self.known_project(project)))

    async def rollup(self, day: date, project: str | None) -> Rollup:
        """The week holding ``day`` for ``project`` (None: every project together)."""
        return await build_rollup(self._store, day, project)

    async def check_file(self) -> None:
        """The database file's integrity; a one-sentence UserError when it is damaged."""
        await self._store.check_file()

    async def rollups(self, day: date, project: str | None, every: bool) -> list[Rollup]:
        """The rollups of the week holding ``day``, one project or each (and with ``every``
        one across all), kept as they are made."""
        return await rollups(self._store, day, project, every)


def _guard(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    @functools.wraps(method)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        records = args[0]
        assert isinstance(records, Records)
        with records._store.guarded():
            return await method(*args, **kwargs)

    return guarded


# every question a front end asks: a broken or locked database is a StoreError, one sentence
for _name, _method in list(vars(Records).items()):
    if inspect.iscoroutinefunction(_method):
        setattr(Records, _name, _guard(_method))


@contextlib.asynccontextmanager
async def open_records(db: str | Path | None, *, damaged_ok: bool = False
                       ) -> AsyncIterator[Records]:
    """The records of the database at ``db`` (the default one when None), closed on the way
    out; a database that cannot be opened, read or written is a StoreError that says why (a
    damaged one too, unless ``damaged_ok``: verify opens it to report)."""
    store = await Store.open(db, damaged_ok=damaged_ok)
    try:
        with store.guarded():
            yield Records(store)
    finally:
        await store.close()


async def explain_run(db: str | Path | None, run_id: str | None, *, day: str | None = None,
                      project: str | None = None) -> dict[str, Any]:
    """``gapless why``'s report of a run (or of the run behind the journal entry of ``day``
    and ``project``), with whether its claims hold (``verified``, ``contradictions``)."""
    async with open_records(db) as records:
        rid = run_id or await records.entry_run(str(day), str(project))
        report = await records.why(rid)
        [verdict] = await records.verify([report["run_id"]], check_source=False)
    return {**report, "verified": verdict.holds, "contradictions": verdict.contradictions}


async def recover_stored(db: str | Path | None, out: str | Path) -> Salvage:
    """Copy every readable row of the database ``db`` (the default one when None), damaged
    or not, into the new database ``out``; ``verify`` of ``out`` says which claims hold."""
    target = Path(out).expanduser()
    source = Path(db).expanduser() if db is not None else default_db_path()
    if target.exists():
        raise UserError(f"{target} already exists: --recover writes a new database, give "
                        "the path of one that does not exist yet")
    if not source.is_file():
        raise UserError(f"there is no database at {source} to recover")
    store = await Store.open(target)
    done = False
    try:
        with store.guarded():
            salvage = await store.salvage_from(source)
        done = True
        return salvage
    finally:
        await store.close()
        if not done:  # a failed copy leaves nothing behind
            for end in ("", "-wal", "-shm"):
                target.with_name(target.name + end).unlink(missing_ok=True)


async def verify_stored(db: str | Path | None, run: str | None, *,
                        check_source: bool = True) -> list[Verdict]:
    """The verdict of one run (by id or unique prefix), or of every run when ``run`` is
    None, oldest first."""
    async with open_records(db, damaged_ok=True) as records:
        await records.check_file()  # the file first: claims read from damaged pages prove nothing
        ids = None if run is None else [(await records.find_run(run)).id]
        return await records.verify(ids, check_source=check_source)
