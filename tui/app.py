"""The Gapless workbench: a Textual app that is a client of the store.

Every screen reads the SQLite store; a run is shown by tailing its events and folding them
with the engine's reducer, so the app can attach to a run started elsewhere, survive its
own restart, and be served to a browser (each viewer is just another reader).

This module is navigation only: the screens the global keys open, the bindings, and where
the typed messages lead (``tui.messages``). What the screens share lives in
``tui.workbench``; runs started here are the launcher's (``tui.launcher``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import Worker

from gapless.engine import GaplessError, RunResult, Settings
from gapless.tui.launcher import Launcher
from gapless.tui.messages import (
    IngestRequested,
    JournalProgress,
    OpenRunRequested,
    RerunRequested,
    RunEnded,
    RunFailed,
    RunLaunched,
    RunPlanned,
    SummarizeGroupRequested,
)
from gapless.tui.screens.dialogs.confirm import ConfirmDialog
from gapless.tui.screens.dialogs.help import HelpScreen
from gapless.tui.screens.dialogs.prompt import PromptDialog
from gapless.tui.screens.journal import JournalScreen
from gapless.tui.screens.run import RunScreen
from gapless.tui.screens.settings import SettingsScreen
from gapless.tui.screens.skips import SkipsScreen
from gapless.tui.workbench import ProviderFactory, Workbench

# The screens the global keys open, by action; each is on top of the stack at most once.
GLOBAL_SCREENS: dict[str, type[Screen[Any]]] = {
    "skips": SkipsScreen,
    "settings": SettingsScreen,
    "help": HelpScreen,
}


class GaplessApp(App[None]):
    """The workbench."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "Gapless"
    SUB_TITLE = "every byte read, or the exact gaps"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "help", "Help"),
        Binding("j", "journal", "Journal"),
        Binding("k", "skips", "Skips"),
        Binding("s", "settings", "Settings"),
        Binding("o", "open_run_prompt", "Open run", show=False),
        Binding("N", "summarize_prompt", "New run", show=False),
        Binding("F", "run_again", "Run again (--force)"),
    ]

    def __init__(
        self,
        *,
        db_path: str | Path | None = None,
        path: str | Path | None = None,
        run_id: str | None = None,
        step: bool = False,
        settings: Settings | None = None,
        strategy: str = "auto",
        provider_factory: ProviderFactory | None = None,
        deterministic: bool = False,
        run_ids: Iterable[str] | None = None,
        config_file: Path | None = None,
        start: str | None = None,
    ) -> None:
        super().__init__()
        self.workbench = Workbench(db_path=db_path, settings=settings, strategy=strategy,
                                   provider_factory=provider_factory,
                                   deterministic=deterministic, run_ids=run_ids,
                                   config_file=config_file)
        self.launcher = Launcher(self, self.workbench)
        self.start_path = path
        self.start_run = run_id
        self.start_step = step
        self.start_screen = start

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a run is stepped through, the footer keeps to the stepping keys: the other
        screens are a step away (Esc leaves stepping first)."""
        screen = self.screen
        stepping = isinstance(screen, RunScreen) and screen.stepping
        if stepping and action in ("journal", "skips", "settings", "open_run_prompt",
                                   "summarize_prompt"):
            return False
        if action == "run_again":  # only on a run a summarize here found in the store
            return isinstance(screen, RunScreen) and screen.run_id in self.launcher.reused
        return True

    # lifecycle ---------------------------------------------------------------------------
    async def on_mount(self) -> None:
        try:
            await self.workbench.open()
        except GaplessError as exc:
            self.exit(return_code=2, message=f"gapless: {exc}")
            return
        if self.workbench.settings_error:
            self.notify(self.workbench.settings_error, title="settings", severity="error",
                        timeout=10)
        await self.push_screen(JournalScreen())
        if self.start_path is not None:
            self.launcher.summarize(self.start_path)
        elif self.start_run is not None:
            try:
                row = await self.workbench.records.find_run(self.start_run)
            except GaplessError as exc:
                self.notify(str(exc), severity="error", timeout=10)
            else:
                await self.push_screen(RunScreen(row.id, step=self.start_step))
        elif self.start_screen:
            await self.run_action(self.start_screen)

    async def on_unmount(self) -> None:
        await self.workbench.close()

    async def action_quit(self) -> None:
        """Quit; while a run started here is going on, ask first (stop it and quit, or keep
        it running), saying how to take it up again."""
        live = self.launcher.live()
        if not live:
            self.exit()
            return
        if any(isinstance(s, ConfirmDialog) for s in self.screen_stack):
            return
        names = ", ".join(launch.label for launch in live)
        again = "\n".join(f"  {cmd}" for cmd in self.launcher.resume_commands())
        question = (f"{'A run is' if len(live) == 1 else f'{len(live)} runs are'} going on "
                    f"({names}). Quitting stops {'it' if len(live) == 1 else 'them'}: what "
                    f"is complete is kept. To resume, run the same command again:\n{again}")

        async def answered(choice: str | None) -> None:
            if choice == "stop":
                self.notify("stopping the run…", timeout=2)
                await self.launcher.stop_all()
                self.exit()

        await self.push_screen(ConfirmDialog(question, [("stop", "Stop and quit"),
                                                        ("keep", "Keep running")]), answered)

    # navigation --------------------------------------------------------------------------
    def open_run(self, run_id: str, *, step: bool = False) -> None:
        self.push_screen(RunScreen(run_id, step=step))

    def _base(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def _show(self, name: str) -> None:
        kind = GLOBAL_SCREENS[name]
        if not isinstance(self.screen, kind):
            self.push_screen(kind())

    def action_journal(self) -> None:
        self._base()

    def action_skips(self) -> None:
        self._show("skips")

    def action_settings(self) -> None:
        self._show("settings")

    def action_help(self) -> None:
        self._show("help")

    def action_open_run_prompt(self) -> None:
        async def got(value: str | None) -> None:
            if value:
                try:
                    row = await self.workbench.records.find_run(value)
                except GaplessError as exc:
                    self.notify(str(exc), severity="error")
                    return
                self.open_run(row.id)

        self.push_screen(PromptDialog("Open which run? (id or unique prefix)", "run id"), got)

    def action_summarize_prompt(self) -> None:
        def got(value: str | None) -> None:
            if value:
                p = Path(value).expanduser()
                if not p.exists():
                    self.notify(f"{p} does not exist", severity="error")
                    return
                self.launcher.summarize(p)

        self.push_screen(PromptDialog("Summarize which file or folder?", "path"), got)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand("Journal", "Entries by day and project, weekly rollups, runs",
                            self.action_journal)
        yield SystemCommand("Skipped groups", "Audit of skipped (day, project) groups",
                            self.action_skips)
        yield SystemCommand("Settings", "Provider settings; test connection; save",
                            self.action_settings)
        yield SystemCommand("Open run…", "Attach to a run by id", self.action_open_run_prompt)
        yield SystemCommand("Summarize a file…", "Start a run in the background and watch it",
                            self.action_summarize_prompt)
        yield SystemCommand("Help", "Keys and what the glyphs mean", self.action_help)
        if isinstance(screen, RunScreen):
            yield SystemCommand("Step through", "Timeline: step events, play, pause",
                                screen.action_toggle_step)
            yield SystemCommand("Re-run selected scope", "Re-run an incomplete or failed node",
                                screen.action_rerun)
            yield SystemCommand("Next gap", "Show the next gap of the selected node",
                                lambda: screen.action_gap(1))
        yield from super().get_system_commands(screen)

    # where the messages lead -------------------------------------------------------------
    def on_open_run_requested(self, message: OpenRunRequested) -> None:
        self.open_run(message.run_id, step=message.step)

    def on_rerun_requested(self, message: RerunRequested) -> None:
        self.launcher.rerun(message.run_id, message.inv, message.overrides)

    def on_summarize_group_requested(self, message: SummarizeGroupRequested) -> None:
        self.launcher.summarize_group_anyway(message.date, message.project)

    def on_ingest_requested(self, message: IngestRequested) -> None:
        if not self.launcher.ingest_journal():
            self.notify("the journal is being ingested already")

    async def on_journal_progress(self, message: JournalProgress) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, JournalScreen):
                await screen.show_progress(message.text, done=message.done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Every run started here ends through this one handler, as a typed message."""
        settled = self.launcher.settled(event.worker, event.state)
        if settled is not None:
            self.post_message(settled)

    def on_run_launched(self, message: RunLaunched) -> None:
        if message.push:
            self.open_run(message.run_id)

    def on_run_planned(self, message: RunPlanned) -> None:
        """The plan of a run started here, before anything is sent: said once, and kept in
        its run screen's header until the run's calls take over."""
        self.notify(message.plan.line(), title=f"run {message.run_id}", timeout=6)
        for screen in self.screen_stack:
            if isinstance(screen, RunScreen) and screen.run_id == message.run_id:
                screen.show_plan(message.plan)

    def on_run_ended(self, message: RunEnded) -> None:
        self.notify(message.text, severity=message.severity)
        done = message.outcome
        if isinstance(done, RunResult) and done.reused_run is not None:
            # nothing ran: the screen opened for the new run gives way to the stored one
            if isinstance(self.screen, RunScreen) and self.screen.run_id == message.run_id:
                self.pop_screen()
            self.open_run(done.reused_run)

    def action_run_again(self) -> None:
        """Run afresh the stored run shown (as ``summarize --force``)."""
        screen = self.screen
        if isinstance(screen, RunScreen) and self.launcher.again(screen.run_id) is None:
            self.notify("only a run found in the store by a summarize here runs again "
                        "with F", severity="warning")

    def on_run_failed(self, message: RunFailed) -> None:
        self.notify(message.error, title=f"run {message.label}", severity="error", timeout=10)
        for screen in self.screen_stack:
            if isinstance(screen, RunScreen) and screen.run_id == message.run_id:
                screen.show_error(message.error)
