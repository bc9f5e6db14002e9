"""The workbench's first hour (issue 14), driven by the pilot against a real store: the Text
tab loads the run's input as the run rendered it, the numbers on screen agree, anchors read
as a list, the tree's keys and headlines, stepping, the re-run dialog, settings, skips."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Static

from engine import EventWriter, RunMeta, Store, compact_conversation
from tests.tui.support import SETTINGS, stored_run, wait_for
from tui.app import GaplessApp
from tui.screens.run import RunScreen
from tui.widgets.detail import NodeDetail

DATA = Path("/work/shared/data")
SIZE = (130, 40)
MEETING = DATA / "meetings" / "ES2002a.txt"
SESSION = DATA / "claude-code" / "claude-code-log_representative_messages.jsonl"


def copy(src: Path, folder: Path) -> Path:
    out = folder / src.name
    shutil.copyfile(src, out)
    return out


def text_pane(scr: RunScreen) -> str:
    return str(scr.query_one("#node-text", Static).render())


async def open_run(app: GaplessApp, pilot: object) -> RunScreen:
    scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
    await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at is not None)
    return scr  # type: ignore[no-any-return]


async def test_a_compaction_shows_its_conversation_text(tmp_path: Path) -> None:
    src = copy(SESSION, tmp_path)
    db = tmp_path / "g.db"
    async with await Store.open(db) as store:
        writer = await EventWriter(store, meta=RunMeta(kind="compact")).start()
        try:
            await compact_conversation(str(src), 600, settings=SETTINGS, sinks=[writer],
                                       run_id="cmp1")
        finally:
            await writer.close()
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="cmp1")
    async with app.run_test(size=SIZE) as pilot:
        scr = await open_run(app, pilot)
        assert scr.model.live.strategy == "compact"
        await wait_for(pilot, lambda: scr._transcript is not None)
        await wait_for(pilot, lambda: "bytes [0, " in text_pane(scr))
        assert "not available" not in text_pane(scr)


async def test_a_stored_meeting_run_shows_its_text_and_a_gone_file_says_why(
        tmp_path: Path) -> None:
    src = copy(MEETING, tmp_path)
    db = tmp_path / "g.db"
    await stored_run(db, src, run_id="meet1")
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="meet1")
    async with app.run_test(size=SIZE) as pilot:
        scr = await open_run(app, pilot)
        await wait_for(pilot, lambda: "Project Manager" in text_pane(scr))
    src.unlink()
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="meet1")
    async with app.run_test(size=SIZE) as pilot:
        scr = await open_run(app, pilot)
        await wait_for(pilot, lambda: "is no longer there" in text_pane(scr))


async def test_the_text_tab_says_loading_until_the_text_is_there(tmp_path: Path) -> None:
    src = copy(MEETING, tmp_path)
    db = tmp_path / "g.db"
    await stored_run(db, src, run_id="meet2")
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="meet2")
    async with app.run_test(size=SIZE) as pilot:
        scr = await open_run(app, pilot)
        detail = scr.query_one(NodeDetail)
        state = scr.model.live
        detail.show(state, state.root, None, scr.model.started, force=True)
        assert "loading the source text…" in text_pane(scr)
