"""One source of truth on screen (issue 29): during a live run against a real loopback model
server, the input bar, the tree's labels and the selected node's panel are drawn from the
reducer's state at the same event; sampled at 20 or more moments."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.core.state import lost_spans
from gapless.tui.app import GaplessApp
from gapless.tui.screens.run import RunScreen
from gapless.tui.viewmodel.bars import node_bar, run_bar
from gapless.tui.widgets.coverage import CoverageBar
from gapless.tui.widgets.detail import NodeDetail
from gapless.tui.widgets.runtree import RunTree, node_label
from tests.support.fault_server import FaultServer, fast_settings
from tests.tui.support import wait_for, write_source


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
async def test_bar_tree_and_panel_agree_at_every_sampled_moment(tmp_path: Path) -> None:
    source = write_source(tmp_path, 160)
    with FaultServer(delay=0.05) as server:
        settings = fast_settings(server.url, concurrency=2)
        app = GaplessApp(db_path=tmp_path / "g.db", settings=settings, path=source,
                         run_ids=["agree"])
        samples = 0
        folds_moved = False
        picked: set[int] = set()
        async with app.run_test(size=(130, 40)) as pilot:
            scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen)
                                 and app.screen)
            await wait_for(pilot, lambda: scr.model.live.root is not None
                           and scr.drawn_events > 0, timeout=90)
            tree = scr.query_one(RunTree)
            while not scr.model.finished and samples < 60:
                await pilot.pause(0.1)
                state = scr.model.live
                if scr.drawn_events != state.events or state.status != "running":
                    continue  # events read since the last draw: the next tick draws them
                # follow the work: select a running fold (its panel must move with its
                # descendants' reads) every few samples
                if samples % 5 == 0 and samples not in picked:
                    picked.add(samples)
                    fold = next((n.inv for n in state.nodes.values()
                                 if n.mode == "fold" and n.status == "running"
                                 and n.inv != state.root), None)
                    if fold is not None:
                        scr.select(fold)
                        await pilot.pause(0.35)
                        continue
                assert scr.query_one("#run-bar", CoverageBar).data == run_bar(state)
                lost = lost_spans(state)
                for inv, tn in tree._tnodes.items():
                    assert str(tn.label) == node_label(state.nodes[inv], state, lost).plain
                    if state.nodes[inv].mode == "fold" and "read 0.0%" not in str(tn.label) \
                            and state.nodes[inv].status == "running":
                        folds_moved = True
                node = state.nodes[scr.selected or state.root or ""]
                assert scr.query_one("#node-bar", CoverageBar).data == node_bar(state, node)
                assert scr.query_one(NodeDetail).inv == node.inv
                samples += 1
            await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at, timeout=90)
    assert samples >= 20, samples
    assert folds_moved  # a running fold's label showed its children's progress
