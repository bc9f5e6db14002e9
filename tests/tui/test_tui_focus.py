"""Dialogs and lists answer Enter at once (issue 41): the settings and re-run dialogs open
with their first field focused and Enter performs the default action (save, re-run); the
Runs tab opens the run under its cursor with Enter, without a Tab first."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, DataTable, Input
from textual.widgets._toast import Toast

from gapless.engine.core.state import NodeState
from gapless.tui.app import GaplessApp
from gapless.tui.screens.dialogs.rerun import RerunDialog
from gapless.tui.screens.journal import JournalScreen
from gapless.tui.screens.run import RunScreen
from gapless.tui.screens.settings import SettingsScreen
from scripts.screenshots import show_runs_tab
from tests.tui.support import SETTINGS, stored_run, wait_for, write_source

SIZE = (80, 24)


async def test_the_rerun_dialog_focuses_a_field_and_enter_reruns(tmp_path: Path) -> None:
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS)
    got: list[object] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        node = NodeState(inv="r.1", parent="r", start=0, end=100, depth=1, mode="leaf",
                         status="failed")
        app.push_screen(RerunDialog("x", node, SETTINGS, strategy="tree"), got.append)
        await wait_for(pilot, lambda: isinstance(app.screen, RerunDialog))
        await pilot.pause(0.1)
        assert isinstance(app.screen.focused, Input)
        await pilot.press("enter")
        await wait_for(pilot, lambda: got)
        assert isinstance(got[0], dict)  # re-run with the settings as shown, not cancelled


async def test_the_settings_screen_focuses_a_field_and_enter_saves(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS, config_file=config)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen)
                             and app.screen)
        await pilot.pause(0.1)
        assert isinstance(scr.focused, Input)
        await pilot.press("enter")
        await wait_for(pilot, config.exists)


@pytest.mark.slow
async def test_the_runs_tab_opens_a_run_with_enter(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    await stored_run(db, write_source(tmp_path, 20), run_id="one")
    app = GaplessApp(db_path=db, settings=SETTINGS)
    async with app.run_test(size=SIZE) as pilot:
        home = await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen)
                              and app.screen)
        table = home.query_one("#runs-table", DataTable)
        # the screen has read its runs (a key pressed before its tabs mount can be lost)
        await wait_for(pilot, lambda: table.row_count > 0)
        await show_runs_tab(pilot, home)
        await pilot.press("enter")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen,
                             timeout=10)
        assert scr.run_id == "one"


async def test_a_toast_never_covers_a_dialogs_buttons(tmp_path: Path) -> None:
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        node = NodeState(inv="r.1", parent="r", start=0, end=100, depth=1, mode="leaf",
                         status="failed")
        app.push_screen(RerunDialog("x", node, SETTINGS, strategy="tree"))
        dialog = await wait_for(pilot, lambda: isinstance(app.screen, RerunDialog)
                                and app.screen)
        for n in range(3):  # a few at once, each long enough to wrap
            app.notify(f"connection test {n}: the server answered in 2.1 s with model "
                       "qwen2.5-coder-7b-instruct, its window 32,768 tokens", timeout=30)
        await wait_for(pilot, lambda: list(dialog.query(Toast)) or None)
        await pilot.pause(0.2)
        buttons = list(dialog.query(Button))
        assert buttons, "the dialog has buttons"
        for button in buttons:  # what shows on top at each of the button's cells
            r = button.region
            for x in range(r.x, r.right):
                for y in range(r.y, r.bottom):
                    top, _ = dialog.get_widget_at(x, y)
                    assert not isinstance(top, Toast), f"a toast covers {button.label}"
