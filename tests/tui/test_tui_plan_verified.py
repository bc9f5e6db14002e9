"""The workbench before and after a run (issue 29, issue 28): a run launched with
``gapless tui PATH`` shows its plan (strategy, calls, tokens, ETA) before anything is sent,
then the calls planned beside the calls made; a finished run says ``verified`` — or
``CONTRADICTED`` — beside its status, checked once, off the UI thread."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from gapless.engine.core.state import RunState
from gapless.tui.app import GaplessApp
from gapless.tui.messages import RunPlanned
from gapless.tui.screens.run import RunScreen
from gapless.tui.widgets.stats import RunStats
from tests.support.fault_server import FaultServer, fast_settings
from tests.tui.support import Seen, stored_run, wait_for, write_source


@pytest.mark.slow
async def test_a_launched_run_shows_its_plan_then_the_calls_planned(tmp_path: Path) -> None:
    source = write_source(tmp_path, 90, 60)
    with FaultServer(delay=0.3) as server:
        settings = fast_settings(server.url, context_tokens=4000, concurrency=2,
                                 timeout_seconds=5.0)
        app = GaplessApp(db_path=tmp_path / "g.db", settings=settings, path=source,
                         run_ids=["planned"])
        seen = Seen(RunPlanned)
        async with app.run_test(size=(160, 45), message_hook=seen) as pilot:
            scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen)
                                 and app.screen)
            plan = await wait_for(pilot, lambda: scr.plan)
            assert seen.messages and seen.messages[0].run_id == "planned"
            assert plan.strategy == "tree" and plan.calls == plan.leaves + plan.folds
            assert plan.eta_seconds is None  # a fresh database: nothing measured yet
            stats = scr.query_one(RunStats)
            # before the first event the header is the plan
            stats.show(RunState(run_id="planned"), plan=plan)
            header = str(stats.render())
            assert f"plan: tree · {plan.calls} calls ({plan.leaves} leaves, " in header
            assert "ETA: no earlier calls to measure" in header
            # while it runs: the calls made of the calls planned
            await wait_for(pilot, lambda: scr.model.live.status == "running"
                           and scr.model.live.calls > 0, timeout=30)
            scr._show_stats()
            assert f"/{plan.calls}" in str(stats.render())
            await wait_for(pilot, lambda: scr.model.finished, timeout=60)
            assert scr.model.live.status == "complete"
            assert scr.model.live.calls == plan.calls  # the plan held
            await wait_for(pilot, lambda: scr.verdict is not None, timeout=30)
            await pilot.pause(0.3)
            assert "verified" in str(stats.render()).split("\n")[0]
        # planning sent nothing: every completion the server was asked for was a call of
        # the run
        asked = [r for r in server.requests if r["path"].endswith("/chat/completions")]
        assert len(asked) == plan.calls


@pytest.mark.slow
async def test_a_finished_run_says_verified_and_a_tampered_one_contradicted(
        tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    source = write_source(tmp_path, 90, 60)
    await stored_run(db, source, run_id="good")
    await stored_run(db, source, run_id="bad", source_name="copy.md")
    con = sqlite3.connect(db)
    try:  # the ledger of one call of "bad" says it read nothing
        seq, body = con.execute("SELECT seq, body FROM events WHERE run_id = 'bad' AND type = "
                                "'provider_call' ORDER BY seq LIMIT 1").fetchone()
        data = json.loads(body)
        data["sent"] = []
        with con:
            con.execute("UPDATE events SET body = ? WHERE run_id = 'bad' AND seq = ?",
                        (json.dumps(data), seq))
    finally:
        con.close()
    await _shows_verdict(db, "good", "verified")
    await _shows_verdict(db, "bad", "CONTRADICTED")


async def _shows_verdict(db: Path, rid: str, word: str) -> None:
    app = GaplessApp(db_path=db, run_id=rid)
    async with app.run_test(size=(120, 36)) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        verdict = await wait_for(pilot, lambda: scr.verdict, timeout=30)
        assert verdict.holds is (rid == "good")
        await pilot.pause(0.2)
        first = str(scr.query_one(RunStats).render()).split("\n")[0]
        assert word in first, first
        if rid == "bad":
            assert any("CONTRADICTED" in (n.title or "") for n in app._notifications)
