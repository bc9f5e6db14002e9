"""The use cases the front ends go through instead of a store: the records they read
(``open_records``, ``explain_run``, ``verify_stored``) and the runs they start on a database
path (``summarize_loaded``, ``rerun_stored``), each answering as the store holds it."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from gapless.engine import (
    RunPlan,
    Settings,
    UserError,
    explain_run,
    open_records,
    rerun_stored,
    summarize_loaded,
    verify_stored,
)
from gapless.engine.core.events import Event, RunFinished
from gapless.engine.providers.base import ModelRequest, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.prompts import data_blocks
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store
from tests.support.helpers import make_transcript

OFFLINE = ExtractiveProvider()
SETTINGS = Settings(context_tokens=1024)


def failing_at(offset: int) -> ScriptedProvider:
    """Answers like the offline provider, except for reads that hold byte ``offset``."""

    def policy(req: ModelRequest, i: int) -> str:
        for b in data_blocks(req.prompt):
            if b.offset <= offset < b.offset + len(b.text.encode()):
                raise ProviderError("503 from the model server")
        return OFFLINE.answer(req)

    return ScriptedProvider(policy=policy)


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "day.md"
    path.write_bytes(make_transcript(400, 60).data)
    return path


async def test_a_run_started_on_a_path_is_read_back_as_the_store_holds_it(
        source: Path, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    plans: list[RunPlan] = []
    events: list[Event] = []
    t = load_transcript(source)
    first = await summarize_loaded(db, t, SETTINGS, source=str(source),
                                   provider=failing_at(len(t) // 2), sinks=[events.append],
                                   planned=plans.append)
    assert first.status == "incomplete"
    assert [p.source for p in plans] == [str(source)]  # planned before the run, once
    async with open_records(db) as records:
        assert records.path == db
        assert [r.id for r in await records.runs()] == [first.run_id]
        row = await records.find_run(first.run_id[:6])
        assert row.id == first.run_id and row.status == "incomplete"
        stored = await records.events(first.run_id)
        assert [type(e) for e in stored] == [type(e) for e in events]
        assert isinstance(stored[-1], RunFinished)
        assert len(await records.events(first.run_id, after=stored[1].seq, limit=3)) == 3
        assert (await records.state(first.run_id)).status == "incomplete"
        report = await records.why(first.run_id)
        assert report["run_id"] == first.run_id and report["status"] == "incomplete"
        [verdict] = await records.verify([first.run_id], check_source=False)
        assert verdict.holds
    explained = await explain_run(db, first.run_id[:6])
    assert explained["run_id"] == first.run_id
    assert explained["verified"] is True and explained["contradictions"] == []


async def test_a_rerun_without_an_invocation_redoes_the_root(source: Path,
                                                            tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    t = load_transcript(source)
    first = await summarize_loaded(db, t, SETTINGS, source=str(source), provider=failing_at(10))
    again = await rerun_stored(db, first.run_id[:6], None, SETTINGS, provider=OFFLINE)
    assert again.status == "complete" and again.coverage == 1.0
    verdicts = await verify_stored(db, None)
    assert [v.run_id for v in verdicts] == [first.run_id, again.run_id]
    assert all(v.holds for v in verdicts)
    async with open_records(db) as records:
        row = await records.run(again.run_id)
        assert row is not None and row.kind == "rerun" and row.parent_run_id == first.run_id
    with pytest.raises(UserError, match="nothing to re-run"):
        await rerun_stored(db, again.run_id, None, SETTINGS, provider=OFFLINE)


async def test_a_run_that_is_not_there_is_one_sentence(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    with pytest.raises(UserError, match="no run 'nope'"):
        await verify_stored(db, "nope")
    with pytest.raises(UserError, match="is a directory"):
        async with open_records(tmp_path):
            pass


async def test_the_journal_is_read_by_week_and_day_with_projects_in_any_case(
        tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    async with await Store.open(db) as store:
        for day, project in (("2026-11-23", "gapless"), ("2026-11-29", "Notes"),
                             ("2026-11-30", "gapless")):
            await store.write_skip(day, project, "too_small", "12 bytes", None)
    async with open_records(db) as records:
        assert await records.known_project("GAPLESS") == "gapless"
        assert await records.known_project(None) is None
        with pytest.raises(UserError, match="unknown project 'other'"):
            await records.known_project("other")
        entries, skips = await records.week(date(2026, 11, 25))
        assert entries == [] and [(k.date, k.project) for k in skips] == [
            ("2026-11-29", "Notes"), ("2026-11-23", "gapless")]
        _, skips = await records.week(date(2026, 11, 25), project="gapless")
        assert [k.date for k in skips] == ["2026-11-23"]
        _, skips = await records.journal(day="2026-11-30")
        assert [(k.date, k.project) for k in skips] == [("2026-11-30", "gapless")]
        _, skips = await records.journal(limit=2)
        assert [k.date for k in skips] == ["2026-11-30", "2026-11-29"]
