"""Monday-anchored weekly rollups per project, with skipped days in their own section.

A rollup is composed from the week's entries without another model call, so it is cheap to
regenerate and always agrees with the entries it lists.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from engine.journal.groups import week_of
from engine.store import Store

# The project name of the rollup across every project.
ALL_PROJECTS = "*"


@dataclass
class Rollup:
    week: str
    week_end: str
    project: str
    days: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, Any]] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)
    open_questions: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"week": self.week, "week_end": self.week_end, "project": self.project,
                "days": self.days, "skipped": self.skipped, "topics": self.topics,
                "open_questions": self.open_questions}

    @property
    def across_projects(self) -> bool:
        return self.project == ALL_PROJECTS

    def markdown(self) -> str:
        title = "All projects" if self.across_projects else self.project
        lines = [f"# {title} — week of {self.week}", ""]
        for d in self.days:
            stale = " (stale)" if d.get("stale") else ""
            where = f" · {d['project']}" if self.across_projects else ""
            lines.append(f"## {d['date']}{where}{stale}: {d['headline']}")
            lines.append(d["summary"])
            lines.append("")
        if not self.days:
            lines += ["No entries this week.", ""]
        if self.topics:
            lines += ["Topics: " + ", ".join(self.topics), ""]
        if self.open_questions:
            lines.append("Open questions:")
            lines += [f"- {q}" for q in self.open_questions]
            lines.append("")
        lines.append("## Skipped days")
        if self.skipped:
            lines += [f"- {s['date']}" + (f" · {s['project']}" if self.across_projects else "")
                      + f": {s['reason']} — {s['detail']}" for s in self.skipped]
        else:
            lines.append("none")
        return "\n".join(lines).rstrip() + "\n"


def parse_day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        from engine.core.errors import UserError

        raise UserError(f"{text!r} is not a date like 2026-11-23") from exc


async def projects_in_week(store: Store, monday: date) -> list[str]:
    end = (monday + timedelta(days=6)).isoformat()
    async with store.db.execute(
        "SELECT project FROM journal_entries WHERE date BETWEEN ? AND ? UNION "
        "SELECT project FROM journal_skips WHERE date BETWEEN ? AND ? ORDER BY 1",
        (monday.isoformat(), end, monday.isoformat(), end),
    ) as cur:
        return [r[0] for r in await cur.fetchall()]


async def build_rollup(store: Store, day: date, project: str | None) -> Rollup:
    """The week holding ``day`` for ``project`` (None: every project together)."""
    monday, sunday = week_of(day)
    args: list[Any] = [monday.isoformat(), sunday.isoformat()]
    where = "date BETWEEN ? AND ?"
    if project is not None:
        where += " AND project = ?"
        args.append(project)
    rollup = Rollup(monday.isoformat(), sunday.isoformat(), project or ALL_PROJECTS)
    topics: Counter[str] = Counter()
    async with store.db.execute(
        f"SELECT date, project, headline, summary, topics, open_questions, stale, run_id "
        f"FROM journal_entries WHERE {where} ORDER BY date, project", args
    ) as cur:
        async for d, p, headline, summary, tps, oqs, stale, run_id in cur:
            rollup.days.append({"date": d, "project": p, "headline": headline,
                                "summary": summary, "stale": bool(stale), "run_id": run_id})
            topics.update(json.loads(tps))
            for q in json.loads(oqs):
                if q not in rollup.open_questions:
                    rollup.open_questions.append(q)
    async with store.db.execute(
        f"SELECT date, project, reason, detail FROM journal_skips WHERE {where} "
        "ORDER BY date, project", args
    ) as cur:
        async for d, p, reason, detail in cur:
            rollup.skipped.append({"date": d, "project": p, "reason": reason, "detail": detail})
    rollup.topics = [t for t, _ in topics.most_common(8)]
    rollup.open_questions = rollup.open_questions[:8]
    return rollup


async def write_rollup(store: Store, rollup: Rollup) -> None:
    await store.db.execute("BEGIN IMMEDIATE")
    try:
        await store.db.execute(
            "INSERT INTO journal_rollups (week, project, body, created_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(week, project) DO UPDATE SET body = excluded.body, "
            "created_at = excluded.created_at",
            (rollup.week, rollup.project, json.dumps(rollup.to_json()), time.time()),
        )
        await store.db.commit()
    except BaseException:
        await store.db.rollback()
        raise


async def rollups(store: Store, day: date, project: str | None, every: bool) -> list[Rollup]:
    """Build and store the rollups asked for: one project, or each project (and with
    ``every`` also one across all projects)."""
    monday, _ = week_of(day)
    names = [project] if project else await projects_in_week(store, monday)
    out = [await build_rollup(store, day, name) for name in names]
    if every and not project:
        out.append(await build_rollup(store, day, None))
    for r in out:
        await write_rollup(store, r)
    return out
