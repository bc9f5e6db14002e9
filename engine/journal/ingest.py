"""Find sessions in the configured sources and keep the store's ``sources`` table current.

A session is keyed by its content: a source whose bytes changed (their SHA-256; its size
or mtime only tell sooner) has the entries it feeds marked stale, so the next
``summarize`` regenerates them. Every session is parsed on each ingest anyway, so hashing
its bytes adds little; an edit that keeps the size and restores the mtime is still seen.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.core.transcript import Transcript, TranscriptBuilder
from gapless.engine.journal.groups import (
    Group,
    Session,
    group_sessions,
    logical_date,
    parse_ts,
    project_name,
    zone,
)
from gapless.engine.registry import load
from gapless.engine.sources.common import RenderOptions, SourceError
from gapless.engine.sources.detect import detect_format, reader
from gapless.engine.sources.sample import JSON_EXT, JSONL_EXT
from gapless.engine.store import SourceRow, Store


def discover(roots: Iterable[str]) -> list[Path]:
    """Session files (JSON lines and JSON) below the roots; each is read later by the reader
    its detector picks. A session's ``<session>/subagents/`` folder is read with its session;
    old-style ``agent-*.jsonl`` files beside the sessions, and subagent folders whose session
    file is gone, are sessions of their own that join their parent's group."""
    found: list[Path] = []
    for root in roots:
        base = Path(root).expanduser()
        if base.is_file():
            found.append(base)
            continue
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            here = Path(dirpath)
            attached = here.name == "subagents" and (
                here.parent.parent / f"{here.parent.name}.jsonl").is_file()
            if attached:
                dirnames[:] = []
                continue
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                ext = Path(name).suffix.lower()
                if (ext in JSONL_EXT or ext in JSON_EXT) and name != "journal.jsonl":
                    found.append(here / name)
    return found


def excluded(path: Path, patterns: Iterable[str]) -> bool:
    text = str(path)
    return any(fnmatch.fnmatch(text, p) or fnmatch.fnmatch(path.name, p) for p in patterns)


def session_hash(path: Path) -> str:
    """SHA-256 of a session file's bytes and of its ``<session>/subagents/`` files (they
    are read with it), in a fixed order."""
    h = hashlib.sha256()
    attached = path.parent / path.stem / "subagents"
    extra = sorted(attached.rglob("*.jsonl")) if attached.is_dir() else []
    for p in (path, *extra):
        h.update(p.name.encode() + b"\0")
        with p.open("rb") as f:
            while block := f.read(1 << 20):
                h.update(block)
    return h.hexdigest()


def read_sessions(settings: Settings, tz_name: str | None = None) -> tuple[list[Session], int]:
    """Load every session of the sources; returns them and how many files were unreadable."""
    tz = zone(tz_name)
    sessions: list[Session] = []
    unreadable = 0
    options = RenderOptions.from_settings(settings)
    for path in discover(settings.sources):
        try:
            st = path.stat()
            entry = reader(detect_format(path))
            if entry.read is None:  # text, not a session: read by summarize, not journaled
                continue
            # every record format through its registered reader (an agent file, old-style
            # or orphaned, is read alone and joins its parent's group by its session id)
            part = load(entry.read)(path, options=options)
            digest = session_hash(path)
        except (OSError, SourceError):
            unreadable += 1
            continue
        started = parse_ts(part.first_ts) or datetime.fromtimestamp(st.st_mtime, UTC)
        sessions.append(Session(
            path=path, part=part, project=project_name(part, path), started=started,
            date=logical_date(started, settings.day_start_hour, tz), size=st.st_size,
            mtime=st.st_mtime, excluded=excluded(path, settings.exclude), sha256=digest,
        ))
    return sessions, unreadable


async def ingest(store: Store, settings: Settings, tz_name: str | None = None
                 ) -> tuple[list[Group], int]:
    """Read the sources, record them, mark changed groups stale; return the groups."""
    sessions, unreadable = read_sessions(settings, tz_name)
    groups = group_sessions(sessions)
    known = {src.path: src for src in await store.sources()}
    stale: set[tuple[str, str]] = set()
    rows: list[SourceRow] = []
    now = time.time()
    for g in groups:
        for s in g.sessions:
            old = known.get(str(s.path))
            if old is None or _changed(old, s):
                stale.add((g.date, g.project))
                if old is not None:
                    stale.add((old.date, old.project))
            rows.append(SourceRow(str(s.path), s.size, s.mtime, s.part.kind, s.part.session,
                                  g.project, g.date, str(s.parent) if s.parent else None, now,
                                  s.sha256))
    await store.record_sources(rows, stale)
    return groups, unreadable


def _changed(old: SourceRow, now: Session) -> bool:
    """Whether a session differs from what the journal read: its bytes' hash (a row kept
    before hashes were, by size and mtime until its hash is recorded)."""
    if old.size != now.size or abs(old.mtime - now.mtime) > 1e-6:
        return True
    return bool(old.sha256) and old.sha256 != now.sha256


def group_transcript(group: Group, options: RenderOptions | None = None) -> Transcript:
    """The group's sessions (and their subagents) as one byte-addressed transcript: sessions
    in start order, each continuation and agent file right after the session it continues."""
    from gapless.engine.sources import order_parts
    from gapless.engine.sources.common import emit

    opts = options or RenderOptions()
    builder = TranscriptBuilder(kind="journal", name=group.key, path=group.key,
                                include=tuple(sorted(opts.include)),
                                tool_output_limit=opts.tool_output_limit)
    for part in order_parts([s.part for s in group.included]):
        emit(builder, part)
    return builder.build()
