"""Stored runs of the journal: every (day, project) group without a current entry, or one
group again on request."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Sink
from gapless.engine.core.transcript import Transcript
from gapless.engine.journal.daily import (
    GroupChoice,
    GroupOutcome,
    summarize_group,
    summarize_journal,
)
from gapless.engine.journal.groups import Group, group_sessions
from gapless.engine.journal.ingest import read_sessions
from gapless.engine.providers.base import Provider
from gapless.engine.usecases.opening import opened

GroupSinks = Callable[[Group, Transcript], Sequence[Sink]]


async def summarize_journal_stored(db: str | Path | None, settings: Settings, *,
                                   date: str | None = None, project: str | None = None,
                                   force: bool = False, provider: Provider | None = None,
                                   sinks_for: GroupSinks | None = None,
                                   on_done: Callable[[GroupOutcome], None] | None = None
                                   ) -> list[GroupOutcome]:
    """The journal's sources ingested and every chosen group without a current entry
    summarized (``gapless summarize`` without a path)."""
    async with opened(db) as store:
        return await summarize_journal(store, settings, GroupChoice(date, project, force),
                                       provider=provider, sinks_for=sinks_for,
                                       on_done=on_done)


async def summarize_group_anyway(db: str | Path | None, settings: Settings, day: str,
                                 project: str, *, provider: Provider | None = None,
                                 sinks_for: GroupSinks | None = None) -> GroupOutcome:
    """The (``day``, ``project``) group of the configured sources summarized although it has
    an entry or was skipped (a group with nothing to read is skipped again, with its
    reason); not in the sources: a UserError."""
    sessions, _ = await asyncio.to_thread(read_sessions, settings)
    group = next((g for g in group_sessions(sessions)
                  if g.date == day and g.project == project), None)
    if group is None or not group.included:
        raise UserError(f"no sessions of {project} on {day} in the configured sources")
    async with opened(db) as store:
        return await summarize_group(store, settings, group, provider=provider, force=True,
                                     sinks_for=sinks_for)
