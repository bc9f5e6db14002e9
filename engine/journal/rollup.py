"""Monday-anchored weekly rollups per project, with skipped days in their own section.

A rollup is composed from the week's entries without another model call, so it is cheap to
regenerate and always agrees with the entries it lists.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from gapless.engine.journal.groups import week_of
from gapless.engine.store import Store

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
            lines.append(_paragraphs(d["summary"]))
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


def _paragraphs(summary: str) -> str:
    """A summary as markdown blocks: a line that follows a bullet without being one (a
    section's heading, ``Done:``) starts a block of its own, or markdown would read it as
    the bullet's continuation ("… adb root. Done:")."""
    out: list[str] = []
    for line in summary.splitlines():
        if out and out[-1].lstrip().startswith(("- ", "* ")) and line.strip() \
                and not line.lstrip().startswith(("- ", "* ")) and not line[:1].isspace():
            out.append("")
        out.append(line)
    return "\n".join(out)


def parse_day(text: str) -> date:
    """A day as the user typed it (YYYY-MM-DD only), else a UserError."""
    from gapless.engine.journal.filters import parse_day as strict

    return strict(text)


async def projects_in_week(store: Store, monday: date) -> list[str]:
    end = (monday + timedelta(days=6)).isoformat()
    return await store.projects_between(monday.isoformat(), end)


async def build_rollup(store: Store, day: date, project: str | None) -> Rollup:
    """The week holding ``day`` for ``project`` (None: every project together)."""
    monday, sunday = week_of(day)
    first, last = monday.isoformat(), sunday.isoformat()
    rollup = Rollup(first, last, project or ALL_PROJECTS)
    topics: Counter[str] = Counter()
    for e in await store.entries_between(first, last, project=project):
        rollup.days.append({"date": e.date, "project": e.project, "headline": e.headline,
                            "summary": e.summary, "stale": e.stale, "run_id": e.run_id})
        topics.update(e.topics)
        for q in e.open_questions:
            if q not in rollup.open_questions:
                rollup.open_questions.append(q)
    for k in await store.skips_between(first, last, project=project):
        rollup.skipped.append({"date": k.date, "project": k.project, "reason": k.reason,
                               "detail": k.detail})
    rollup.topics = [t for t, _ in topics.most_common(8)]
    rollup.open_questions = rollup.open_questions[:8]
    return rollup


async def write_rollup(store: Store, rollup: Rollup) -> None:
    await store.write_rollup(rollup.week, rollup.project, rollup.to_json())


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
