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
from typing import Any

from engine import RenderOptions, Store, Transcript, load_transcript
from engine.core.events import (
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
from engine.core.state import RunState, reduce
from tui.viewmodel.formatting import FINAL


async def fetch_events(store: Store, run_id: str, after: int, limit: int) -> list[Event]:
    """Events of ``run_id`` with seq > ``after``, at most ``limit`` of them, in order."""
    return await store.events(run_id, after=after, limit=limit)


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


def chunk_counts(state: RunState, started: RunStarted | None) -> tuple[int, int] | None:
    """(chunks read, chunks planned) of a chunked read; None for other runs."""
    if state.strategy != "chunked":
        return None
    from engine.core.run_info import ChunkPlanInfo  # stored before the typed field: settings

    plan = (started.chunks or ChunkPlanInfo.from_settings(started.settings)) if started else None
    total = (plan.total or 0) if plan is not None else 0
    first = plan.first if plan is not None else 0
    chunks = [n for n in state.nodes.values() if n.mode == "chunk"]
    done = sum(1 for n in chunks if n.status == "complete")
    return first + done, total or len(chunks)


def load_run_transcript(source: str, input_bytes: int,
                        settings: dict[str, Any] | None = None) -> Transcript | None:
    """The transcript a run read, when it can be loaded again (else None).

    Used only to show text in the range pane; anything unexpected means "no text".
    """
    try:
        if source.startswith("journal:"):
            return None
        p = Path(source).expanduser()
        if not p.exists():
            return None
        t = load_transcript(p, options=RenderOptions.from_settings(settings or {}))
        if len(t) == input_bytes:
            return t
        if p.is_file() and p.stat().st_size == input_bytes:  # a chunked read: the raw file
            return Transcript(data=p.read_bytes(), kind="text", name=p.name)
    except Exception:
        return None
    return None
