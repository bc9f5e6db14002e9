"""Quitting the workbench while a run it started goes on asks first, says how to resume, and
running the same command again resumes the run: its completed invocations are not sent
again (issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.store import Store
from gapless.tui.app import GaplessApp
from gapless.tui.screens.dialogs.confirm import ConfirmDialog
from gapless.tui.screens.run import RunScreen
from tests.tui.support import SETTINGS, Counting, wait_for, write_source

SIZE = (130, 40)


@pytest.mark.slow
async def test_quit_during_a_live_run_asks_and_the_same_command_resumes_it(
        tmp_path: Path) -> None:
    source = write_source(tmp_path, 160)
    db = tmp_path / "g.db"
    slow = Counting(delay=0.3)
    app = GaplessApp(db_path=db, settings=SETTINGS, path=source,
                     provider_factory=lambda s: slow, run_ids=["first"])
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        # some invocations complete, the run still going
        await wait_for(pilot, lambda: sum(n.status == "complete"
                                          for n in scr.model.live.nodes.values()) >= 3)
        assert not scr.model.finished
        await pilot.press("q")
        dialog = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog)
                                and app.screen)
        question = str(dialog.query_one("#confirm-question").render())
        assert "going on" in question and f"gapless tui {source}" in question
        assert "--db" in question
        # keep running: the run goes on
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen))
        assert app.is_running and not scr.model.finished
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.click("#confirm-stop")
        await wait_for(pilot, lambda: not app.is_running, timeout=15)
    first_calls = len(slow.requests)
    async with await Store.open(db) as store:
        first = await store.state("first")
    assert first.status == "incomplete"
    done = [n for n in first.nodes.values() if n.status == "complete" and n.mode == "leaf"]
    assert done
    # the same command again: a run that resumes the first (linked to it), reusing its work
    again = Counting()
    app2 = GaplessApp(db_path=db, settings=SETTINGS, path=source,
                      provider_factory=lambda s: again, run_ids=["second"])
    async with app2.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app2.screen, RunScreen) and app2.screen)
        await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at, timeout=90)
        second = scr.model.live
        assert second.status == "complete"
        assert second.parent_run_id == "first"
        reused = [n for n in second.nodes.values() if n.reused]
        assert len(reused) >= len(done)
        # no need to ask once nothing is going on
        await pilot.press("q")
        await wait_for(pilot, lambda: not app2.is_running, timeout=5)
    # what the first completed was not sent again
    full = await _full_calls(tmp_path, source)
    assert len(again.requests) <= full - len(done), (first_calls, len(again.requests), full)


async def _full_calls(tmp_path: Path, source: Path) -> int:
    from tests.tui.support import stored_run

    count = Counting()
    rid = await stored_run(tmp_path / "fresh.db", source, provider=count, run_id="fresh")
    assert rid == "fresh"
    return len(count.requests)
