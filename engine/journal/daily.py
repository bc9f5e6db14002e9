"""Summarize the journal: every (date, project) group ends with an entry or a reasoned skip.

A skip is never indistinguishable from a day without work: it is a row with a reason from a
fixed taxonomy, shown by ``gapless skipped``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gapless.engine.config import Settings
from gapless.engine.core.account import percent_text
from gapless.engine.core.events import Sink
from gapless.engine.core.transcript import Transcript
from gapless.engine.journal.filters import check_day, resolve_project
from gapless.engine.journal.groups import Group
from gapless.engine.journal.ingest import group_transcript, ingest
from gapless.engine.providers.base import Provider
from gapless.engine.run.request import RunRequest
from gapless.engine.run.revision import code_written
from gapless.engine.service import RunResult, summarize_stored
from gapless.engine.sources.common import RenderOptions
from gapless.engine.store import EntryText, SkipRow, Store

SKIP_REASONS: dict[str, str] = {
    "empty": "the sessions hold no messages",
    "boilerplate_only": "only session boilerplate (hooks, system lines, attachments)",
    "below_min_size": "smaller than the minimum size worth summarizing",
    "excluded": "every session matched an exclude glob",
    "non_substantive": "the model judged it non-substantive",
    "provider_error": "the model provider failed",
    "incomplete_coverage": "the run did not read every byte",
    "budget_exhausted": "a budget ran out before every byte was read",
}
CONTENT_ROLES = frozenset({"user", "assistant", "tool", "summary"})


@dataclass
class GroupOutcome:
    date: str
    project: str
    status: str  # entry | skip | current
    reason: str = ""
    detail: str = ""
    run_id: str | None = None
    result: RunResult | None = None


def precheck(group: Group, transcript: Transcript, settings: Settings) -> tuple[str, str] | None:
    """A skip that needs no model call, or None."""
    if not group.included:
        return "excluded", f"{len(group.sessions)} session(s) excluded"
    if not transcript.data.strip():
        return "empty", SKIP_REASONS["empty"]
    if not any(m.role in CONTENT_ROLES for m in transcript.messages):
        return "boilerplate_only", SKIP_REASONS["boilerplate_only"]
    if len(transcript) < settings.min_bytes:
        return "below_min_size", f"{len(transcript)} bytes, minimum {settings.min_bytes}"
    return None


def skip_from_result(result: RunResult) -> tuple[str, str] | None:
    if result.status == "complete":
        return None
    if result.status == "skipped":
        return "non_substantive", result.reason or SKIP_REASONS["non_substantive"]
    if "budget" in result.reason:
        return "budget_exhausted", result.reason
    if result.status == "failed" or result.state.failed_calls:
        gaps = " ".join(f"[{s}, {e})" for s, e in result.residual_gaps)
        return "provider_error", f"{result.reason}; gaps {gaps}"
    gaps = " ".join(f"[{s}, {e})" for s, e in result.residual_gaps)
    return "incomplete_coverage", f"coverage {percent_text(result.coverage)}; gaps {gaps}"


async def has_current(store: Store, date: str, project: str) -> bool:
    """Does the group end in a fresh entry or a skip, an offline entry by this engine's code?"""
    providers, revision = code_written()
    return await store.has_current(date, project, revision=revision, code_providers=providers)


async def write_entry(store: Store, date: str, project: str, result: RunResult) -> None:
    await store.write_entry(date, project, result.run_id, EntryText.of(result.entry or {}))


async def write_skip(store: Store, date: str, project: str, reason: str, detail: str,
                     run_id: str | None) -> None:
    if reason not in SKIP_REASONS:
        raise ValueError(f"unknown skip reason {reason!r}")
    await store.write_skip(date, project, reason, detail, run_id)


def skip_report(row: SkipRow) -> dict[str, Any]:
    """A skip as ``gapless skipped --json`` and the skip audit show it: with its explanation."""
    return {"date": row.date, "project": row.project, "reason": row.reason,
            "explanation": SKIP_REASONS.get(row.reason, ""), "detail": row.detail,
            "run_id": row.run_id}


@dataclass(frozen=True, slots=True)
class GroupChoice:
    """Which groups a journal run summarizes: one day, one project (or all), again even
    when current (``force``), the days drawn in time zone ``tz_name`` (the local one)."""

    date: str | None = None
    project: str | None = None
    force: bool = False
    tz_name: str | None = None


async def summarize_journal(
    store: Store,
    settings: Settings,
    choice: GroupChoice | None = None,
    *,
    provider: Provider | None = None,
    sinks_for: Callable[[Group, Transcript], Sequence[Sink]] | None = None,
    on_done: Callable[[GroupOutcome], None] | None = None,
) -> list[GroupOutcome]:
    """Ingest the sources and summarize every chosen group that has no current entry.

    A malformed ``date`` or a ``project`` that neither the sources nor the store know is a
    UserError (the project matches without regard to case), not an empty result.
    """
    choice = choice or GroupChoice()
    date, project, force = check_day(choice.date, "date"), choice.project, choice.force
    groups, _unreadable = await ingest(store, settings, choice.tz_name)
    if project is not None:
        known = {g.project for g in groups} | set(await store.projects())
        if known:
            project = resolve_project(project, known)
    outcomes: list[GroupOutcome] = []
    for group in groups:
        if (date and group.date != date) or (project and group.project != project):
            continue
        if not force and await has_current(store, group.date, group.project):
            outcome = GroupOutcome(group.date, group.project, "current")
        else:
            outcome = await summarize_group(store, settings, group, provider=provider,
                                            force=force, sinks_for=sinks_for)
        outcomes.append(outcome)
        if on_done is not None:
            on_done(outcome)
    return outcomes


async def summarize_group(
    store: Store,
    settings: Settings,
    group: Group,
    *,
    provider: Provider | None = None,
    force: bool = False,
    sinks_for: Callable[[Group, Transcript], Sequence[Sink]] | None = None,
) -> GroupOutcome:
    """One group: precheck skips, else a stored run, then an entry or a skip."""
    transcript = group_transcript(group, RenderOptions.from_settings(settings))
    early = precheck(group, transcript, settings)
    if early is not None:
        await write_skip(store, group.date, group.project, *early, None)
        return GroupOutcome(group.date, group.project, "skip", *early)
    sinks = sinks_for(group, transcript) if sinks_for is not None else ()
    asked = RunRequest(settings, source=f"journal:{group.key}", kind="journal",
                       group_key=group.key, force=force)
    result = await summarize_stored(store, transcript, asked, sinks=sinks, provider=provider)
    skip = skip_from_result(result)
    if skip is None:
        await write_entry(store, group.date, group.project, result)
        return GroupOutcome(group.date, group.project, "entry", run_id=result.run_id,
                            result=result)
    await write_skip(store, group.date, group.project, *skip, result.run_id)
    return GroupOutcome(group.date, group.project, "skip", *skip, run_id=result.run_id,
                        result=result)
