"""Runs started from the workbench, in one worker body: summarize a file, re-run a scope,
summarize a skipped group anyway.

Each kind is a :class:`Launch` naming its engine verb; :class:`Launcher` runs any of them the
same way: its own store connection and provider (so leaving the screen it was started from
does not stop it), a sink that learns the run's id when the engine starts it and says so with
``RunLaunched``. The worker catches nothing: it ends SUCCESS with a ``RunEnded`` or ERROR,
and the app's one ``on_worker_state_changed`` handler asks :meth:`Launcher.settled` for the
message that says so (``RunEnded`` or ``RunFailed``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.app import App
from textual.worker import Worker, WorkerState

from engine import (
    Group,
    GroupOutcome,
    Provider,
    RenderOptions,
    RunResult,
    Settings,
    Sink,
    Store,
    Transcript,
    UserError,
    group_sessions,
    load_transcript,
    read_sessions,
    rerun_scope,
    summarize_group,
    summarize_stored,
)
from engine.core.events import Event, RunStarted
from tui.messages import RunEnded, RunFailed, RunLaunched, Severity
from tui.viewmodel.formatting import pct
from tui.workbench import Workbench

RUNS = "runs"  # the worker group of the runs started here

Outcome = RunResult | GroupOutcome


@dataclass(kw_only=True)
class Launch:
    """One run to start: which engine verb, with which settings, and how to word its end."""

    settings: Settings
    overrides: dict[str, Any] = field(default_factory=dict)
    run_id: str | None = None  # known up front, or learnt from the run's RunStarted
    transcript: Transcript | None = None  # what it reads, once known (for the text pane)
    push: bool = True  # show the run as soon as it has an id
    announced: bool = False

    @property
    def label(self) -> str:
        """What names the launch before the engine has given it a run id."""
        return self.run_id or "run"

    def resolved_settings(self) -> Settings:
        if not self.overrides:
            return self.settings
        return Settings(**{**self.settings.model_dump(), **self.overrides})

    async def run(self, store: Store, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        raise NotImplementedError

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        raise NotImplementedError


@dataclass(kw_only=True)
class SummarizeFile(Launch):
    """``summarize_stored`` over a file or folder (or a transcript already loaded)."""

    path: str | Path | None = None
    source: str = ""
    strategy: str = "auto"

    async def run(self, store: Store, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        if self.transcript is None:
            assert self.path is not None
            self.transcript = await asyncio.to_thread(
                load_transcript, self.path, options=RenderOptions.from_settings(settings))
        t = self.transcript
        return await summarize_stored(store, t, settings, strategy=self.strategy,
                                      source=self.source or str(self.path or t.name),
                                      provider=provider, run_id=self.run_id, sinks=sinks)

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        assert isinstance(outcome, RunResult)
        return (f"run {outcome.run_id} {outcome.status}: {pct(outcome.coverage)} covered",
                "information" if outcome.ok else "warning")


@dataclass(kw_only=True)
class RerunScope(Launch):
    """``rerun_scope``: invocation ``inv`` of run ``parent`` again, as a new linked run."""

    parent: str
    inv: str

    @property
    def label(self) -> str:
        return self.run_id or f"{self.parent}:{self.inv}"

    async def run(self, store: Store, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        return await rerun_scope(store, self.parent, self.inv, settings, provider=provider,
                                 sinks=sinks, transcript=self.transcript)

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        assert isinstance(outcome, RunResult)
        return (f"re-run {outcome.run_id} of {self.inv}: {outcome.status}, root "
                f"{pct(outcome.coverage)} covered",
                "information" if outcome.ok else "warning")


@dataclass(kw_only=True)
class SummarizeGroupAnyway(Launch):
    """``summarize_group`` of a skipped (day, project) group, forced and whatever its size."""

    date: str
    project: str

    @property
    def label(self) -> str:
        return self.run_id or f"{self.date} {self.project}"

    async def run(self, store: Store, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        sessions, _ = await asyncio.to_thread(read_sessions, settings)
        group = next((g for g in group_sessions(sessions)
                      if g.date == self.date and g.project == self.project), None)
        if group is None or not group.included:
            raise UserError(f"no sessions of {self.project} on {self.date} in the configured "
                            "sources")

        def sinks_for(_group: Group, transcript: Transcript) -> list[Sink]:
            self.transcript = transcript
            return sinks

        return await summarize_group(store, settings, group, provider=provider, force=True,
                                     sinks_for=sinks_for)

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        assert isinstance(outcome, GroupOutcome)
        done = "entry written" if outcome.status == "entry" else outcome.reason
        return f"{self.date} {self.project}: {done}", "information"


def error_text(exc: BaseException | None) -> str:
    """A user's error in its own words; anything else with its type."""
    if isinstance(exc, UserError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


class Launcher:
    """Starts the workbench's runs as app-level workers, and says how each one ended."""

    def __init__(self, app: App[Any], bench: Workbench) -> None:
        self.app = app
        self.bench = bench
        self._launches: dict[Worker[RunEnded], Launch] = {}

    # the verbs -----------------------------------------------------------------------------
    def summarize(self, path: str | Path | None = None, *, transcript: Transcript | None = None,
                  source: str = "", settings: Settings | None = None,
                  push: bool = True) -> str:
        """Summarize in the background and show it at once; returns the run id."""
        rid = self.bench.new_run_id()
        launch = SummarizeFile(settings=settings or self.bench.settings, run_id=rid,
                               path=path, transcript=transcript, source=source,
                               strategy=self.bench.strategy, push=push)
        self._announce(launch, rid)  # known up front: the screen opens before the run starts
        self.launch(launch)
        return rid

    def rerun(self, run_id: str, inv: str, overrides: dict[str, Any]) -> None:
        """Re-run the scope of ``inv`` as a new run linked to ``run_id``; shown live."""
        self.launch(RerunScope(settings=self.bench.settings, overrides=overrides,
                               parent=run_id, inv=inv,
                               transcript=self.bench.transcripts.get(run_id)))

    def summarize_group_anyway(self, date: str, project: str) -> None:
        """Summarize a skipped (day, project) group although it was skipped (its size no
        longer counts; a group with nothing to read is skipped again, with its reason)."""
        self.launch(SummarizeGroupAnyway(settings=self.bench.settings,
                                         overrides={"min_bytes": 0}, date=date,
                                         project=project))

    # the one worker ------------------------------------------------------------------------
    def launch(self, launch: Launch) -> None:
        worker = self.app.run_worker(self._work(launch), group=RUNS, exit_on_error=False,
                                     name=f"run {launch.label}")
        self._launches[worker] = launch

    async def _work(self, launch: Launch) -> RunEnded:
        settings = launch.resolved_settings()
        provider = self.bench.make_provider(settings)
        try:
            store = await Store.open(self.bench.store_path)
            try:
                outcome = await launch.run(store, provider, settings, [self._sink(launch)])
            finally:
                await store.close()
        finally:
            await provider.aclose()
        text, severity = launch.report(outcome)
        return RunEnded(launch.run_id, launch.label, outcome, text, severity)

    def _sink(self, launch: Launch) -> Sink:
        def on_event(event: Event) -> None:
            if isinstance(event, RunStarted):
                if launch.transcript is not None:  # the run screen shows its text from it
                    self.bench.transcripts.setdefault(event.run_id, launch.transcript)
                if not launch.announced:
                    self._announce(launch, event.run_id)

        return on_event

    def _announce(self, launch: Launch, run_id: str) -> None:
        launch.run_id = run_id
        launch.announced = True
        self.app.post_message(RunLaunched(run_id, push=launch.push))

    def settled(self, worker: Worker[Any], state: WorkerState) -> RunEnded | RunFailed | None:
        """How a run worker ended, as the message that says so (None while it runs, when
        cancelled, and for workers that are not runs)."""
        launch = self._launches.get(worker)
        if launch is None or state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                           WorkerState.CANCELLED):
            return None
        del self._launches[worker]
        if state is WorkerState.SUCCESS:
            ended = worker.result
            return ended if isinstance(ended, RunEnded) else None
        if state is WorkerState.ERROR:
            return RunFailed(launch.run_id, launch.label, error_text(worker.error))
        return None
