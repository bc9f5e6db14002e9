"""The workbench's first hour (issue 14), driven by the pilot against a real store: the Text
tab loads the run's input as the run rendered it, the numbers on screen agree, anchors read
as a list, the tree's keys and headlines, stepping, the re-run dialog, settings, skips."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Static

from gapless.engine import Settings
from gapless.engine.store import EventWriter, RunMeta, Store
from gapless.engine.strategies.compact.compaction import CompactAsk, compact_conversation
from gapless.tui.app import GaplessApp
from gapless.tui.screens.run import RunScreen
from gapless.tui.widgets.detail import NodeDetail
from tests.support.paths import REPO_ROOT, TEST_DATA
from tests.tui.support import SETTINGS, fill_journal, stored_run, wait_for

DATA = TEST_DATA
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
            await compact_conversation(str(src), CompactAsk(600), settings=SETTINGS, sinks=[writer], run_id="cmp1")
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


@pytest.mark.slow
async def test_a_live_run_shows_one_read_figure_everywhere_and_one_size_format(
        tmp_path: Path) -> None:
    from gapless.engine.core.state import read_fraction
    from gapless.tui.widgets.coverage import CoverageBar
    from gapless.tui.widgets.runtree import RunTree
    from gapless.tui.widgets.stats import RunStats
    from scripts.screenshots import Gated

    src = copy(MEETING, tmp_path)
    gated = Gated(allow=8)
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS, path=src,
                     provider_factory=lambda s: gated, run_ids=["live14"])
    async with app.run_test(size=SIZE) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        await wait_for(pilot, lambda: scr.model.live.calls >= 8)
        state = scr.model.live
        bar = scr.query_one("#run-bar", CoverageBar)
        root = state.nodes[state.root or ""]

        def shown() -> bool:
            d = bar.data
            return d is not None and sum(e - s for s, e in d.covered) == round(
                read_fraction(state, root) * state.input_bytes)
        await wait_for(pilot, shown)
        await pilot.pause(0.6)
        assert state.status == "running"
        read = read_fraction(state, root)
        assert 0 < read < 1
        from gapless.tui.viewmodel.formatting import pct
        header = str(scr.query_one(RunStats).render())
        assert f"read {pct(read)}" in header
        assert f"({state.input_bytes:,} B)" in header  # the exact count beside the size
        tree = scr.query_one(RunTree)
        assert f"done {pct(root.coverage)}" in str(tree.root.label)  # labelled: not "read"
        assert f"done {pct(root.coverage)}" in header
        legend = str(bar.render())
        assert f"read {pct(read)}" in legend
        scr.select(root.inv)
        await pilot.pause(0.3)
        title = str(scr.query_one("#node-title", Static).render())
        assert f"read {pct(read)}" in title and f"done {pct(root.coverage)}" in title
        assert f"({root.end - root.start:,} B)" in title
        gated.gate.set()


def test_sizes_are_decimal_in_the_workbench_and_the_cli() -> None:
    from gapless.engine.core.account import size_text
    from gapless.tui.cli.text import size_text as cli_size
    from gapless.tui.viewmodel.formatting import exact_size, human_bytes

    assert cli_size is size_text
    assert human_bytes(630_456) == size_text(630_456) == "630.5 KB"
    assert exact_size(630_456) == "630.5 KB (630,456 B)"
    assert size_text(999) == "999 B" and size_text(1_070_000) == "1.07 MB"


async def test_anchors_are_a_readable_list_and_each_shows_its_bytes(tmp_path: Path) -> None:
    from textual.widgets import OptionList, TabbedContent

    src = copy(MEETING, tmp_path)
    db = tmp_path / "g.db"
    # A window where the folds carry their children's anchors up to the root (at 1024
    # tokens a fold prompt has room for the summaries only).
    await stored_run(db, src, run_id="anch1", settings=Settings(context_tokens=4096))
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="anch1")
    async with app.run_test(size=SIZE) as pilot:
        scr = await open_run(app, pilot)
        await wait_for(pilot, lambda: scr._transcript is not None)
        state = scr.model.live
        anchors = state.entry["anchors"]
        assert anchors
        scr.action_tab("tab-run")
        await pilot.pause(0.2)
        runs = scr.query_one("#run-anchors", OptionList)
        await wait_for(pilot, lambda: runs.option_count == len(anchors))
        first = str(runs.get_option_at_index(0).prompt)
        a = anchors[0]
        assert first.startswith(f"[{a['start']:,}, {a['end']:,})")
        assert f"{a['file']}:{a['line']}" in first  # file:line from the anchor
        assert "{" not in first  # not raw JSON
        # picking one shows its bytes in the Text tab
        runs.focus()
        runs.highlighted = len(anchors) - 1
        await pilot.press("enter")
        tabs = scr.query_one("#node-tabs", TabbedContent)
        await wait_for(pilot, lambda: tabs.active == "tab-text")
        last = anchors[-1]
        detail = scr.query_one(NodeDetail)
        assert detail.focus_offset == last["start"]
        node = state.nodes[scr.selected or ""]
        assert node.start <= last["start"] < node.end
        await wait_for(pilot, lambda: text_pane(scr).startswith(f"bytes [{last['start']}, "))
        # the node's own extraction lists its anchors too
        scr.action_tab("tab-extraction")
        await pilot.pause(0.2)
        mine = scr.query_one("#node-anchors", OptionList)
        if node.extraction and node.extraction.get("anchors"):
            assert mine.option_count == len(node.extraction["anchors"])


async def test_arrows_expand_and_collapse_and_nodes_show_their_headlines(
        tmp_path: Path) -> None:
    from gapless.tui.widgets.runtree import RunTree, headline

    src = copy(MEETING, tmp_path)
    db = tmp_path / "g.db"
    await stored_run(db, src, run_id="tree1")
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="tree1")
    async with app.run_test(size=SIZE) as pilot:
        scr = await open_run(app, pilot)
        state = scr.model.live
        tree = scr.query_one(RunTree)
        tree.focus()
        await wait_for(pilot, lambda: tree.root.children)
        tree.move_cursor(tree.root)
        await pilot.pause()
        await pilot.press("right")  # the root is open: to its first child
        first = tree.root.children[0]
        assert tree.cursor_node is first and not first.is_expanded
        assert state.nodes[first.data or ""].children  # a fold, with parts of its own
        await pilot.press("right")
        await wait_for(pilot, lambda: first.is_expanded and first.children)
        await pilot.press("left")
        assert not first.is_expanded
        await pilot.press("left")
        assert tree.cursor_node is tree.root
        # every finished node says its headline, once
        for child in tree.root.children:
            n = state.nodes[child.data or ""]
            head = headline(n)
            assert head and str(child.label).count(head) == 1


@pytest.mark.slow
async def test_stepping_opens_at_step_0_esc_leaves_it_and_the_footer_fits_80_columns(
        tmp_path: Path) -> None:
    from textual.widgets._footer import FooterKey

    from gapless.engine.core.events import InvocationFinished
    from gapless.tui.screens.run import SPEEDS
    from gapless.tui.widgets.coverage import CoverageBar, cell_classes

    src = copy(MEETING, tmp_path)
    db = tmp_path / "g.db"
    await stored_run(db, src, run_id="step14")
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="step14", step=True)
    async with app.run_test(size=(80, 30)) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        await wait_for(pilot, lambda: scr.step_state is not None and scr.model.finished)
        n = len(scr.model.events)
        assert scr.step_k == 0
        bar = scr.query_one("#run-bar", CoverageBar)
        assert bar.data is not None and "c" not in cell_classes(bar.data, 40)  # not full
        assert SPEEDS[scr.speed_i] * 60 >= n and 100 in SPEEDS and 1000 in SPEEDS
        # the footer: every stepping key inside 80 columns (a key first: a headless app's
        # footer follows its bindings once it has had input)
        await pilot.press("down")
        def laid_out() -> dict[str, object]:
            found = {fk.key: fk.region for fk in scr.query(FooterKey)}
            return found if found and all(r.width for r in found.values()) else {}
        keys = await wait_for(pilot, laid_out)
        for key in ("left", "right", "escape", "n", "f", "p", "plus"):
            assert key in keys and 0 < keys[key].right <= 80, (key, keys.get(key))
        # f: on to just after the next invocation's finish
        await pilot.press("f")
        k = scr.step_k or 0
        assert k > 0 and isinstance(scr.model.events[k - 1], InvocationFinished)
        assert scr.selected == scr.model.events[k - 1].inv
        await pilot.press("f")
        assert (scr.step_k or 0) > k
        k = scr.step_k or 0
        # esc leaves stepping, not the screen; t comes back where it was left
        await pilot.press("escape")
        assert app.screen is scr and scr.step_state is None
        assert bar.data is not None and set(cell_classes(bar.data, 40)) == {"c"}
        await pilot.press("t")
        assert scr.step_k == k < n
        await pilot.press("escape", "escape")
        assert not isinstance(app.screen, RunScreen)


async def test_the_rerun_dialog_offers_budgets_hides_what_does_not_apply_and_enter_submits(
        tmp_path: Path) -> None:
    from textual.widgets import Input

    from gapless.engine.core.state import NodeState
    from gapless.tui.screens.dialogs.rerun import RerunDialog
    from gapless.tui.screens.journal import JournalScreen

    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS)
    got: list[object] = []
    async with app.run_test(size=SIZE) as pilot:
        node = NodeState(inv="r.1", parent="r", start=0, end=100, depth=1, mode="leaf",
                         status="failed")
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        app.push_screen(RerunDialog("x", node, SETTINGS, strategy="tree"), got.append)
        await pilot.pause(0.1)
        dialog = app.screen
        assert not dialog.query_one("#rerun-window", Input).display  # a tree run reads whole
        assert not dialog.query_one("#rerun-actions", Input).display
        assert "tree run has no read window" in str(dialog.query_one("#rerun-note").render())
        calls = dialog.query_one("#rerun-max_calls", Input)
        assert calls.display and dialog.query_one("#rerun-max_tokens", Input).display
        assert dialog.query_one("#rerun-max_seconds", Input).display
        calls.focus()
        await pilot.press("5", "0")
        secs = dialog.query_one("#rerun-max_seconds", Input)
        secs.focus()
        await pilot.press("9", "0", "enter")
        await wait_for(pilot, lambda: got)
        assert got == [{"max_calls": 50, "max_seconds": 90}]
        # a recursive run offers its read window and action budget
        app.push_screen(RerunDialog("x", node, SETTINGS, strategy="recursive"), got.append)
        await pilot.pause(0.1)
        assert app.screen.query_one("#rerun-window", Input).display


@pytest.mark.slow
async def test_settings_ask_before_discarding_edits_and_errors_wrap(tmp_path: Path) -> None:
    from textual.widgets import Input

    from gapless.tui.screens.dialogs.confirm import ConfirmDialog
    from gapless.tui.screens.journal import JournalScreen
    from gapless.tui.screens.settings import SettingsScreen

    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS,
                     config_file=tmp_path / "config.toml")
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen)
                             and app.screen)
        await pilot.pause(0.1)
        await pilot.press("escape")  # nothing edited: just leaves
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen)
                             and app.screen)
        await pilot.pause(0.1)
        box = scr.query_one("#s-spawn_fraction", Input)
        box.value = "0.9"  # invalid: the error is long
        await pilot.pause(0.1)
        help_line = scr.query_one("#h-spawn_fraction")
        error = str(help_line.render())
        assert "spawn_fraction" in error
        width = help_line.content_size.width
        assert len(error) > width  # too long for one line: it wraps, whole, not cut
        assert help_line.content_size.height >= -(-len(error) // width)
        assert scr.errors["spawn_fraction"].replace("\n", " ") == error.replace("\n", " ")
        await pilot.press("escape")
        dialog = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog)
                                and app.screen)
        assert "spawn_fraction" in str(dialog.query_one("#confirm-question").render())
        assert not dialog.query("#confirm-save")  # invalid: nothing to save
        await pilot.press("escape")  # keep editing
        await wait_for(pilot, lambda: app.screen is scr)
        assert box.value == "0.9"
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.click("#confirm-discard")
        await wait_for(pilot, lambda: isinstance(app.screen, JournalScreen))
        assert not (tmp_path / "config.toml").exists()


@pytest.mark.slow
async def test_the_skips_screen_says_when_it_is_empty_and_shows_details_as_the_cli(
        tmp_path: Path) -> None:
    from textual.widgets import DataTable, Input

    from gapless.tui.screens.skips import SkipsScreen

    db = tmp_path / "g.db"
    await fill_journal(db, entries=False)
    app = GaplessApp(db_path=db, settings=SETTINGS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("k")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SkipsScreen) and app.screen)
        await wait_for(pilot, lambda: scr.loaded is not None)
        assert str(scr.query_one("#skips-status").render()).startswith("no skipped groups")
    # one group skipped for its coverage, with a long detail as the engine writes it
    detail = (f"coverage {0.99961:.1%}; gaps " + ", ".join(
        f"[{i * 1000}, {i * 1000 + 3})" for i in range(30)))
    con = sqlite3.connect(db)
    with con:
        con.execute("INSERT INTO journal_skips (date, project, reason, detail, run_id, "
                    "created_at) VALUES ('2026-02-24', 'alpha', 'incomplete_coverage', ?, "
                    "NULL, 0)", (detail,))
    con.close()
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "GAPLESS_CONFIG": str(tmp_path / "c")}
    cli = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "skipped", "--db", str(db),
                          "--json"], capture_output=True, text=True, env=env, check=True)
    cli_detail = json.loads(cli.stdout)["skipped"][0]["detail"]
    app = GaplessApp(db_path=db, settings=SETTINGS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("k")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SkipsScreen) and app.screen)
        table = scr.query_one("#skips-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1)
        cell = str(table.get_cell_at((0, 3)))
        assert cell.startswith("coverage 100.0%; gaps") and cell.endswith(" …")
        table.focus()
        await pilot.press("down", "up")
        status = scr.query_one("#skips-status")
        await wait_for(pilot, lambda: cli_detail in str(status.render()).replace("\n", ""))
        # a filter that matches nothing says so
        box = scr.query_one("#f-project", Input)
        box.value = "nobody"
        await wait_for(pilot, lambda: scr.loaded is not None and scr.loaded[0]["project"]
                       == "nobody")
        assert "no skipped groups with these filters" in str(status.render())


def test_the_screenshots_are_made_from_real_transcripts() -> None:
    import scripts.screenshots as shots

    for rel in (shots.SOURCE_FROM, shots.LIVE_FROM, shots.LOG_FROM, shots.CHAT_FROM):
        assert (TEST_DATA / rel).is_file(), rel
    for rel in shots.PROJECTS_FROM:
        assert (TEST_DATA / rel).is_dir(), rel
    text = Path(shots.__file__).read_text(encoding="utf-8")
    assert "make_transcript" not in text and "write_log" not in text  # no generated filler
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    for scene in shots.SCENES:  # every scene is in the README, and its picture exists
        assert f"(screenshots/{scene.name}.png)" in readme, scene.name
        assert (REPO_ROOT / "screenshots" / f"{scene.name}.svg").is_file()
