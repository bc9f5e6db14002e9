"""The Run screen: one run, live or finished, tailed from the store and folded with the
engine's reducer; with a step-through timeline and the re-run of a failed scope."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, TabbedContent, Tree

from gapless.engine import RunPlan, Verdict, verify_stored
from gapless.engine.core.events import InvocationFinished
from gapless.engine.core.state import RunState
from gapless.engine.core.transcript import Transcript
from gapless.tui.messages import RerunRequested
from gapless.tui.screens.dialogs.call import CallDialog
from gapless.tui.screens.dialogs.rerun import RerunDialog
from gapless.tui.viewmodel.bars import run_bar
from gapless.tui.viewmodel.formatting import call_results, describe
from gapless.tui.viewmodel.problems import next_problem
from gapless.tui.viewmodel.run_model import Absorbed, RunModel, fetch_events, load_run_transcript
from gapless.tui.viewmodel.stepper import Stepper
from gapless.tui.widgets.coverage import CoverageBar
from gapless.tui.widgets.detail import NodeDetail
from gapless.tui.widgets.runtree import MORE, RunTree
from gapless.tui.widgets.stats import RunStats, Timeline
from gapless.tui.workbench import Workbench, workbench

FREEZE_AFTER = 10_000  # events: past this the run's objects are moved out of the GC's way
FETCH = 1000  # events per query (parsed in one call, then the loop breathes)
TICK = 0.25  # seconds between refreshes: widgets update at 4 Hz whatever the event rate
SPEEDS = (1, 2, 5, 10, 25, 50, 100, 250, 1000, 2500, 5000)  # events a second
PLAY_SECONDS = 60  # stepping starts at the speed that plays the whole run in about this long
STEP_ACTIONS = frozenset({"step", "step_to", "next_action", "prev_action", "play", "speed",
                          "next_finish", "prev_finish"})
# shown in the footer only while not stepping (so the stepping keys fit in 80 columns)
LIVE_ONLY = frozenset({"rerun", "gap", "toggle_step", "back"})


class RunScreen(Screen[None]):
    """Watch a run, step through it, re-run a failed scope."""

    CSS_PATH = Path(__file__).with_name("run.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        # first, so that a narrow footer (80 columns, the stepping keys) still shows it
        Binding("question_mark", "app.help", "Help", key_display="?"),
        Binding("escape", "back", "Back"),
        Binding("escape", "leave_step", "Leave"),
        Binding("r", "rerun", "Re-run"),
        Binding("t", "toggle_step", "Step"),
        Binding("t", "leave_step", "Leave step", show=False),
        Binding("right_square_bracket", "next_failed(1)", "Failed", key_display="]"),
        Binding("left_square_bracket", "next_failed(-1)", "Prev failed", show=False),
        Binding("exclamation_mark", "failed_only", "Failed only", key_display="!",
                show=False),
        Binding("g", "gap(1)", "Next gap", show=False),
        Binding("G", "gap(-1)", "Prev gap", show=False),
        Binding("x", "tab('tab-text')", "Text", show=False),
        Binding("a", "tab('tab-actions')", "Actions", show=False),
        Binding("c", "tab('tab-calls')", "Calls", show=False),
        Binding("e", "tab('tab-extraction')", "Extraction", show=False),
        Binding("u", "tab('tab-run')", "Run info", show=False),
        Binding("left,comma", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right,full_stop", "step(1)", "Fwd", key_display="→", priority=True),
        Binding("n", "next_action", "Action"),
        Binding("b", "prev_action", "Prev action", show=False),
        Binding("f", "next_finish", "Finish"),
        Binding("F", "prev_finish", "Prev finish", show=False),
        Binding("p", "play", "Play"),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+"),
        Binding("minus", "speed(-1)", "Slower", key_display="-"),
        Binding("home", "step_to(0)", "Start", show=False, priority=True),
        Binding("end", "step_to(-1)", "End", show=False, priority=True),
    ]

    def __init__(self, run_id: str, *, step: bool = False, name: str | None = None) -> None:
        super().__init__(name=name)
        self.run_id = run_id
        self.model = RunModel(run_id)
        self.stepper: Stepper | None = None
        self._start_in_step = step
        self.selected: str | None = None
        self.playing = False
        self.speed_i = 3
        self._left_at: int | None = None  # the step stepping was left at (t resumes there)
        self._play_acc = 0.0
        self._loading_text = False
        self.loaded_once = False
        self._transcript: Transcript | None = None
        # what the Text tab says while there is no text: loading, or why it cannot be had
        self.text_note = "loading the source text…"
        self._fragments: dict[str, list[dict[str, Any]]] = {}
        self._error: str | None = None
        self.opened_at = time.perf_counter()
        self.caught_up_at: float | None = None
        self._play_timer: Any = None
        self.drawn_events = 0
        self.plan: RunPlan | None = None  # made before a run launched here started
        self.verdict: Verdict | None = None  # verify's, once the run has finished
        self._verifying = False

    @property
    def gapp(self) -> Workbench:
        """The records, the settings and the transcripts this workbench shares."""
        return workbench(self)

    @property
    def step_state(self) -> RunState | None:
        return self.stepper.state if self.stepper is not None else None

    @property
    def step_k(self) -> int | None:
        return self.stepper.k if self.stepper is not None else None

    @property
    def view(self) -> RunState:
        return self.step_state if self.step_state is not None else self.model.live

    def compose(self) -> ComposeResult:
        yield RunStats(id="run-stats")
        yield CoverageBar("input", id="run-bar")
        with Horizontal(id="run-body"):
            yield RunTree(id="run-tree")
            with Vertical(id="run-side"):
                yield NodeDetail(id="node-detail")
        yield Timeline(id="timeline")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(NodeDetail).deterministic = self.gapp.deterministic
        self.query_one(RunTree).focus()
        self._fit_footer()
        self._transcript = self.gapp.transcripts.get(self.run_id)
        self.plan = self.plan or self.gapp.plans.get(self.run_id)
        if self._error is not None:
            self._say_error()
        self._tail()
        if self._start_in_step:
            self.call_after_refresh(self._enter_step_when_loaded)

    def on_screen_resume(self) -> None:
        self._redraw()

    def on_resize(self) -> None:
        self._fit_footer()

    def _fit_footer(self) -> None:
        """Every key of the footer fits 80 columns: compact while stepping or narrow, and
        the palette's key (ctrl+p, also in the help) left out when narrow."""
        footer = self.query_one(Footer)
        narrow = self.size.width < 120
        footer.compact = self.stepper is not None or narrow
        footer.show_command_palette = self.stepper is None and not narrow

    def on_unmount(self) -> None:
        if len(self.model.events) >= FREEZE_AFTER:
            gc.unfreeze()  # let this run's objects be collected again

    # tailing -----------------------------------------------------------------------------
    @work(exclusive=True, group="tail")
    async def _tail(self) -> None:
        """Read new events as they are written and fold them; refresh the widgets at most
        every TICK seconds whatever the event rate (a worker of its own, so the screen's
        messages and the keys are handled while it reads)."""
        pending = Absorbed()
        last_apply = 0.0
        while True:
            events = await fetch_events(self.gapp.records, self.run_id, self.model.last_seq,
                                        FETCH)
            if not self.app.is_running or self not in self.app.screen_stack:
                return  # popped, or the app is closing: its widgets are going away
            got = self.model.absorb(events)
            if got.count and len(self.model.events) >= FREEZE_AFTER:
                # A big run is hundreds of thousands of long-lived objects: keep the cyclic
                # GC from rescanning them all (a pause of 100s of ms) while events stream.
                gc.freeze()
            pending.count += got.count
            pending.new_nodes += got.new_nodes
            pending.touched |= got.touched
            more = len(events) == FETCH
            if got.count and self.model.started is not None and self._transcript is None \
                    and not self._loading_text:
                self._loading_text = True
                self._load_transcript()
            now = time.monotonic()
            live = self.model.live.status == "running"
            if (pending.count or live) and (now - last_apply >= TICK or not more):
                self._apply(pending)
                pending = Absorbed()
                last_apply = now
            if more:
                await asyncio.sleep(0)  # let keys and the screen's messages through
                continue
            self.loaded_once = True
            if self.model.finished:
                if self.caught_up_at is None:
                    self.caught_up_at = time.perf_counter()
                if not self._verifying:
                    self._verifying = True
                    self._verify()
                return
            await asyncio.sleep(TICK)

    def show_plan(self, plan: RunPlan) -> None:
        """The run's plan, made before it started: in the header until its first event,
        then as the calls planned."""
        self.plan = plan
        if self.is_mounted:
            self._show_stats()

    @work(thread=True, exclusive=True, group="verify")
    def _verify(self) -> None:
        """Check the finished run's claims against the ledger of its calls (as ``gapless
        verify`` does, the source left aside), once, on a connection of its own in a thread:
        the header then says verified or CONTRADICTED."""
        path, run_id = self.gapp.store_path, self.run_id

        async def check() -> Verdict | None:
            found = await verify_stored(path, run_id, check_source=False)
            return found[0] if found else None

        try:
            verdict = asyncio.run(check())
        except Exception:  # a store that cannot be read now: no verdict shown
            return
        if verdict is not None and self.app.is_running:
            self.app.call_from_thread(self._got_verdict, verdict)

    def _got_verdict(self, verdict: Verdict) -> None:
        self.verdict = verdict
        if self.is_mounted:
            self._show_stats()
        if not verdict.holds:
            self.notify("; ".join(verdict.contradictions[:3]),
                        title=f"run {self.run_id} CONTRADICTED", severity="error", timeout=10)

    def show_error(self, error: str) -> None:
        """The run could not start, or stopped with an error: say so on the tree's root."""
        if error == self._error:
            return
        self._error = error
        if self.is_mounted:
            self._say_error()

    def _say_error(self) -> None:
        err = self._error or ""
        self.notify(err, title="the run could not start", severity="error", timeout=10)
        self.query_one(RunTree).root.set_label(f"✖ {err}")

    async def _enter_step_when_loaded(self) -> None:
        while not self.loaded_once:
            await asyncio.sleep(0.05)
        if self.step_state is None:
            self.action_toggle_step()

    @work(thread=True, exclusive=True, group="transcript")
    def _load_transcript(self) -> None:
        st = self.model.live
        got = load_run_transcript(st)
        self.app.call_from_thread(self._got_transcript, got.transcript, got.why)

    def _got_transcript(self, t: Transcript | None, why: str) -> None:
        if t is not None:
            self._transcript = t
            self.gapp.transcripts[self.run_id] = t
        self.text_note = why
        self._show_detail(force=True)

    def _apply(self, absorbed: Absorbed) -> None:
        """Refresh the widgets after a batch (in step mode only the timeline moves)."""
        if self.step_state is not None:
            self._show_timeline()
            self._show_stats()
            return
        state = self.model.live
        self._show_stats()
        self.query_one("#run-bar", CoverageBar).set_data(run_bar(state))
        tree = self.query_one(RunTree)
        tree.sync(state, new_nodes=absorbed.new_nodes, touched=absorbed.touched)
        if self.selected is None and state.root:
            self.selected = state.root
        self._show_detail()
        # the header, the bar, the tree and the panel were drawn from the state after this
        # many events, all in this one call (what a test of their agreement samples)
        self.drawn_events = state.events

    def _redraw(self) -> None:
        """Everything from the view state (after a jump)."""
        if not self.is_mounted:
            return
        state = self.view
        self._show_stats()
        self.query_one("#run-bar", CoverageBar).set_data(run_bar(state))
        self.query_one(RunTree).sync(state)
        self._show_detail()
        if self.step_state is not None:
            self._show_timeline()

    def _show_stats(self) -> None:
        step = ""
        if self.step_k is not None:
            step = f"step {self.step_k}/{len(self.model.events)}"
        started = self.model.started.settings if self.model.started else None
        self.query_one(RunStats).show(self.view, started_settings=started,
                                      live=self.step_state is None,
                                      deterministic=self.gapp.deterministic, step=step,
                                      plan=self.plan, verdict=self.verdict)

    def _show_detail(self, force: bool = False) -> None:
        inv = self.selected
        self.query_one(NodeDetail).show(self.view, inv, self._transcript, self.model.started,
                                        fragments=self._fragments.get(inv or ""), force=force,
                                        text_note=self.text_note)

    def _show_timeline(self) -> None:
        k = self.step_k or 0
        n = len(self.model.events)
        what = describe(self.model.events[k - 1]) if 0 < k <= n else "before the first event"
        self.query_one(Timeline).show(k, n, what, self.playing, SPEEDS[self.speed_i])

    # selection ---------------------------------------------------------------------------
    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[str]) -> None:
        data = event.node.data
        if data and not data.startswith(MORE):
            self.selected = data
            self._show_detail()
            if self._transcript is None and data not in self._fragments:
                self._load_fragments(data)

    @work(exclusive=True, group="fragments")
    async def _load_fragments(self, inv: str) -> None:
        rows = await self.gapp.records.fragments(self.run_id, inv=inv, limit=200)
        self._fragments[inv] = [f.to_json() for f in rows]
        if self.selected == inv:
            self._show_detail()

    def on_coverage_bar_range_selected(self, event: CoverageBar.RangeSelected) -> None:
        detail = self.query_one(NodeDetail)
        if event.bar.id == "node-bar":
            detail.focus_offset = event.span[0]
            self._show_detail()
            self.query_one("#node-tabs", TabbedContent).active = "tab-text"
        else:
            # a range of the whole input: select the deepest loaded node holding it
            best = self.view.deepest_at(event.span[0])
            if best is not None:
                self.query_one(RunTree).reveal(best.inv)
                self.selected = best.inv
                detail.focus_offset = event.span[0]
                self._show_detail()

    def on_node_detail_anchor_selected(self, event: NodeDetail.AnchorSelected) -> None:
        """Show an anchor's bytes: in the selected node when its scope holds them, else in
        the deepest loaded node that does."""
        start = event.span[0]
        state = self.view
        node = state.nodes.get(self.selected or "")
        if node is None or not node.start <= start < node.end:
            best = state.deepest_at(start)
            if best is not None:
                self.query_one(RunTree).reveal(best.inv)
                self.selected = best.inv
        detail = self.query_one(NodeDetail)
        self._show_detail()
        detail.focus_offset = start
        self._show_detail()
        self.query_one("#node-tabs", TabbedContent).active = "tab-text"

    def on_node_detail_call_selected(self, event: NodeDetail.CallSelected) -> None:
        """Enter on a call of the Calls tab: its request as sent and its reply."""
        self._open_call(event.inv, event.seq)

    @work(exclusive=True, group="call")
    async def _open_call(self, inv: str, seq: int) -> None:
        node = self.view.nodes.get(inv)
        if node is None:
            return
        index = next((i for i, c in enumerate(node.calls) if c.seq == seq), None)
        if index is None:
            return
        body = await self.gapp.records.call_body(self.run_id, seq)
        result = call_results(node)[index][1]
        await self.app.push_screen(CallDialog(node.calls[index], index + 1, body,
                                              result=result,
                                              deterministic=self.gapp.deterministic))

    def select(self, inv: str) -> None:
        """Select ``inv`` (loading its path in the tree)."""
        self.selected = inv
        self.query_one(RunTree).reveal(inv)
        self._show_detail()

    # actions -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in STEP_ACTIONS or action == "leave_step":
            return self.step_state is not None
        # while stepping the footer keeps to the stepping keys (re-run: from the palette)
        return not (action in LIVE_ONLY and self.step_state is not None)

    @property
    def stepping(self) -> bool:
        return self.stepper is not None

    def action_back(self) -> None:
        """Esc (not stepping): leave the screen."""
        self.app.pop_screen()

    def action_leave_step(self) -> None:
        """Esc or t while stepping: back to the live or finished run, on this screen."""
        if self.stepper is not None:
            self.action_toggle_step()

    def action_tab(self, tab: str) -> None:
        self.query_one("#node-tabs", TabbedContent).active = tab
        if tab == "tab-calls":  # ↑↓ pick a call, enter opens it
            table = self.query_one("#node-calls-table", DataTable)
            if table.row_count:
                table.focus()

    def action_gap(self, direction: int) -> None:
        detail = self.query_one(NodeDetail)
        gaps = detail.gaps
        if not gaps:
            self.notify("this invocation has no gaps")
            return
        cur = detail.focus_offset
        if direction > 0:
            nxt = next((g for g in gaps if cur is None or g[0] > cur), gaps[0])
        else:
            nxt = next((g for g in reversed(gaps) if cur is not None and g[0] < cur), gaps[-1])
        detail.focus_offset = nxt[0]
        self.query_one("#node-tabs", TabbedContent).active = "tab-text"
        self._show_detail()
        self.notify(f"gap [{nxt[0]}, {nxt[1]}) — {nxt[1] - nxt[0]:,} bytes", timeout=3)

    def action_toggle_step(self) -> None:
        timeline = self.query_one(Timeline)
        if self.stepper is None:
            # from step 0 the first time (the run as it unfolded), else where it was left
            self.stepper = Stepper(self.model)
            self.stepper.goto(self._left_at or 0)
            n = len(self.model.events)
            self.speed_i = next((i for i, v in enumerate(SPEEDS) if v * PLAY_SECONDS >= n),
                                len(SPEEDS) - 1) if self._left_at is None else self.speed_i
            timeline.add_class("-on")
            self._warm_checkpoints()
        else:
            self._left_at = self.stepper.k
            self.stepper = None
            self.playing = False
            if self._play_timer is not None:
                self._play_timer.stop()
                self._play_timer = None
            timeline.remove_class("-on")
        self._fit_footer()
        self.refresh_bindings()
        self._redraw()

    def _goto(self, k: int) -> None:
        if self.stepper is None:
            return
        changed = self.stepper.goto(k)
        if changed is None:
            self._redraw()
            return
        state = self.stepper.state
        self._show_stats()
        self.query_one("#run-bar", CoverageBar).set_data(run_bar(state))
        self.query_one(RunTree).sync(state, new_nodes=changed.new_nodes, touched=changed.touched)
        self._show_detail()
        self._show_timeline()

    @work(exclusive=True, group="warm")
    async def _warm_checkpoints(self) -> None:
        """Fold the checkpoints in the background, a slice at a time, so the first step
        back from the end of a big run does not wait for a whole fold."""
        stepper = self.stepper
        while stepper is not None and stepper is self.stepper:
            last = self.model.cp_keys[-1]
            total = len(self.model.events)
            if total - last < self.model._interval():
                return
            stepper.warm(total)
            if self.model.cp_keys[-1] == last:
                return
            await asyncio.sleep(0)

    def action_step(self, delta: int) -> None:
        if self.step_k is not None:
            self._goto(self.step_k + delta)

    def action_step_to(self, k: int) -> None:
        self._goto(len(self.model.events) if k < 0 else k)

    def action_next_action(self) -> None:
        if self.step_k is None:
            return
        j = self.model.next_action_index(self.step_k, self.selected, forward=True)
        if j is None:
            self.notify("no further action of this invocation")
            return
        self._goto(j)

    def action_prev_action(self) -> None:
        if self.step_k is None:
            return
        j = self.model.next_action_index(self.step_k, self.selected, forward=False)
        if j is None:
            self.notify("no earlier action of this invocation")
            return
        self._goto(j)

    def _next_finish(self, forward: bool) -> int | None:
        """The step just after the next (or previous) invocation's finish from step k."""
        k = self.step_k or 0
        events = self.model.events
        rng = range(k, len(events)) if forward else range(k - 2, -1, -1)
        return next((j + 1 for j in rng if isinstance(events[j], InvocationFinished)), None)

    def action_next_finish(self) -> None:
        j = self._next_finish(True)
        if j is None:
            self.notify("no further invocation finishes")
            return
        self._goto(j)
        inv = getattr(self.model.events[j - 1], "inv", None)
        if inv:
            self.select(inv)

    def action_prev_finish(self) -> None:
        j = self._next_finish(False)
        if j is None:
            self.notify("no earlier invocation finish")
            return
        self._goto(j)

    def action_play(self) -> None:
        if self.step_state is None:
            return
        self.playing = not self.playing
        if self.playing:
            if self.step_k is not None and self.step_k >= len(self.model.events):
                self._goto(0)
            self._play_acc = 0.0
            self._play_timer = self.set_interval(0.1, self._play_tick)
        elif self._play_timer is not None:
            self._play_timer.stop()
            self._play_timer = None
        self._show_timeline()

    def _play_tick(self) -> None:
        if not self.playing or self.step_k is None:
            return
        self._play_acc += SPEEDS[self.speed_i] / 10
        n = int(self._play_acc)
        if n:
            self._play_acc -= n
            self._goto(self.step_k + n)
        if self.step_k >= len(self.model.events):
            self.action_play()

    def action_speed(self, delta: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + delta))
        self._show_timeline()

    def action_rerun(self) -> None:
        state = self.view
        node = state.nodes.get(self.selected or "")
        if node is None:
            self.notify("select an invocation first")
            return
        if node.status not in ("incomplete", "failed"):
            self.notify(f"{node.inv} is {node.status}: only an incomplete or failed scope "
                        "can be re-run", severity="warning")
            return
        if not self.model.finished:
            self.notify("the run is still going; re-run a scope once it has finished",
                        severity="warning")
            return
        def done(overrides: dict[str, Any] | None) -> None:
            if overrides is not None:
                self.post_message(RerunRequested(self.run_id, node.inv, overrides))

        self.app.push_screen(RerunDialog(self.run_id, node, self.gapp.settings,
                                         strategy=state.strategy, run=self.model.live), done)

    def action_next_failed(self, direction: int) -> None:
        """Select the next (or previous) failed or incomplete invocation where it went
        wrong — the deepest one, not the folds above it — expanding the tree to it."""
        target = next_problem(self.view, self.selected, forward=direction > 0)
        if target is None:
            self.notify("no failed or incomplete invocation")
            return
        self.select(target)
        node = self.view.nodes[target]
        self.notify(f"{target}: {node.status}" + (f" — {node.reason}" if node.reason else ""),
                    timeout=3)

    def action_failed_only(self) -> None:
        """The tree shows only the failed or incomplete invocations and their ancestors
        (again: every invocation)."""
        tree = self.query_one(RunTree)
        tree.sync(self.view)
        tree.set_failed_only(not tree.failed_only)
        tree.border_title = "failed only (! shows all)" if tree.failed_only else ""
        if self.selected and (tree.only is None or self.selected in tree.only):
            tree.reveal(self.selected)
        tree.focus()
