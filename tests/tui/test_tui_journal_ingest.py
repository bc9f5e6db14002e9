"""The journal is ingested from the workbench (`i`) with its progress on screen; reloading
(F5) shows the entries in the right pane and keeps the focus in the tree (issue 29)."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Static, Tree

from gapless.engine.config import Settings
from gapless.tui.app import GaplessApp
from gapless.tui.messages import JournalProgress
from gapless.tui.screens.journal import JournalScreen
from tests.support.paths import TEST_DATA
from tests.tui.support import Seen, fill_journal, wait_for

SIZE = (130, 40)


async def test_ingest_from_the_ui_with_progress(tmp_path: Path) -> None:
    projects = tmp_path / ".claude" / "projects"
    shutil.copytree(TEST_DATA / "claude-code", projects / "-home-dev-notebook")
    settings = Settings(sources=[str(projects)], context_tokens=4000, min_bytes=0)
    app = GaplessApp(db_path=tmp_path / "g.db", settings=settings)
    seen = Seen(JournalProgress)
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen) and app.screen)
        assert "i ingests the sources" in str(scr.query_one("#journal-detail").render())
        tree = scr.query_one("#journal-tree", Tree)
        tree.focus()
        await pilot.press("i")
        await wait_for(pilot, lambda: any(m.done for m in seen.messages), timeout=90)
        await pilot.pause(0.3)
        texts = [m.text for m in seen.messages]
        assert any("ingesting:" in t for t in texts)  # progress while it went
        assert any("%" in t for t in texts)
        line = str(scr.query_one("#journal-progress", Static).render())
        assert "journal ingested:" in line and "written" in line
        # the tree holds the new entries, the pane no longer says the journal is empty
        await wait_for(pilot, lambda: len(tree.root.children) >= 1
                       and tree.root.children[0].data is not None)
        assert "is empty" not in str(scr.query_one("#journal-detail").render())
        assert app.focused is tree


async def test_reload_updates_the_pane_and_keeps_the_focus(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    app = GaplessApp(db_path=db, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen) and app.screen)
        tree = scr.query_one("#journal-tree", Tree)
        detail = scr.query_one("#journal-detail", Static)
        assert "is empty" in str(detail.render())
        tree.focus()
        await fill_journal(db)  # entries written by another process meanwhile
        await pilot.press("f5")
        await wait_for(pilot, lambda: len(tree.root.children) >= 2
                       and tree.root.children[0].data is not None)
        await pilot.pause(0.2)
        assert "is empty" not in str(detail.render())
        assert app.focused is tree
        await pilot.press("down")
        await wait_for(pilot, lambda: "week of" in scr.shown)
