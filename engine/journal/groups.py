"""Grouping sessions by (logical date, project). Pure functions.

The logical day starts at a configurable hour (default 05:00), and a session belongs
wholly to the day it started: no slivers of a late-night session after midnight.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo

from gapless.engine.sources.common import Part


@dataclass
class Session:
    """One session file (with its subagents) as the journal sees it."""

    path: Path
    part: Part
    project: str
    started: datetime | None
    date: str
    size: int
    mtime: float
    excluded: bool = False
    parent: Path | None = None
    sha256: str = ""  # of its bytes (and its subagents'): the journal's key for it


@dataclass
class Group:
    date: str
    project: str
    sessions: list[Session] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.date}|{self.project}"

    @property
    def included(self) -> list[Session]:
        return [s for s in self.sessions if not s.excluded]


def parse_ts(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        ts = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return ts if ts.tzinfo else ts.replace(tzinfo=UTC)


def zone(name: str | None) -> tzinfo:
    """The journal's time zone: a name like ``Europe/Berlin``, else the machine's."""
    if name:
        return ZoneInfo(name)
    local = datetime.now().astimezone().tzinfo
    return local if local is not None else UTC


def logical_date(started: datetime, day_start_hour: int, tz: tzinfo) -> str:
    """The journal day of a moment: local time shifted back by the day-start hour."""
    local = started.astimezone(tz)
    return (local - timedelta(hours=day_start_hour)).date().isoformat()


def project_name(part: Part, path: Path) -> str:
    """The project: the last folder of the session's working directory, else its folder."""
    if part.cwd:
        return Path(part.cwd.rstrip("/\\")).name or part.cwd
    folder = path.parent.name
    return folder.rsplit("-", 1)[-1] if folder.startswith("-") else folder


def continuation_parents(sessions: Sequence[Session]) -> dict[int, Session]:
    """Sessions that continue another (their opening lines name its uuid or session id)."""
    by_uuid: dict[str, Session] = {}
    by_session: dict[str, Session] = {}
    for s in sorted(sessions, key=lambda s: (s.started is None, s.started or datetime.min)):
        for u in s.part.uuids:
            by_uuid.setdefault(u, s)
        by_session.setdefault(s.part.session, s)
    out: dict[int, Session] = {}
    for s in sessions:
        for ref in s.part.refs:
            parent = by_uuid.get(ref) or by_session.get(ref)
            if parent is not None and parent is not s:
                out[id(s)] = parent
                break
    return out


def group_sessions(sessions: Iterable[Session]) -> list[Group]:
    """Groups in (date, project) order; a continuation joins its parent's group."""
    items = list(sessions)
    parents = continuation_parents(items)

    def root(s: Session) -> Session:
        seen = {id(s)}
        while id(s) in parents and id(parents[id(s)]) not in seen:
            s = parents[id(s)]
            seen.add(id(s))
        return s

    groups: dict[tuple[str, str], Group] = {}
    for s in items:
        r = root(s)
        if r is not s:
            s.parent = r.path
        key = (r.date, r.project)
        groups.setdefault(key, Group(*key)).sessions.append(s)
    for g in groups.values():
        g.sessions.sort(key=lambda s: (s.started is None, s.started or datetime.min, str(s.path)))
    return [groups[k] for k in sorted(groups)]


def week_of(day: date) -> tuple[date, date]:
    """The Monday-anchored week holding ``day``."""
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=6)
