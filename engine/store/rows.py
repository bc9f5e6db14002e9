"""The typed rows the store's named queries return, and how they are decoded from SQLite.

Readers get dataclasses, never tuples in column order, so a query can change its column list
without its callers silently reading the wrong field.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class RunRow:
    id: str
    created_at: float
    finished_at: float | None
    source: str
    strategy: str
    status: str
    coverage: float
    gaps: list[tuple[int, int]]
    input_bytes: int
    provider: str
    model: str
    parent_run_id: str | None
    reason: str
    calls: int
    tokens_in: int
    tokens_out: int
    cost: float
    kind: str
    group_key: str | None
    question: str | None
    entry: dict[str, Any] | None
    # derived, not stored: the run is 'running' but its process is gone (see Store.runs);
    # resume still finds it by its stored status
    interrupted: bool = False

    @property
    def shown_status(self) -> str:
        """The status a reader is shown: ``interrupted`` for a run whose process died (it
        stays 'running' in the store, where resume finds it), else the stored one."""
        return "interrupted" if self.interrupted else self.status

    def to_json(self) -> dict[str, Any]:
        """The row as JSON output shows it (its ``status`` as :attr:`shown_status`)."""
        return {**asdict(self), "status": self.shown_status}


RUN_COLUMNS = (
    "id, created_at, finished_at, source, strategy, status, coverage, gaps, input_bytes, "
    "provider, model, parent_run_id, reason, calls, tokens_in, tokens_out, cost, kind, "
    "group_key, question, entry"
)


def run_row(r: sqlite3.Row | tuple[Any, ...]) -> RunRow:
    return RunRow(
        id=r[0], created_at=r[1], finished_at=r[2], source=r[3], strategy=r[4], status=r[5],
        coverage=r[6], gaps=[(int(g[0]), int(g[1])) for g in json.loads(r[7] or "[]")],
        input_bytes=r[8], provider=r[9], model=r[10], parent_run_id=r[11], reason=r[12],
        calls=r[13], tokens_in=r[14], tokens_out=r[15], cost=r[16], kind=r[17],
        group_key=r[18], question=r[19], entry=json.loads(r[20]) if r[20] else None,
    )


@dataclass(frozen=True)
class FragmentRow:
    """What one read of a run saw: its span, a checksum of those bytes, a preview."""

    inv: str
    start: int
    end: int
    checksum: str
    preview: str
    category: str

    def to_json(self) -> dict[str, Any]:
        """The fragment as the why report and the workbench show it (without ``inv``)."""
        return {"start": self.start, "end": self.end, "checksum": self.checksum,
                "preview": self.preview, "category": self.category}


FRAGMENT_COLUMNS = 'inv, start, "end", checksum, preview, category'


def fragment_row(r: sqlite3.Row | tuple[Any, ...]) -> FragmentRow:
    return FragmentRow(inv=r[0], start=r[1], end=r[2], checksum=r[3], preview=r[4],
                       category=r[5])


@dataclass(frozen=True, slots=True)
class EntryText:
    """What a journal entry says: the run's headline, summary, topics, open questions and
    the anchors that tie them to the day's transcript."""

    headline: str
    summary: str
    topics: list[Any]
    open_questions: list[Any]
    anchors: list[Any]

    @classmethod
    def of(cls, entry: dict[str, Any]) -> EntryText:
        """From a run's entry (its final extraction as JSON)."""
        return cls(entry.get("headline", ""), entry.get("summary", ""),
                   entry.get("topics", []), entry.get("open_questions", []),
                   entry.get("anchors", []))


@dataclass(frozen=True)
class EntryRow:
    """A journal entry of one (date, project)."""

    date: str
    project: str
    headline: str
    summary: str
    topics: list[str]
    open_questions: list[str]
    stale: bool
    run_id: str | None


ENTRY_COLUMNS = "date, project, headline, summary, topics, open_questions, stale, run_id"


def entry_row(r: sqlite3.Row | tuple[Any, ...]) -> EntryRow:
    return EntryRow(date=r[0], project=r[1], headline=r[2], summary=r[3],
                    topics=json.loads(r[4] or "[]"), open_questions=json.loads(r[5] or "[]"),
                    stale=bool(r[6]), run_id=r[7])


@dataclass(frozen=True)
class SkipRow:
    """A (date, project) group that ended without an entry, and why."""

    date: str
    project: str
    reason: str
    detail: str
    run_id: str | None


SKIP_COLUMNS = "date, project, reason, detail, run_id"


def skip_row(r: sqlite3.Row | tuple[Any, ...]) -> SkipRow:
    return SkipRow(date=r[0], project=r[1], reason=r[2], detail=r[3], run_id=r[4])


@dataclass(frozen=True)
class DayCount:
    """How many entries and skips one day holds (one row per table that has the day)."""

    date: str
    entries: int
    skips: int


@dataclass(frozen=True)
class SourceRow:
    """A session file the journal has read, with the size and mtime it had then."""

    path: str
    size: int
    mtime: float
    kind: str
    session: str
    project: str
    date: str
    parent: str | None
    ingested_at: float
    sha256: str = ""  # of the file's bytes (and its subagents'), '' before it was kept


SOURCE_COLUMNS = "path, size, mtime, kind, session, project, date, parent, ingested_at, sha256"


def source_row(r: sqlite3.Row | tuple[Any, ...]) -> SourceRow:
    return SourceRow(path=r[0], size=r[1], mtime=r[2], kind=r[3], session=r[4], project=r[5],
                     date=r[6], parent=r[7], ingested_at=r[8], sha256=r[9])
