"""What ``verify`` says of a journal run's source: whether the group's sessions still render
to the bytes its entry read (the SHA-256 its run recorded), read again from the files the
journal recorded for that day and project."""

from __future__ import annotations

import asyncio
import hashlib

from gapless.engine.config import Settings
from gapless.engine.core.state import RunState
from gapless.engine.journal.groups import group_sessions
from gapless.engine.journal.ingest import group_transcript, read_sessions
from gapless.engine.sources.common import RenderOptions
from gapless.engine.store import Store


async def group_source_note(store: Store, state: RunState, group_key: str | None) -> str:
    """One line: unchanged, changed (and how), or why it cannot be told."""
    account = state.source_account
    if not group_key or "|" not in group_key:
        return "a journal run without its group"
    if account is None or not account.sha256:
        return "a journal group (this run keeps no SHA-256 to compare)"
    day, project = group_key.split("|", 1)
    paths = [s.path for s in await store.sources() if s.date == day and s.project == project]
    if not paths:
        return "changed: the journal no longer records any session of this group"
    settings = Settings.model_validate({**state.settings, "sources": paths})
    sessions, unreadable = await asyncio.to_thread(read_sessions, settings)
    groups = [g for g in group_sessions(sessions) if g.project == project]
    group = next((g for g in groups if g.key == group_key), groups[0] if len(groups) == 1
                 else None)
    if group is None:
        return f"changed: its {len(paths)} session(s) no longer make the group"
    data = group_transcript(group, RenderOptions.from_settings(settings)).data
    missing = f"; {unreadable} of its sessions no longer read" if unreadable else ""
    if hashlib.sha256(data).hexdigest() == account.sha256:
        return f"unchanged (SHA-256 of its {len(group.sessions)} session(s)' rendering matches)"
    return f"changed: the SHA-256 of its sessions' rendering differs{missing}"
