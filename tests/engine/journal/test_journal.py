"""The journal on real transcripts laid out as ~/.claude/projects and ~/.codex/sessions."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gapless.engine.audit.why import run_for_group, why_report
from gapless.engine.config import Settings
from gapless.engine.journal.daily import SKIP_REASONS, GroupChoice, summarize_journal
from gapless.engine.journal.groups import logical_date
from gapless.engine.journal.rollup import parse_day, rollups
from gapless.engine.providers.base import ModelRequest, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run import revision
from gapless.engine.store import Store
from tests.support import sql
from tests.support.paths import REPO_ROOT, TEST_DATA

DATA = TEST_DATA


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A fake home with the sample transcripts where Claude Code and Codex keep them."""
    projects = tmp_path / ".claude" / "projects"
    shutil.copytree(DATA / "claude-projects", projects)
    shutil.copytree(DATA / "claude-code", projects / "-home-dev-notebook")
    codex = tmp_path / ".codex" / "sessions" / "2026" / "02" / "24"
    codex.mkdir(parents=True)
    shutil.copy(DATA / "codex" / "engineering-notebook_test-codex-session-1.jsonl",
                codex / "rollout-2026-02-24T09-00-00-019bf429.jsonl")
    return tmp_path


def settings_for(home: Path, **kw: object) -> Settings:
    kw.setdefault("context_tokens", 4000)
    return Settings(sources=[str(home / ".claude" / "projects"), str(home / ".codex" / "sessions")],
                    **kw)  # type: ignore[arg-type]


def test_logical_day_starts_at_the_configured_hour() -> None:
    late = datetime(2026, 6, 6, 2, 30, tzinfo=UTC)
    assert logical_date(late, 5, UTC) == "2026-06-05"
    assert logical_date(late, 0, UTC) == "2026-06-06"


@pytest.mark.slow
async def test_journal_summarizes_every_group_then_nothing_is_left(home: Path, tmp_path: Path) -> None:
    settings = settings_for(home)
    async with await Store.open(tmp_path / "j.db") as store:
        first = await summarize_journal(store, settings, GroupChoice(tz_name="UTC"))
        assert first, "no groups found"
        statuses = {o.status for o in first}
        assert statuses <= {"entry", "skip"}
        entries = [o for o in first if o.status == "entry"]
        assert entries and all(o.result and o.result.coverage == 1.0 for o in entries)
        projects = {o.project for o in first}
        assert {"android-avd", "OpenCoreAnalysisKit", "engineering-notebook"} <= projects
        skips = [o for o in first if o.status == "skip"]
        assert all(o.reason in SKIP_REASONS for o in skips)
        # every group ends with exactly one row: an entry or a skip
        n_entries = sql.one(store.path, "SELECT COUNT(*) FROM journal_entries")[0]  # type: ignore[index]
        n_skips = sql.one(store.path, "SELECT COUNT(*) FROM journal_skips")[0]  # type: ignore[index]
        assert n_entries == len(entries) and n_skips == len(skips)
        again = await summarize_journal(store, settings, GroupChoice(tz_name="UTC"))
        assert {o.status for o in again} == {"current"}
        forced = await summarize_journal(store, settings, GroupChoice(tz_name="UTC", force=True, project="android-avd"))
        assert forced and all(o.status == "entry" for o in forced)


async def test_subagents_belong_to_their_session_and_the_day_it_started(home: Path,
                                                                        tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "j.db") as store:
        outcomes = await summarize_journal(store, settings_for(home), GroupChoice(tz_name="UTC", project="android-avd"))
        rows = sql.rows(store.path, "SELECT path, date FROM sources WHERE project = ?",
                        ("android-avd",))
        assert len(rows) == 2 and not any("/subagents/" in r[0] for r in rows)
        day = next(d for p, d in rows if "3e89eb15" in p)
        entry = next(o for o in outcomes if o.date == day and o.result)
        run = await store.run(entry.run_id or "")
        assert run is not None and run.status == "complete"
        # the session plus the transcripts of its workflow subagents, in one group
        assert entry.result and entry.result.input_bytes > 400_000
        assert sql.one(store.path, "SELECT COUNT(*) FROM journal_fragments WHERE run_id = ? AND "
                       "preview LIKE '%agent a%'", (run.id,))[0] > 0  # type: ignore[index]


async def test_a_changed_source_marks_its_entry_stale_and_is_redone(home: Path,
                                                                    tmp_path: Path) -> None:
    settings = settings_for(home)
    async with await Store.open(tmp_path / "j.db") as store:
        await summarize_journal(store, settings, GroupChoice(tz_name="UTC", project="OpenCoreAnalysisKit"))
        f = next((home / ".claude" / "projects" / "-home-cwtrocks-OpenCoreAnalysisKit").glob("*.jsonl"))
        with f.open("a") as fh:
            fh.write(json.dumps({"type": "user", "sessionId": "x", "timestamp": "2026-06-06T09:00:00Z",
                                 "message": {"role": "user", "content": "one more question?"}}) + "\n")
        from gapless.engine.journal.ingest import ingest

        await ingest(store, settings, "UTC")
        assert [r[0] for r in sql.rows(store.path, "SELECT stale FROM journal_entries WHERE "
                                       "project = ?", ("OpenCoreAnalysisKit",))] == [1]
        redo = await summarize_journal(store, settings, GroupChoice(tz_name="UTC", project="OpenCoreAnalysisKit"))
        assert [o.status for o in redo] == ["entry"]


async def test_an_offline_entry_of_an_older_engine_is_not_current(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the offline summary's figures are the code's own, so an upgraded engine writes the day
    # again; a model's entry stays current (its answers do not depend on this code)
    choice = GroupChoice(tz_name="UTC", project="OpenCoreAnalysisKit")
    offline, model = settings_for(home), settings_for(home, provider="scripted")
    echo = ScriptedProvider(policy=lambda req, i: ExtractiveProvider().answer(req))
    async with await Store.open(tmp_path / "j.db") as store, \
            await Store.open(tmp_path / "m.db") as other:
        assert {o.status for o in await summarize_journal(store, offline, choice)} == {"entry"}
        assert {o.status for o in await summarize_journal(other, model, choice,
                                                           provider=echo)} == {"entry"}
        assert {o.status for o in await summarize_journal(store, offline, choice)} == {"current"}
        monkeypatch.setattr(revision, "code_revision", lambda: "another engine")
        redone = await summarize_journal(store, offline, choice)
        assert [o.status for o in redone] == ["entry"] and redone[0].result is not None
        assert redone[0].result.reused_run is None
        assert {o.status for o in await summarize_journal(store, offline, choice)} == {"current"}
        assert {o.status for o in await summarize_journal(other, model, choice,
                                                           provider=echo)} == {"current"}


async def test_skip_taxonomy(home: Path, tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "j.db") as store:
        excluded = await summarize_journal(store, settings_for(home, exclude=['*OpenCoreAnalysisKit*']), GroupChoice(tz_name="UTC", project="OpenCoreAnalysisKit"))
        assert [(o.status, o.reason) for o in excluded] == [("skip", "excluded")]
        small = await summarize_journal(store, settings_for(home, min_bytes=10000000), GroupChoice(tz_name="UTC", project="android-avd", force=True))
        assert {o.reason for o in small} == {"below_min_size"}

        def failing(req: ModelRequest, i: int) -> str:
            raise ProviderError("the server is down")

        down = await summarize_journal(store, settings_for(home), GroupChoice(tz_name="UTC", project="android-avd", force=True), provider=ScriptedProvider(policy=failing))
        assert {o.reason for o in down} == {"provider_error"}
        assert all(o.result and o.result.coverage < 1.0 for o in down)

        def nothing(req: ModelRequest, i: int) -> str:
            return json.dumps({"skipped": True, "skip_reason": "only greetings",
                               "headline": "", "summary": "", "topics": []})

        judged = await summarize_journal(store, settings_for(home, context_tokens=200000), GroupChoice(tz_name="UTC", project="engineering-notebook", force=True), provider=ScriptedProvider(policy=nothing))
        assert {o.reason for o in judged} == {"non_substantive"}
        assert all("only greetings" in o.detail for o in judged)

        budget = await summarize_journal(store, settings_for(home, max_calls=2), GroupChoice(tz_name="UTC", project="android-avd", force=True))
        assert {o.reason for o in budget} == {"budget_exhausted"}


async def test_why_and_rollup_for_a_journal_entry(home: Path, tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "j.db") as store:
        outcomes = await summarize_journal(store, settings_for(home, exclude=['*edge_cases*']), GroupChoice(tz_name="UTC"))
        entry = next(o for o in outcomes if o.status == "entry")
        run_id = await run_for_group(store, entry.date, entry.project)
        state, report = await why_report(store, run_id)
        assert report["status"] == "complete" and report["router_reason"]
        root = report["nodes"][report["root"]]
        assert root["coverage"] == 1.0 and root["extraction"]
        leaves = [n for n in report["nodes"].values() if n["mode"] == "leaf"]
        assert all(n["fragments"] and n["calls"] for n in leaves)
        made = await rollups(store, parse_day(entry.date), None, True)
        mine = next(r for r in made if r.project == entry.project)
        assert any(d["date"] == entry.date for d in mine.days)
        assert mine.week <= entry.date <= mine.week_end
        assert datetime.fromisoformat(mine.week).weekday() == 0
        everything = next(r for r in made if r.project == "*")
        skipped_days = {(s["date"], s["project"]) for s in everything.skipped}
        assert skipped_days == {(o.date, o.project) for o in outcomes if o.status == "skip"
                                and mine.week <= o.date <= mine.week_end}
        assert "## Skipped days" in mine.markdown()


@pytest.mark.slow
def test_journal_verbs_on_the_command_line(home: Path, tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(home), "GAPLESS_DB": str(tmp_path / "cli.db"),
           "TZ": "UTC", "PYTHONPATH": str(REPO_ROOT)}

    def gapless(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args], capture_output=True,
                              text=True, env=env, check=False)

    made = gapless("summarize", "--json", "--context-tokens", "4000")
    assert made.returncode == 0, made.stderr
    groups = json.loads(made.stdout)["groups"]
    assert groups and {g["status"] for g in groups} <= {"entry", "skip"}
    runs = json.loads(gapless("runs", "--json").stdout)["runs"]
    assert runs and all(r["kind"] == "journal" for r in runs)
    skipped = json.loads(gapless("skipped", "--json").stdout)["skipped"]
    assert len(skipped) == sum(g["status"] == "skip" for g in groups)
    entry = next(g for g in groups if g["status"] == "entry")
    why = gapless("why", "--date", entry["date"], "--project", entry["project"], "--json")
    assert json.loads(why.stdout)["run_id"] == entry["run_id"]
    human = gapless("why", entry["run_id"][:6], "--depth", "1")
    assert human.returncode == 0 and "strategy" in human.stdout
    roll = gapless("rollup", "--week", entry["date"], "--json")
    assert any(r["project"] == entry["project"] for r in json.loads(roll.stdout)["rollups"])
    bad = gapless("why", "nope-no-such-run")
    assert bad.returncode == 2 and "no run" in bad.stderr and "Traceback" not in bad.stderr


async def test_a_session_edited_to_the_same_size_and_mtime_is_redone(home: Path,
                                                                     tmp_path: Path) -> None:
    """The journal keys a session by its bytes: an edit that keeps the size and restores the
    mtime marks its entry stale, and verify says the group's sessions changed (fails on the
    code before this commit: size and mtime only, and "its sessions are not checked here")."""
    from gapless.engine.usecases.records import verify_stored

    async def journal_note() -> str:
        [note] = [v.source for v in await verify_stored(tmp_path / "j.db", None)
                  if v.source and "session" in v.source]
        return note

    settings = settings_for(home)
    async with await Store.open(tmp_path / "j.db") as store:
        await summarize_journal(store, settings, GroupChoice(tz_name="UTC", project="OpenCoreAnalysisKit"))
        assert (await journal_note()).startswith("unchanged")
        f = next((home / ".claude" / "projects" / "-home-cwtrocks-OpenCoreAnalysisKit").glob("*.jsonl"))
        st = f.stat()
        data = f.read_bytes()
        at = data.index(b"java heap")  # a word of the first request
        f.write_bytes(data[:at] + b"JAVA" + data[at + 4:])
        os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
        assert f.stat().st_size == st.st_size and f.stat().st_mtime_ns == st.st_mtime_ns
        assert (await journal_note()).startswith("changed")
        redo = await summarize_journal(store, settings, GroupChoice(tz_name="UTC", project="OpenCoreAnalysisKit"))
        assert [o.status for o in redo] == ["entry"] and redo[0].result is not None
        assert redo[0].result.calls > 0
        again = await summarize_journal(store, settings, GroupChoice(tz_name="UTC", project="OpenCoreAnalysisKit"))
        assert [o.status for o in again] == ["current"]
