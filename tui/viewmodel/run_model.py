"""The workbench's view of one run: its events, tailed from the store and folded by the
engine's one reducer (never a second source of truth).

``RunModel`` keeps the events read so far and the live state (the fold of all of them), and
the checkpoints that stepping (``tui.viewmodel.stepper``) builds as it goes so that stepping
back stays fast on big runs; plus what the state says about chunked reads and compactions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from gapless.engine import (
    STRATEGIES,
    Records,
    RenderOptions,
    SourceChanged,
    Transcript,
    load_again,
    load_conversation,
)
from gapless.engine.core.events import (
    ActionTaken,
    CompactionValidated,
    DoneRejected,
    Event,
    InvocationStarted,
    OutlineEntry,
    OutlineUpdated,
    ProviderCall,
    RunFinished,
    RunStarted,
    SpanRead,
)
from gapless.engine.core.state import RunState, reduce
from gapless.tui.viewmodel.formatting import FINAL


async def fetch_events(records: Records, run_id: str, after: int, limit: int) -> list[Event]:
    """Events of ``run_id`` with seq > ``after``, at most ``limit`` of them, in order."""
    return await records.events(run_id, after=after, limit=limit)


@dataclass
class Absorbed:
    """What one batch of events changed (so views refresh only that)."""

    count: int = 0
    new_nodes: list[str] = field(default_factory=list)
    touched: set[str] = field(default_factory=set)
    finished: bool = False


class RunModel:
    """The events of one run and their folds."""

    def __init__(self, run_id: str) -> None:
        self.run_id = run_id
        self.events: list[Event] = []
        self.live = RunState()
        self.started: RunStarted | None = None
        # checkpoints for stepping: k -> the state after k events (sharing unchanged nodes)
        self.cp_keys: list[int] = [0]
        self.cps: dict[int, RunState] = {0: RunState()}

    @property
    def last_seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    @property
    def finished(self) -> bool:
        return self.live.status in FINAL

    def absorb(self, events: Iterable[Event]) -> Absorbed:
        out = Absorbed()
        live = self.live
        for ev in events:
            self.events.append(ev)
            reduce(live, ev)
            out.count += 1
            inv = getattr(ev, "inv", None)
            if inv is not None:
                out.touched.add(inv)
            if isinstance(ev, InvocationStarted):
                out.new_nodes.append(ev.inv)
            elif isinstance(ev, RunStarted):
                self.started = ev
            elif isinstance(ev, RunFinished):
                out.finished = True
        return out

    # stepping ---------------------------------------------------------------------------
    def _interval(self) -> int:
        return max(500, len(self.events) // 24)

    def next_action_index(self, k: int, inv: str | None, forward: bool = True) -> int | None:
        """The step count just after the next (or previous) action of ``inv`` from step k."""
        rng = range(k, len(self.events)) if forward else range(k - 2, -1, -1)
        for j in rng:
            ev = self.events[j]
            if isinstance(ev, ActionTaken | OutlineUpdated | CompactionValidated | SpanRead
                          | DoneRejected | ProviderCall) and (
                inv is None or ev.inv == inv
            ):
                return j + 1
        return None


# --- what the state says about a chunked read or a compaction ------------------------------


def outline_entries(state: RunState) -> list[OutlineEntry]:
    """The running outline of a chunked read, in chunk order."""
    return [e for inv in state.order for e in state.nodes[inv].outline]


def validation_actions(state: RunState) -> list[CompactionValidated]:
    """The compaction's validation report (its validation steps, in order)."""
    return [v for inv in state.order for v in state.nodes[inv].validations]


def progress_view(state: RunState) -> str:
    """How the run's strategy says its progress shows (its registry entry's ``view``:
    ``tree``, ``chunks`` or ``validation``); ``tree`` for a strategy no longer registered."""
    entry = STRATEGIES.find(state.strategy)
    return entry.view if entry is not None else "tree"


def chunk_counts(state: RunState, started: RunStarted | None) -> tuple[int, int] | None:
    """(chunks read, chunks planned) of a sequential read; None for other runs."""
    if progress_view(state) != "chunks":
        return None
    from gapless.engine.core.run_info import (
        ChunkPlanInfo,  # stored before the typed field: settings
    )

    plan = (started.chunks or ChunkPlanInfo.from_settings(started.settings)) if started else None
    total = (plan.total or 0) if plan is not None else 0
    first = plan.first if plan is not None else 0
    chunks = [n for n in state.nodes.values() if n.mode == "chunk"]
    done = sum(1 for n in chunks if n.status == "complete")
    return first + done, total or len(chunks)


@dataclass
class SourceText:
    """The text a run read, loaded again for the range pane, or why it could not be."""

    transcript: Transcript | None
    why: str = ""


def load_run_transcript(state: RunState) -> SourceText:
    """The input ``state``'s run read, rendered again as the run's settings say it was
    rendered (``engine.load_again``: the same include and long-output rules, checked
    by the rendering's SHA-256), so offsets in the events point at the same bytes.

    A compaction's input is its conversation's rendering; a chunked read's the raw file.
    Used only to show text: anything unexpected means "no text", with the reason.
    """
    source, settings = state.source, state.settings or {}
    try:
        if not source:
            return SourceText(None, "the run has not said what it reads yet")
        if source.startswith("journal:"):
            return SourceText(None, "a journal group's text is the day's sessions; open the "
                                    "session files to read them")
        p = Path(source).expanduser()
        if not p.exists():
            return SourceText(None, f"{source} is no longer there")
        opts = RenderOptions.from_settings(settings)
        sha = state.source_account.sha256 if state.source_account is not None else ""
        view = progress_view(state)
        if view == "validation":
            t, _starts = load_conversation(p, opts).transcript()
        elif view == "chunks":
            t = Transcript(data=p.read_bytes(), kind="text", name=p.name)
        else:
            try:
                t = load_again(p, settings, sha256=sha, input_bytes=state.input_bytes)
            except SourceChanged as exc:
                if p.is_file() and p.stat().st_size == state.input_bytes:
                    t = Transcript(data=p.read_bytes(), kind="text", name=p.name)
                else:
                    return SourceText(None, str(exc))
        if len(t) == state.input_bytes:
            return SourceText(t)
        return SourceText(None, f"{source} changed since the run ({len(t):,} bytes rendered "
                                f"now, {state.input_bytes:,} then)")
    except Exception as exc:
        return SourceText(None, f"{source} could not be read again: {exc}")
