"""The Run screen driven by the pilot: a live run to completion, stepping, re-running a scope."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.core.spans import merge
from gapless.engine.core.state import fold
from gapless.engine.store import Store
from gapless.tui.app import GaplessApp
from gapless.tui.messages import RunEnded, RunFailed
from gapless.tui.screens.dialogs.rerun import RerunDialog
from gapless.tui.screens.journal import JournalScreen
from gapless.tui.screens.run import RunScreen
from gapless.tui.viewmodel.bars import run_bar
from gapless.tui.widgets.coverage import CoverageBar, cell_classes
from gapless.tui.widgets.runtree import RunTree, node_label
from gapless.tui.widgets.stats import RunStats
from tests.tui.support import (
    SETTINGS,
    Counting,
    Seen,
    failing_at,
    stored_run,
    wait_for,
    write_source,
)

SIZE = (130, 40)


def run_screen(app: GaplessApp) -> RunScreen | None:
    return app.screen if isinstance(app.screen, RunScreen) else None


@pytest.mark.slow
async def test_live_run_to_completion_matches_the_final_state(tmp_path: Path) -> None:
    source = write_source(tmp_path, 160)
    slow = Counting(delay=0.02)
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS, path=source,
                     provider_factory=lambda s: slow, run_ids=["live1"])
    seen_running = False
    async with app.run_test(size=SIZE) as pilot:
        def done() -> bool:
            nonlocal seen_running
            scr = run_screen(app)
            if scr is None:
                return False
            if scr.model.live.status == "running" and scr.model.live.in_flight:
                seen_running = True
            return scr.model.finished and scr.caught_up_at is not None
        await wait_for(pilot, done, timeout=90)
        await pilot.pause(0.4)
        scr = run_screen(app)
        assert scr is not None and scr.run_id == "live1"
        assert seen_running  # it was shown while it ran, not only at the end
        state = scr.model.live
        assert state.status == "complete"
        # the app's fold equals a fresh fold of the stored events
        async with await Store.open(tmp_path / "g.db") as store:
            stored = await store.state("live1")
        assert {i: (n.status, n.coverage) for i, n in stored.nodes.items()} == \
               {i: (n.status, n.coverage) for i, n in state.nodes.items()}
        # the tree: root first, its children loaded lazily, labels show the final status
        tree = scr.query_one(RunTree)
        assert tree.root.data == state.root
        root = state.nodes[state.root or ""]
        assert [c.data for c in tree.root.children] == root.children
        for child in tree.root.children:
            assert str(child.label) == node_label(state.nodes[child.data or ""]).plain
            assert str(child.label).startswith("✔")
        assert tree.loaded == 1 + len(root.children) < len(state.nodes)
        # the bars: the whole input covered, no gaps
        bar = scr.query_one("#run-bar", CoverageBar)
        assert bar.data == run_bar(state)
        assert bar.data is not None and bar.data.gaps == [] and \
            bar.data.covered == [(0, state.input_bytes)]
        assert set(cell_classes(bar.data, 50)) == {"c"}
        header = str(scr.query_one(RunStats).render())
        assert "complete" in header and f"calls {state.calls}" in header
        # expanding a child loads its children (lazily)
        first = tree.root.children[0]
        first.expand()
        await pilot.pause(0.2)
        assert [c.data for c in first.children] == state.nodes[first.data or ""].children


@pytest.mark.slow
async def test_leaving_the_screen_does_not_stop_the_run(tmp_path: Path) -> None:
    source = write_source(tmp_path, 120)
    slow = Counting(delay=0.03)
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS, path=source,
                     provider_factory=lambda s: slow, run_ids=["bg1"])
    ended = Seen(RunEnded)
    async with app.run_test(size=SIZE, message_hook=ended) as pilot:
        await wait_for(pilot, lambda: run_screen(app) is not None)
        await pilot.pause(0.2)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        await wait_for(pilot, lambda: ended.of("bg1"), timeout=90)
        assert ended.of("bg1").status == "complete"
        # attach again: the finished run is read back from the store
        app.open_run("bg1")
        await wait_for(pilot, lambda: (s := run_screen(app)) is not None and s.model.finished)


async def test_a_run_that_cannot_start_says_why(tmp_path: Path) -> None:
    """A failing run ends its worker in error; the app's one handler says so with RunFailed,
    and the run's screen shows it on the tree's root."""
    from gapless.engine import UserError

    def broken(settings: object) -> Counting:
        raise UserError("no model server at that address")

    source = write_source(tmp_path, 20)
    failed = Seen(RunFailed)
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS, path=source,
                     provider_factory=broken, run_ids=["bad1"])
    async with app.run_test(size=SIZE, message_hook=failed) as pilot:
        scr = await wait_for(pilot, lambda: run_screen(app))
        await wait_for(pilot, lambda: failed.of("bad1"))
        assert failed.of("bad1").error == "no model server at that address"
        await wait_for(pilot, lambda: str(scr.query_one(RunTree).root.label)
                       == "✖ no model server at that address")


@pytest.mark.slow
async def test_attach_to_a_run_and_step_back_and_forth(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    source = write_source(tmp_path, 100)
    await stored_run(db, source, run_id="step1")
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="step1", step=True)
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: run_screen(app))
        await wait_for(pilot, lambda: scr.step_state is not None and scr.model.finished)
        events = scr.model.events
        n = len(events)
        assert scr.step_k == 0  # stepping opens at step 0 (issue 14)

        def check(k: int) -> None:
            assert scr.step_k == k
            expect = fold(events[:k])
            got = scr.step_state
            assert got is not None
            assert {i: (x.status, x.coverage, len(x.children)) for i, x in got.nodes.items()} \
                == {i: (x.status, x.coverage, len(x.children)) for i, x in expect.nodes.items()}
            assert scr.query_one("#run-bar", CoverageBar).data == run_bar(expect)
            tree = scr.query_one(RunTree)
            for inv, tn in tree._tnodes.items():
                assert inv in expect.nodes
                assert str(tn.label) == node_label(expect.nodes[inv], expect).plain

        await pilot.press("home")
        check(0)
        assert scr.query_one(RunTree).root.data is None
        await pilot.press("right", "right", "right")
        check(3)
        await pilot.press("left")
        check(2)
        await pilot.press("end")
        check(n)
        for _ in range(5):
            await pilot.press("left")
        check(n - 5)
        # jump back far (from a checkpoint), then forward again
        scr._goto(n // 2)
        check(n // 2)
        scr._goto(n // 2 + 700)
        check(min(n, n // 2 + 700))
        # play, then pause: it moves on by itself
        await pilot.press("home", "plus", "plus", "p")
        await pilot.pause(0.6)
        await pilot.press("p")
        assert not scr.playing and 0 < (scr.step_k or 0) < n
        check(scr.step_k or 0)
        # next action of the selected node (a leaf: its read and its call)
        leaf = next(x for x in scr.model.live.nodes.values() if x.mode == "leaf")
        born = next(i for i, e in enumerate(events)
                    if getattr(e, "inv", None) == leaf.inv) + 1
        scr._goto(born)
        scr.select(leaf.inv)
        await pilot.press("n")
        k = scr.step_k or 0
        assert k > born and getattr(events[k - 1], "inv", None) == leaf.inv
        check(k)
        await pilot.press("n")
        assert (scr.step_k or 0) > k
        await pilot.press("b")
        assert scr.step_k == k
        # leaving step mode shows the live (final) state again
        await pilot.press("t")
        assert scr.step_state is None
        assert scr.query_one("#run-bar", CoverageBar).data == run_bar(scr.model.live)


@pytest.mark.slow
async def test_rerun_a_failed_scope_until_the_root_is_complete(tmp_path: Path) -> None:
    source = write_source(tmp_path, 400)
    size = source.stat().st_size
    counting = Counting()
    providers = iter([failing_at(size // 2), counting])
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS, path=source,
                     provider_factory=lambda s: next(providers), run_ids=["orig1"])
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: run_screen(app))
        await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at, timeout=90)
        state = scr.model.live
        assert state.status == "incomplete"
        failed = [x for x in state.nodes.values() if x.status == "failed"]
        assert len(failed) == 1
        target = failed[0]
        bar = scr.query_one("#run-bar", CoverageBar).data
        assert bar is not None and bar.gaps and "g" in cell_classes(bar, 80)
        # r on a complete node refuses; on the failed one it opens the dialog
        ok = next(x for x in state.nodes.values() if x.status == "complete")
        scr.select(ok.inv)
        await pilot.press("r")
        assert not isinstance(app.screen, RerunDialog)
        scr.select(target.inv)
        await pilot.pause(0.1)
        await pilot.press("r")
        dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, RerunDialog)
                                else None)
        assert dialog.node.inv == target.inv
        await pilot.click("#rerun-go")
        new = await wait_for(pilot, lambda: (s := run_screen(app)) is not None
                             and s.run_id != "orig1" and s)
        await wait_for(pilot, lambda: new.model.finished and new.caught_up_at, timeout=90)
        after = new.model.live
        assert after.status == "complete" and after.coverage == 1.0 and after.gaps == []
        assert after.parent_run_id == "orig1"
        # only the failed leaf and its ancestor folds went to the model again
        assert len(counting.requests) == target.depth + 1
        reads = merge(new.model.live.nodes[i].reads[0] for i in new.model.live.nodes
                      if new.model.live.nodes[i].reads and not new.model.live.nodes[i].reused)
        assert reads == [target.scope]
        nbar = new.query_one("#run-bar", CoverageBar).data
        assert nbar is not None and nbar.gaps == [] and set(cell_classes(nbar, 80)) == {"c"}
        tree = new.query_one(RunTree)
        assert str(tree.root.label).startswith("✔")
        async with await Store.open(tmp_path / "g.db") as store:
            row = await store.run(new.run_id)
        assert row is not None and row.parent_run_id == "orig1" and row.status == "complete"


async def test_rerun_dialog_validates_and_passes_overrides(tmp_path: Path) -> None:
    from gapless.engine.core.state import NodeState
    from gapless.tui.screens.dialogs.rerun import rerun_overrides

    overrides, merged = rerun_overrides(SETTINGS, SETTINGS, "extractive",
                                        {"model": "m2", "read_window": "4096",
                                         "max_actions": "7", "max_calls": ""})
    assert overrides == {"model": "m2", "read_window": 4096, "max_actions": 7}
    assert merged.read_window == 4096
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS)
    got: list[object] = []
    async with app.run_test(size=SIZE) as pilot:
        node = NodeState(inv="r.1", parent="r", start=0, end=100, depth=1, mode="leaf",
                         status="failed")
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        app.push_screen(RerunDialog("x", node, SETTINGS), got.append)
        await pilot.pause(0.1)
        window = app.screen.query_one("#rerun-window")
        window.value = "10"  # below the minimum read window
        await pilot.pause(0.1)
        assert app.screen.query_one("#rerun-go").disabled
        await pilot.press("ctrl+s")
        assert got == []
        window.value = "3000"
        await pilot.pause(0.1)
        await pilot.press("ctrl+s")
        await pilot.pause(0.1)
        assert got == [{"read_window": 3000}]


async def test_wide_nodes_load_their_children_a_page_at_a_time(tmp_path: Path) -> None:
    from bench.tui_bench import tree_events, write_all
    from gapless.tui.widgets.runtree import MORE

    db = tmp_path / "wide.db"
    events = list(tree_events("wide", 451, fan=450))
    await write_all(db, "wide", events)
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="wide")
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: run_screen(app))
        await wait_for(pilot, lambda: scr.caught_up_at is not None)
        await pilot.pause(0.2)
        tree = scr.query_one(RunTree)
        kids = tree.root.children
        assert len(kids) == RunTree.PAGE + 1 and kids[-1].data == MORE + "r"
        assert "250 more" in str(kids[-1].label)
        tree.select_node(kids[-1])  # the "… more" node shows the next page
        await pilot.pause(0.2)
        assert len(tree.root.children) == 2 * RunTree.PAGE + 1
        # a node in a later page can be revealed: the pages on the way load
        scr.select("r.420")
        await pilot.pause(0.1)
        assert tree.cursor_node is not None and tree.cursor_node.data == "r.420"
        assert scr.selected == "r.420"
        assert [c.data for c in tree.root.children] == scr.model.live.nodes["r"].children
