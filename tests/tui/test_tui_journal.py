"""The journal screen (entries by week and day, rollups, the why view) and the skip audit
(filters by project, dates and reason; paging)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Select, Tree

from gapless.tui.app import GaplessApp
from gapless.tui.messages import RunEnded
from gapless.tui.screens.journal import JournalScreen
from gapless.tui.screens.run import RunScreen
from gapless.tui.screens.skips import PAGE, SkipsScreen
from tests.support.paths import TEST_DATA
from tests.tui.support import SETTINGS, Seen, fill_journal, stored_run, wait_for, write_source

SIZE = (130, 40)


@pytest.mark.slow
async def test_journal_by_week_with_rollup_and_why(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    await stored_run(db, write_source(tmp_path, 40), run_id="why1")
    await fill_journal(db, skips=2, run_id="why1")
    app = GaplessApp(db_path=db, settings=SETTINGS)
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen) and app.screen)
        tree = scr.query_one("#journal-tree", Tree)
        await wait_for(pilot, lambda: len(tree.root.children) >= 2)
        weeks = [n.data["week"] for n in tree.root.children]
        assert weeks[:2] == ["2026-02-23", "2026-02-16"]  # newest week first
        week = tree.root.children[0]
        week.expand()
        await wait_for(pilot, lambda: len(week.children) == 2)
        days = [d.data["day"] for d in week.children]
        assert days == ["2026-02-24", "2026-02-23"]
        projects = [e.data["project"] for e in week.children[0].children]
        assert projects == ["alpha", "beta"]
        # the week node shows its rollup
        tree.move_cursor(week)
        await wait_for(pilot, lambda: "week of 2026-02-23" in scr.shown)
        # an entry shows its text, and the rollup of its week for its project
        entry = week.children[1].children[0]
        assert entry.data["run_id"] == "why1"
        tree.move_cursor(entry)
        await wait_for(pilot, lambda: "fixed the parser 0" in scr.shown)
        # why: the run behind the entry, with its invocation tree
        tree.focus()
        await pilot.press("w")
        run = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        assert run.run_id == "why1"
        await wait_for(pilot, lambda: run.model.finished)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        # the runs tab lists the run and opens it
        await pilot.press("2")
        table = scr.query_one("#runs-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1)
        table.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen))


@pytest.mark.slow
async def test_skip_filters_and_paging(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    await fill_journal(db, skips=330, entries=False)
    app = GaplessApp(db_path=db, settings=SETTINGS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("k")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SkipsScreen) and app.screen)
        table = scr.query_one("#skips-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == PAGE)
        assert scr.has_next
        first_page = [r["date"] + r["project"] for r in scr.rows]
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scr.page == 1 and scr.loaded[1] == scr.page)
        assert not set(first_page) & {r["date"] + r["project"] for r in scr.rows}
        await pilot.press("pagedown", "pagedown")
        await wait_for(pilot, lambda: scr.page == 3 and scr.loaded[1] == scr.page)
        assert not scr.has_next and len(scr.rows) == 330 - 3 * PAGE
        await pilot.press("pageup")
        await wait_for(pilot, lambda: scr.page == 2 and scr.loaded[1] == scr.page)
        # project filter: typed, applied as you type, back to page 1
        project = scr.query_one("#f-project", Input)
        project.focus()
        await pilot.press(*"beta")
        await wait_for(pilot, lambda: scr.loaded == (scr.filters, 0)
                       and scr.filters["project"] == "beta")
        assert scr.page == 0 and scr.rows and all(r["project"] == "beta" for r in scr.rows)
        # reason filter
        scr.query_one("#f-reason", Select).value = "provider_error"
        await wait_for(pilot, lambda: scr.loaded == (scr.filters, 0)
                       and scr.filters["reason"] == "provider_error")
        assert scr.rows and all(r["reason"] == "provider_error" and r["project"] == "beta"
                                for r in scr.rows)
        # date filters, and an invalid date refused without changing the table
        since = scr.query_one("#f-since", Input)
        since.value = "2026-03-01"
        until = scr.query_one("#f-until", Input)
        until.value = "2026-04-30"
        await wait_for(pilot, lambda: scr.loaded == (scr.filters, 0)
                       and scr.filters["until"] == "2026-04-30")
        assert scr.rows and all("2026-03-01" <= r["date"] <= "2026-04-30" for r in scr.rows)
        before = list(scr.rows)
        since.value = "March"
        await pilot.pause(0.2)
        assert since.has_class("-invalid") and scr.rows == before
        assert "2026-02-24" in str(scr.query_one("#skips-status").render())
        # clearing the filters shows everything again
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: not any(scr.filters.values())
                       and scr.loaded == (scr.filters, 0))
        assert table.row_count == PAGE and scr.has_next


DATA = TEST_DATA


async def test_summarize_a_skipped_group_anyway(tmp_path: Path) -> None:
    import shutil

    from gapless.engine.config import Settings
    from gapless.engine.journal.daily import GroupChoice, summarize_journal
    from gapless.engine.store import Store

    projects = tmp_path / ".claude" / "projects"
    shutil.copytree(DATA / "claude-code", projects / "-home-dev-notebook")
    db = tmp_path / "g.db"
    small = Settings(sources=[str(projects)], context_tokens=4000, min_bytes=10_000_000)
    async with await Store.open(db) as store:
        outcomes = await summarize_journal(store, small, GroupChoice(tz_name="UTC"))
    skipped = [o for o in outcomes if o.status == "skip" and o.reason == "below_min_size"]
    assert skipped
    target = skipped[0]
    app = GaplessApp(db_path=db, settings=small.model_copy(update={"min_bytes": 0}))
    ended = Seen(RunEnded)
    async with app.run_test(size=SIZE, message_hook=ended) as pilot:
        await pilot.pause(0.2)
        await pilot.press("k")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SkipsScreen) and app.screen)
        await wait_for(pilot, lambda: scr.loaded is not None and scr.rows)
        row = next(i for i, r in enumerate(scr.rows)
                   if (r["date"], r["project"]) == (target.date, target.project))
        scr.query_one("#skips-table", DataTable).move_cursor(row=row)
        await pilot.press("ctrl+a")
        run = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen,
                             timeout=30)
        await wait_for(pilot, lambda: run.model.finished and ended.of(run.run_id), timeout=60)
        assert run.model.live.status == "complete"
    async with await Store.open(db) as store:
        entry = await store.entry(target.date, target.project)
        left = await store.skip(target.date, target.project)
    assert entry is not None and entry.run_id == run.run_id and left is None


@pytest.mark.slow
async def test_palette_help_and_themes(tmp_path: Path) -> None:
    from gapless.tui.screens.dialogs.help import HelpScreen

    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"Journal", "Skipped groups", "Settings", "Open run…", "Help"} <= set(titles)
        assert any("theme" in t.lower() for t in titles)
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        await pilot.press(*"Skipped groups")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SkipsScreen))
        await pilot.press("escape", "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        app.theme = "textual-light"
        await pilot.pause(0.1)
        assert app.theme == "textual-light"
