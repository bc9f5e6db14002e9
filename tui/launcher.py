"""Runs started from the workbench, in one worker body: summarize a file, re-run a scope,
summarize a skipped group anyway.

Each kind is a :class:`Launch` naming its engine verb; :class:`Launcher` runs any of them the
same way: through the engine's use cases, each run on a connection of its own to the
workbench's database, with a provider of its own (so leaving the screen it was started from
does not stop it), a sink that learns the run's id when the engine starts it and says so with
``RunLaunched``. The worker catches nothing: it ends SUCCESS with a ``RunEnded`` or ERROR,
and the app's one ``on_worker_state_changed`` handler asks :meth:`Launcher.settled` for the
message that says so (``RunEnded`` or ``RunFailed``).
"""

from __future__ import annotations

import asyncio
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.app import App
from textual.worker import Worker, WorkerState

from gapless.engine import (
    STRATEGIES,
    Group,
    GroupOutcome,
    Provider,
    RenderOptions,
    RunPlan,
    RunResult,
    Settings,
    Sink,
    Transcript,
    UserError,
    load_transcript,
    rerun_stored,
    summarize_group_anyway,
    summarize_journal_stored,
    summarize_loaded,
)
from gapless.engine.core.events import Event, RunStarted, SpanRead
from gapless.tui.flag_settings import differing_flags
from gapless.tui.messages import (
    JournalProgress,
    RunEnded,
    RunFailed,
    RunLaunched,
    RunPlanned,
    Severity,
)
from gapless.tui.viewmodel.formatting import pct
from gapless.tui.workbench import Workbench

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
    preflight: bool = True  # check the server is there before the run starts

    @property
    def label(self) -> str:
        """What names the launch before the engine has given it a run id."""
        return self.run_id or "run"

    def resolved_settings(self) -> Settings:
        if not self.overrides:
            return self.settings
        return Settings(**{**self.settings.model_dump(), **self.overrides})

    async def run(self, db: Path, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        """The run on the database ``db``, ``sinks`` hearing its events."""
        raise NotImplementedError

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        raise NotImplementedError

    def resume_command(self, base: Settings) -> str:
        """The command that takes this run up again where it stopped (its completed
        invocations are reused, not sent again): with every flag whose value differs from
        ``base``, the settings the command would otherwise run with."""
        raise NotImplementedError

    def flags(self, base: Settings) -> str:
        words = differing_flags(self.resolved_settings(), base)
        return "".join(f" {shlex.quote(w)}" for w in words)


@dataclass(kw_only=True)
class SummarizeFile(Launch):
    """``summarize_loaded`` over a file or folder (or a transcript already loaded)."""

    path: str | Path | None = None
    source: str = ""
    strategy: str = "auto"
    force: bool = False  # run again even when the same work finished before
    # hears the run's plan, made before anything is sent (strategy, calls, tokens, ETA)
    planned: Callable[[RunPlan], None] = lambda plan: None

    async def run(self, db: Path, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        if self.transcript is None:
            assert self.path is not None
            self.transcript = await asyncio.to_thread(
                load_transcript, self.path, options=RenderOptions.from_settings(settings))
        t = self.transcript
        return await summarize_loaded(db, t, settings, strategy=self.strategy,
                                      source=self.source or str(self.path or t.name),
                                      provider=provider, run_id=self.run_id, sinks=sinks,
                                      reuse=True, force=self.force, planned=self.planned)

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        assert isinstance(outcome, RunResult)
        if outcome.reused_run is not None:
            return (f"run {outcome.reused_run} from the store: 0 calls, "
                    f"{pct(outcome.coverage)} covered (F runs it again, as --force)",
                    "information")
        return (f"run {outcome.run_id} {outcome.status}: {pct(outcome.coverage)} covered",
                "information" if outcome.ok else "warning")

    def resume_command(self, base: Settings) -> str:
        entry = STRATEGIES.find(self.strategy)
        routed = entry is not None and entry.routes  # the default router needs no flag
        strategy = "" if routed else f" --strategy {self.strategy}"
        return (f"gapless tui {shlex.quote(str(self.path or self.source))}{strategy}"
                f"{self.flags(base)}")


@dataclass(kw_only=True)
class RerunScope(Launch):
    """``rerun_stored``: invocation ``inv`` of run ``parent`` again, as a new linked run."""

    parent: str
    inv: str

    @property
    def label(self) -> str:
        return self.run_id or f"{self.parent}:{self.inv}"

    async def run(self, db: Path, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        return await rerun_stored(db, self.parent, self.inv, settings, provider=provider,
                                  sinks=sinks, transcript=self.transcript)

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        assert isinstance(outcome, RunResult)
        return (f"re-run {outcome.run_id} of {self.inv}: {outcome.status}, root "
                f"{pct(outcome.coverage)} covered",
                "information" if outcome.ok else "warning")

    def resume_command(self, base: Settings) -> str:
        return f"gapless rerun {self.parent} {self.inv}{self.flags(base)}"


@dataclass(kw_only=True)
class SummarizeGroupAnyway(Launch):
    """``summarize_group_anyway`` of a skipped (day, project) group, whatever its size."""

    date: str
    project: str

    @property
    def label(self) -> str:
        return self.run_id or f"{self.date} {self.project}"

    async def run(self, db: Path, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        def sinks_for(_group: Group, transcript: Transcript) -> list[Sink]:
            self.transcript = transcript
            return sinks

        return await summarize_group_anyway(db, settings, self.date, self.project,
                                            provider=provider, sinks_for=sinks_for)

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        assert isinstance(outcome, GroupOutcome)
        done = "entry written" if outcome.status == "entry" else outcome.reason
        return f"{self.date} {self.project}: {done}", "information"

    def resume_command(self, base: Settings) -> str:
        return (f"gapless summarize --date {self.date} --project "
                f"{shlex.quote(self.project)} --force{self.flags(base)}")


@dataclass(kw_only=True)
class IngestJournal(Launch):
    """``summarize_journal_stored``: ingest the sources, summarize every group without a current
    entry, saying how far it is as it goes (one line, at most every ``EVERY`` seconds)."""

    EVERY = 0.2
    progress: Callable[[str, bool], None] = lambda text, done: None
    outcomes: list[GroupOutcome] = field(default_factory=list)
    push: bool = False
    preflight: bool = False  # a journal with nothing new to summarize needs no server

    @property
    def label(self) -> str:
        return "journal"

    def tally(self) -> str:
        made = sum(o.status == "entry" for o in self.outcomes)
        skipped = sum(o.status == "skip" for o in self.outcomes)
        current = sum(o.status == "current" for o in self.outcomes)
        return (f"{made} {'entry' if made == 1 else 'entries'} written, {skipped} skipped, "
                f"{current} already current")

    async def run(self, db: Path, provider: Provider, settings: Settings,
                  sinks: list[Sink]) -> Outcome:
        self.progress("ingesting the journal's sources…", False)

        def sinks_for(group: Group, transcript: Transcript) -> list[Sink]:
            total = max(1, len(transcript))
            read = 0
            last = 0.0
            where = f"{group.date} {group.project}"
            self.progress(f"ingesting: {where} 0.0% · {self.tally()}", False)

            def on_event(event: Event) -> None:
                nonlocal read, last
                if isinstance(event, SpanRead):
                    read += event.end - event.start
                    now = time.monotonic()
                    if now - last >= self.EVERY:
                        last = now
                        self.progress(f"ingesting: {where} {pct(min(1.0, read / total))} · "
                                      f"{self.tally()}", False)

            return [*sinks, on_event]

        def on_done(outcome: GroupOutcome) -> None:
            self.outcomes.append(outcome)
            self.progress(f"ingesting: {outcome.date} {outcome.project} "
                          f"{'entry' if outcome.status == 'entry' else outcome.status} · "
                          f"{self.tally()}", False)

        try:
            await summarize_journal_stored(db, settings, provider=provider,
                                           sinks_for=sinks_for, on_done=on_done)
        finally:
            self.progress(f"journal ingested: {self.tally()}" if self.outcomes else
                          "journal: no sessions found in the configured sources", True)
        made = any(o.status == "entry" for o in self.outcomes)
        return GroupOutcome("", "journal", "entry" if made else "current", detail=self.tally())

    def report(self, outcome: Outcome) -> tuple[str, Severity]:
        return f"journal: {self.tally()}", "information"

    def resume_command(self, base: Settings) -> str:
        return f"gapless summarize{self.flags(base)}"


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
        # the stored runs a summarize here returned instead of running (by their id): what
        # ``again`` runs afresh
        self.reused: dict[str, SummarizeFile] = {}

    # the verbs -----------------------------------------------------------------------------
    def summarize(self, path: str | Path | None = None, *, transcript: Transcript | None = None,
                  source: str = "", settings: Settings | None = None,
                  push: bool = True, force: bool = False) -> str:
        """Summarize in the background and show it at once; returns the run id."""
        rid = self.bench.new_run_id()

        def planned(plan: RunPlan) -> None:
            self.bench.plans[rid] = plan
            self.app.post_message(RunPlanned(rid, plan))

        launch = SummarizeFile(settings=settings or self.bench.settings, run_id=rid,
                               path=path, transcript=transcript, source=source,
                               strategy=self.bench.strategy, push=push, force=force,
                               planned=planned)
        self._announce(launch, rid)  # known up front: the screen opens before the run starts
        self.launch(launch)
        return rid

    def again(self, run_id: str) -> str | None:
        """Run afresh (``--force``) what a summarize here found finished in the store as
        ``run_id``; None when no summarize here returned that run."""
        done = self.reused.get(run_id)
        if done is None:
            return None
        return self.summarize(done.path, transcript=done.transcript, source=done.source,
                              settings=done.settings, force=True)

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

    def ingest_journal(self) -> bool:
        """Ingest the journal's sources in the background, its progress posted as
        ``JournalProgress``; False when an ingest is already going on."""
        if any(isinstance(launch, IngestJournal) for launch in self.live()):
            return False

        def progress(text: str, done: bool) -> None:
            self.app.post_message(JournalProgress(text, done=done))

        self.launch(IngestJournal(settings=self.bench.settings, progress=progress))
        return True

    # the runs going on ---------------------------------------------------------------------
    def live(self) -> list[Launch]:
        """The runs started here that have not ended yet."""
        return [launch for worker, launch in self._launches.items() if not worker.is_finished]

    def resume_commands(self) -> list[str]:
        """How to take each live run up again after quitting (the same command again)."""
        db = self.bench.db_path
        tail = f" --db {shlex.quote(str(db))}" if db else ""
        base = self.bench.configured_settings()
        return [launch.resume_command(base) + tail for launch in self.live()]

    async def stop_all(self, timeout: float = 5.0) -> None:
        """Stop the live runs and wait until each has written how it ended (a stopped run
        ends incomplete with its gaps; its completed invocations are kept for a resume)."""
        workers = [w for w in self._launches if not w.is_finished]
        for worker in workers:
            worker.cancel()
        deadline = asyncio.get_running_loop().time() + timeout
        while any(not w.is_finished for w in workers) and \
                asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)

    # the one worker ------------------------------------------------------------------------
    def launch(self, launch: Launch) -> None:
        worker = self.app.run_worker(self._work(launch), group=RUNS, exit_on_error=False,
                                     name=f"run {launch.label}")
        self._launches[worker] = launch

    async def _work(self, launch: Launch) -> RunEnded:
        settings = launch.resolved_settings()
        provider = self.bench.make_provider(settings)
        try:
            if launch.preflight:
                # the check `summarize` makes before its run: a server that is not there is
                # one sentence at once, and nothing is stored
                await provider.check_reachable()
            outcome = await launch.run(self.bench.store_path, provider, settings,
                                       [self._sink(launch)])
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
            if not isinstance(ended, RunEnded):
                return None
            outcome = ended.outcome
            if isinstance(launch, SummarizeFile) and isinstance(outcome, RunResult) and \
                    outcome.reused_run is not None:
                self.reused[outcome.reused_run] = launch
            return ended
        if state is WorkerState.ERROR:
            return RunFailed(launch.run_id, launch.label, error_text(worker.error))
        return None
