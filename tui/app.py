"""The Gapless workbench: a Textual app that is a client of the store.

Every screen reads the SQLite store; a run is shown by tailing its events and folding them
with the engine's reducer, so the app can attach to a run started elsewhere, survive its
own restart, and be served to a browser (each viewer is just another reader). Runs started
from the app are app-level workers with their own store connection: leaving the screen they
were started from does not stop them.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from engine.config import Settings
from engine.core.errors import UserError
from engine.core.events import Event, RunStarted
from engine.providers.base import Provider
from engine.store import Store
from tui.screens.help import HelpScreen, PromptDialog
from tui.screens.journal import JournalScreen
from tui.screens.run import RunScreen
from tui.viewmodel.run_model import pct

ProviderFactory = Callable[[Settings], Provider]


def rerun_function() -> Any:
    """``engine.audit.rerun.rerun_scope`` when this build has it (else None)."""
    try:
        from engine.audit.rerun import rerun_scope
    except ImportError:
        return None
    return rerun_scope


def default_config_file() -> Path:
    try:
        from engine.config import config_path

        return config_path()
    except Exception:  # pragma: no cover - a config module without a path
        return Path.home() / ".config" / "gapless" / "config.toml"


class GaplessApp(App[None]):
    """The workbench."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "Gapless"
    SUB_TITLE = "every byte read, or the exact gaps"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "help", "Help"),
        Binding("j", "journal", "Journal"),
        Binding("k", "skips", "Skips"),
        Binding("s", "settings", "Settings"),
        Binding("o", "open_run_prompt", "Open run", show=False),
        Binding("N", "summarize_prompt", "Summarize file", show=False),
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
        self.db_path = db_path
        self.start_path = path
        self.start_run = run_id
        self.start_step = step
        self.start_screen = start
        self.strategy = strategy
        self.provider_factory = provider_factory
        self.deterministic = deterministic
        self._run_ids: Iterator[str] | None = iter(run_ids) if run_ids is not None else None
        self.config_file = config_file or default_config_file()
        self._settings_given = settings is not None
        self.settings = settings if settings is not None else self._load_settings()
        self.transcripts: dict[str, Any] = {}
        self.run_errors: dict[str, str] = {}
        self.results: dict[str, Any] = {}
        self.running: set[str] = set()
        self.store: Store = None  # type: ignore[assignment]  # opened on mount

    # settings ----------------------------------------------------------------------------
    def _load_settings(self) -> Settings:
        try:
            from engine.config import load_settings

            return load_settings(path=self.config_file)
        except UserError as exc:
            self._settings_error = str(exc)
        except Exception:
            pass
        return Settings()

    def reload_settings(self) -> None:
        self.settings = self._load_settings()

    def make_provider(self, settings: Settings) -> Provider:
        if self.provider_factory is not None:
            return self.provider_factory(settings)
        from engine.providers.factory import make_provider

        return make_provider(settings)

    def new_run_id(self) -> str:
        if self._run_ids is not None:
            try:
                return next(self._run_ids)
            except StopIteration:
                self._run_ids = None
        from engine.service import new_run_id

        return new_run_id()

    # lifecycle ---------------------------------------------------------------------------
    async def on_mount(self) -> None:
        try:
            self.store = await Store.open(self.db_path)
        except UserError as exc:
            self.exit(return_code=2, message=f"gapless: {exc}")
            return
        if getattr(self, "_settings_error", None):
            self.notify(self._settings_error, title="settings", severity="error", timeout=10)
        await self.push_screen(JournalScreen())
        if self.start_path is not None:
            self.start_summarize(self.start_path)
        elif self.start_run is not None:
            try:
                row = await self.store.find_run(self.start_run)
            except UserError as exc:
                self.notify(str(exc), severity="error", timeout=10)
            else:
                await self.push_screen(RunScreen(row.id, step=self.start_step))
        elif self.start_screen:
            await self.run_action(self.start_screen)

    async def on_unmount(self) -> None:
        if self.store is not None:
            await self.store.close()

    @property
    def store_path(self) -> Path:
        return self.store.path if self.store is not None else Path(self.db_path or "")

    # runs --------------------------------------------------------------------------------
    def open_run(self, run_id: str, *, step: bool = False) -> None:
        self.push_screen(RunScreen(run_id, step=step))

    def start_summarize(self, path: str | Path | None = None, *, transcript: Any = None,
                        source: str = "", settings: Settings | None = None,
                        push: bool = True) -> str:
        """Start summarizing in the background and show it; returns the run id."""
        rid = self.new_run_id()
        self.running.add(rid)
        self.run_worker(self._summarize(rid, path, transcript, source, settings or self.settings),
                        group="runs", exit_on_error=False, name=f"run {rid}")
        if push:
            self.push_screen(RunScreen(rid))
        return rid

    async def _summarize(self, rid: str, path: str | Path | None, transcript: Any,
                         source: str, settings: Settings) -> None:
        from engine.service import summarize_stored
        from engine.sources import RenderOptions, load_transcript

        try:
            if transcript is None:
                assert path is not None
                transcript = await asyncio.to_thread(
                    load_transcript, path, options=RenderOptions.from_settings(settings))
            self.transcripts[rid] = transcript
            provider = self.make_provider(settings)
            store = await Store.open(self.store_path)
            try:
                result = await summarize_stored(
                    store, transcript, settings, strategy=self.strategy,
                    source=source or str(path or transcript.name), provider=provider,
                    run_id=rid)
            finally:
                await store.close()
                await provider.aclose()
            self.results[rid] = result
            self.notify(f"run {rid} {result.status}: {pct(result.coverage)} covered",
                        severity="information" if result.ok else "warning")
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._run_failed(rid, exc)
        finally:
            self.running.discard(rid)

    def _run_failed(self, rid: str, exc: BaseException) -> None:
        msg = str(exc) if isinstance(exc, UserError) else f"{type(exc).__name__}: {exc}"
        self.run_errors[rid] = msg
        self.notify(msg, title=f"run {rid}", severity="error", timeout=10)

    def start_rerun(self, run_id: str, inv: str, overrides: dict[str, Any]) -> bool:
        """Re-run the scope of ``inv`` as a new run linked to ``run_id``; shown live."""
        rerun = rerun_function()
        if rerun is None:
            self.notify("re-running a scope needs engine.audit.rerun, which this build lacks",
                        severity="error")
            return False
        try:
            settings = Settings(**{**self.settings.model_dump(), **overrides})
        except Exception as exc:
            self.notify(f"invalid re-run settings: {exc}", severity="error")
            return False
        self.run_worker(self._rerun(rerun, run_id, inv, settings), group="runs",
                        exit_on_error=False, name=f"rerun {run_id}:{inv}")
        return True

    async def _rerun(self, rerun: Any, run_id: str, inv: str, settings: Settings) -> None:
        loop = asyncio.get_running_loop()
        started: asyncio.Future[str] = loop.create_future()

        def sink(ev: Event) -> None:
            if isinstance(ev, RunStarted) and not started.done():
                started.set_result(ev.run_id)

        provider = None
        try:
            provider = self.make_provider(settings)
            store = await Store.open(self.store_path)
        except Exception as exc:
            self._run_failed(f"{run_id}:{inv}", exc)
            return
        try:
            kwargs: dict[str, Any] = {"provider": provider, "sinks": [sink]}
            if run_id in self.transcripts and "transcript" in inspect.signature(rerun).parameters:
                kwargs["transcript"] = self.transcripts[run_id]
            task = asyncio.ensure_future(rerun(store, run_id, inv, settings, **kwargs))
            await asyncio.wait({task, started}, return_when=asyncio.FIRST_COMPLETED)
            if started.done():
                new_id = started.result()
                self.running.add(new_id)
                if run_id in self.transcripts:
                    self.transcripts.setdefault(new_id, self.transcripts[run_id])
                self.push_screen(RunScreen(new_id))
            try:
                result = await task
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._run_failed(started.result() if started.done() else f"{run_id}:{inv}",
                                 exc)
                return
            self.results[result.run_id] = result
            self.running.discard(result.run_id)
            self.notify(f"re-run {result.run_id} of {inv}: {result.status}, root "
                        f"{pct(result.coverage)} covered",
                        severity="information" if result.ok else "warning")
        finally:
            await store.close()
            if provider is not None:
                await provider.aclose()

    def summarize_group_anyway(self, date: str, project: str) -> None:
        """Summarize a skipped (day, project) group although it was skipped."""
        self.run_worker(self._group_anyway(date, project), group="runs", exit_on_error=False,
                        name=f"anyway {date} {project}")

    async def _group_anyway(self, date: str, project: str) -> None:
        from engine.journal.daily import skip_from_result, write_entry, write_skip
        from engine.journal.groups import group_sessions
        from engine.journal.ingest import group_transcript, read_sessions
        from engine.service import summarize_stored
        from engine.sources import RenderOptions

        settings = self.settings
        try:
            sessions, _ = await asyncio.to_thread(read_sessions, settings)
            group = next((g for g in group_sessions(sessions)
                          if g.date == date and g.project == project), None)
            if group is None or not group.included:
                self.notify(f"no sessions of {project} on {date} in the configured sources",
                            severity="error")
                return
            transcript = group_transcript(group, RenderOptions.from_settings(settings))
        except Exception as exc:
            self.notify(f"cannot read the sources: {exc}", severity="error")
            return
        rid = self.new_run_id()
        self.transcripts[rid] = transcript
        self.running.add(rid)
        self.push_screen(RunScreen(rid))
        try:
            provider = self.make_provider(settings)
            store = await Store.open(self.store_path)
            try:
                result = await summarize_stored(
                    store, transcript, settings, source=f"journal:{group.key}",
                    provider=provider, kind="journal", group_key=group.key, force=True,
                    run_id=rid)
                skip = skip_from_result(result)
                if skip is None:
                    await write_entry(store, date, project, result)
                else:
                    await write_skip(store, date, project, *skip, result.run_id)
            finally:
                await store.close()
                await provider.aclose()
            self.notify(f"{date} {project}: {'entry written' if skip is None else skip[0]}")
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._run_failed(rid, exc)
        finally:
            self.running.discard(rid)

    # navigation --------------------------------------------------------------------------
    def _base(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def action_journal(self) -> None:
        self._base()

    def _push_unique(self, kind: type[Screen[Any]], make: Callable[[], Screen[Any]]) -> None:
        if isinstance(self.screen, kind):
            return
        self.push_screen(make())

    def action_skips(self) -> None:
        from tui.screens.skips import SkipsScreen

        self._push_unique(SkipsScreen, SkipsScreen)

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        self._push_unique(SettingsScreen, SettingsScreen)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_open_run_prompt(self) -> None:
        async def got(value: str | None) -> None:
            if value:
                try:
                    row = await self.store.find_run(value)
                except UserError as exc:
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
                self.start_summarize(p)

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
