"""Re-running a failed scope against a real loopback model server (issue 29): the dialog
starts from the run's own provider, server and model, so the re-run goes to that server only;
one key reaches a deep failure; the tree can show the failures alone."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from rich.console import Console
from textual import events
from textual.widgets import Input, Select

from gapless.engine import make_provider
from gapless.engine.config import Settings
from gapless.engine.core.state import RunState
from gapless.engine.run.prompts import data_blocks
from gapless.engine.store import Store
from gapless.tui.app import GaplessApp
from gapless.tui.screens.dialogs.rerun import RerunDialog
from gapless.tui.screens.run import RunScreen
from gapless.tui.viewmodel.problems import problem_origins, with_problems
from gapless.tui.widgets.detail import NodeDetail
from gapless.tui.widgets.runtree import RunTree
from tests.support.fault_server import FaultServer, fast_settings
from tests.tui.support import SETTINGS, failing_at, stored_run, wait_for, write_source

SIZE = (130, 40)


def plain(renderable: object) -> str:
    console = Console(width=160, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def run_screen(app: GaplessApp) -> RunScreen | None:
    return app.screen if isinstance(app.screen, RunScreen) else None


async def _state(db: Path, run_id: str) -> RunState:
    async with await Store.open(db) as store:
        return await store.state(run_id)


@pytest.mark.slow
async def test_a_rerun_from_the_dialog_goes_to_the_runs_own_server_only(tmp_path: Path) -> None:
    source = write_source(tmp_path, 40)
    db = tmp_path / "g.db"
    broken = {"on": True}
    target_offset = 9000

    def responder(purpose: str, prompt: str) -> str | None:
        # the leaf holding byte 9000 gets an unusable answer while "broken" holds
        if broken["on"] and purpose == "leaf":
            for b in data_blocks(prompt):
                if b.offset <= target_offset < b.offset + len(b.text.encode()):
                    return "I am sorry, I cannot summarize this transcript."
        return None

    with FaultServer(responder=responder) as model_server, FaultServer() as other_server:
        settings = fast_settings(model_server.url, model="fake-model", api_key_env=None)
        rid = await stored_run(db, source, run_id="orig", settings=settings,
                               provider=make_provider(settings))
        orig = await _state(db, rid)
        assert orig.provider == "openai" and orig.status != "complete"
        failed = [n for n in orig.nodes.values() if n.status == "failed"]
        assert failed
        broken["on"] = False
        sent_before = len(model_server.requests)
        # the app's own settings point elsewhere: the re-run must not follow them
        app_settings = Settings(provider="openai", base_url=other_server.url,
                                model="other-model", context_tokens=2048)
        app = GaplessApp(db_path=db, settings=app_settings, run_id="orig")
        async with app.run_test(size=SIZE) as pilot:
            scr = await wait_for(pilot, lambda: run_screen(app))
            await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at)
            await pilot.press("right_square_bracket")
            assert scr.selected in {n.inv for n in failed}
            # the Calls tab: both replies were delivered, neither was usable, and it says so
            await pilot.press("c")
            await pilot.pause(0.1)
            detail = scr.query_one(NodeDetail)
            calls_text = plain(detail._calls(scr.model.live.nodes[scr.selected or ""]))
            assert calls_text.count("unusable answer") == 2, calls_text
            assert "a corrective retry followed" in calls_text
            assert " ok " not in calls_text.replace("\n", " ")
            await pilot.press("r")
            dialog = await wait_for(pilot, lambda: isinstance(app.screen, RerunDialog)
                                    and app.screen)
            # the run's own provider, server, model and window
            assert dialog.query_one("#rerun-provider", Select).value == "openai"
            assert dialog.query_one("#rerun-base_url", Input).value == model_server.url
            assert dialog.query_one("#rerun-model", Input).value == "fake-model"
            assert dialog.query_one("#rerun-context_tokens", Input).value == "1024"
            # test connection reaches it
            await pilot.press("ctrl+t")
            status = dialog.query_one("#rerun-status")
            await wait_for(pilot, lambda: "connected" in str(status.render()), timeout=20)
            await pilot.press("ctrl+s")
            new = await wait_for(pilot, lambda: (s := run_screen(app)) is not None
                                 and s.run_id != "orig" and s)
            await wait_for(pilot, lambda: new.model.finished and new.caught_up_at, timeout=60)
            after = new.model.live
    assert after.parent_run_id == "orig"
    assert after.provider == "openai" and after.settings["base_url"] == model_server.url
    assert after.status == "complete", after.reason
    calls = [c for n in after.nodes.values() for c in n.calls]
    assert calls and {c.provider for c in calls} == {"openai"}
    assert {c.model for c in calls} == {"fake-model"}
    assert len(model_server.requests) > sent_before  # it went to the run's server
    # ... and only there: nothing reached the server the app's settings name
    assert [r for r in other_server.requests if r["method"] == "POST"] == []


async def _deep_failure(tmp_path: Path) -> tuple[Path, RunState]:
    """A stored run whose one failed leaf is at depth 3 or more."""
    source = write_source(tmp_path, 160)
    db = tmp_path / "g.db"
    await stored_run(db, source, run_id="ok")
    ok = await _state(db, "ok")
    leaf = min((n for n in ok.nodes.values() if n.mode == "leaf" and n.depth >= 3),
               key=lambda n: (n.depth != 3, n.start))
    await stored_run(db, source, run_id="bad", provider=failing_at(leaf.start + 10),
                     source_name=str(source))
    return db, await _state(db, "bad")


@pytest.mark.slow
async def test_next_failed_reaches_a_deep_failure_in_one_key_and_the_filter_shows_failures(
        tmp_path: Path) -> None:
    db, bad = await _deep_failure(tmp_path)
    origins = problem_origins(bad)
    assert origins and bad.nodes[origins[0]].depth >= 3
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="bad")
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: run_screen(app))
        await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at)
        tree = scr.query_one(RunTree)
        assert tree.tree_node(origins[0]) is None  # not loaded yet: three levels down
        await pilot.press("right_square_bracket")  # one key
        await pilot.pause(0.1)
        assert scr.selected == origins[0]
        assert tree.cursor_node is not None and tree.cursor_node.data == origins[0]
        assert scr.model.live.nodes[origins[0]].status == "failed"
        assert scr.model.live.nodes[origins[0]].depth >= 3
        # the panel shows it
        assert origins[0] in str(scr.query_one("#node-title").render())
        # "[" goes back (wrapping when there is only one)
        await pilot.press("left_square_bracket")
        assert scr.selected == origins[-1]
        # failed only: the tree holds nothing but failures and their ancestors
        await pilot.press("exclamation_mark")
        await pilot.pause(0.1)
        keep = with_problems(scr.model.live)
        loaded = {inv for inv in keep if tree.tree_node(inv) is not None}
        assert tree.failed_only and loaded
        assert all(tree.tree_node(i) is None for i in scr.model.live.nodes if i not in keep)
        # the failure is still reachable in one key in the filtered tree
        scr.select(scr.model.live.root or "")
        await pilot.press("right_square_bracket")
        assert scr.selected == origins[0]
        await pilot.press("exclamation_mark")  # again: every invocation
        await pilot.pause(0.1)
        assert not tree.failed_only
        assert len(tree.root.children) == len(scr.model.live.nodes[bad.root or ""].children)


async def test_test_connection_to_a_refused_port_fails_fast_in_one_sentence(
        tmp_path: Path) -> None:
    from gapless.tui.screens.settings import SettingsScreen

    app = GaplessApp(db_path=tmp_path / "g.db", config_file=tmp_path / "c.toml",
                     settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen)
        scr.query_one("#s-provider", Select).value = "openai"
        scr.query_one("#s-base_url", Input).value = "http://127.0.0.1:9"
        await pilot.pause(0.1)
        status = scr.query_one("#settings-status")
        t0 = time.monotonic()
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: "✖" in str(status.render()), timeout=10)
        took = time.monotonic() - t0
        text = str(status.render())
        assert took <= 3.0, took
        assert "cannot connect to http://127.0.0.1:9" in text
        assert "Error" not in text and "ConnectError" not in text


async def test_save_reads_what_was_typed_just_before(tmp_path: Path) -> None:
    import tomllib

    from gapless.tui.screens.settings import SettingsScreen

    cfg = tmp_path / "c.toml"
    app = GaplessApp(db_path=tmp_path / "g.db", config_file=cfg, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen)
        field = scr.query_one("#s-model", Input)
        field.focus()
        await pilot.pause(0.05)
        # the keys and ctrl+s in one go, as a terminal delivers them when typed fast: the
        # app gets ctrl+s before the field has handled the keys queued for it
        for ch in "qwen-typed":
            app.post_message(events.Key(ch, ch))
        app.post_message(events.Key("ctrl+s", None))
        await wait_for(pilot, lambda: cfg.exists())
        await pilot.pause(0.1)
        assert tomllib.loads(cfg.read_text())["model"] == "qwen-typed"
