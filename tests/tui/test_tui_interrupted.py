"""The workbench's runs table shows a run whose process died as interrupted (issue 14)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from textual.widgets import DataTable

from gapless.engine.config import Settings
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.lifecycle import RunLifecycle, Supplied
from gapless.engine.run.request import RunRequest
from gapless.engine.store import INTERRUPTED, EventWriter, RunMeta, Store
from gapless.tui.app import GaplessApp
from gapless.tui.screens.journal import JournalScreen
from tests.support.helpers import make_transcript
from tests.tui.support import SETTINGS, wait_for


async def dead_run(db: Path) -> str:
    """A run left 'running' by a process that no longer exists."""
    t = make_transcript(40, 30)
    async with await Store.open(db) as store:
        writer = await EventWriter(store, transcript=t, meta=RunMeta()).start()
        async with RunLifecycle(RunRequest(Settings(), source="t"), t,
                                Supplied(ExtractiveProvider(), [writer])) as run:
            run.started(input_bytes=len(t), strategy="tree")
            await writer.flush()
            run._finished = True  # the process died: no finish is ever written
        await writer.close()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    con = sqlite3.connect(db)
    con.execute("UPDATE runs SET pid = ? WHERE id = ?", (int(gone.stdout), run.run_id))
    con.commit()
    con.close()
    return run.run_id


async def test_the_runs_table_shows_an_interrupted_run(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    rid = await dead_run(db)
    app = GaplessApp(db_path=db, settings=SETTINGS)
    async with app.run_test(size=(160, 40)) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen) and app.screen)
        await pilot.press("2")
        table = scr.query_one("#runs-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1)
        status = str(table.get_row(rid)[3])
        assert INTERRUPTED in status
