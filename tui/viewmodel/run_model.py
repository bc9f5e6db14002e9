"""The workbench's view of one run: its events, tailed from the store and folded by the
engine's one reducer (never a second source of truth).

``RunModel`` keeps the events read so far and the live state (the fold of all of them), and
answers ``state_at(k)`` (the fold of the first k events) for stepping, from checkpoints it
builds as it goes so that stepping back stays fast on big runs.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.events import (
    ActionTaken,
    ChildFinished,
    CompactionValidated,
    DoneRejected,
    Event,
    InvocationFinished,
    InvocationStarted,
    OutlineEntry,
    OutlineUpdated,
    ProviderCall,
    RunFinished,
    RunStarted,
    SpanRead,
)
from engine.core.spans import Span, clip, merge, residual_gaps
from engine.core.state import NodeState, RunState, copy_state, reduce
from engine.core.state import copy_node as clone_node
from engine.store import Store

FINAL = frozenset({"complete", "incomplete", "failed", "skipped"})

# status -> (glyph, colour, word); the glyph alone tells the status (not colour alone)
STATUS = {
    "pending": ("…", "grey62", "pending"),
    "running": ("◌", "yellow", "running"),
    "complete": ("✔", "green", "complete"),
    "incomplete": ("◐", "dark_orange", "incomplete"),
    "failed": ("✖", "red", "failed"),
    "skipped": ("⊘", "grey62", "skipped"),
}


async def fetch_events(store: Store, run_id: str, after: int, limit: int) -> list[Event]:
    """Events of ``run_id`` with seq > ``after``, at most ``limit`` of them, in order."""
    return await store.events(run_id, after=after, limit=limit)


# --- copying a state (for stepping checkpoints) -------------------------------------------


def clone_state(s: RunState) -> RunState:
    """A copy the reducer can go on mutating without touching ``s``."""
    return copy_state(s)


def snapshot(s: RunState) -> RunState:
    """A copy that shares the node objects (copy-on-write: see :class:`Stepper`)."""
    return copy_state(s, share_nodes=True)


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

    def state_at(self, k: int) -> RunState:
        """The fold of the first ``k`` events (a state of its own)."""
        stepper = Stepper(self)
        stepper.goto(k)
        return stepper.state

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


class Stepper:
    """The state after step k, moved by steps or jumps.

    Jumps start from the nearest checkpoint at or before k. Checkpoints share node objects
    with each other and with this state; a node is copied the first time an event changes
    it (copy-on-write), so checkpoints and steps stay cheap on a 10,000-node run.
    """

    FORWARD = 2000  # a jump forward by at most this many events folds on from here

    def __init__(self, model: RunModel) -> None:
        self.model = model
        self.k = 0
        self.state = snapshot(model.cps[0])
        self._owned: set[str] = set()

    def _reduce(self, ev: Event) -> None:
        st = self.state
        if isinstance(ev, InvocationStarted):
            p = ev.parent
            if p is not None and p in st.nodes and p not in self._owned:
                st.nodes[p] = clone_node(st.nodes[p])
                self._owned.add(p)
            self._owned.add(ev.inv)
        else:
            inv = getattr(ev, "inv", None)
            if inv is not None and inv in st.nodes and inv not in self._owned:
                st.nodes[inv] = clone_node(st.nodes[inv])
                self._owned.add(inv)
        reduce(st, ev)

    def start_at_end(self) -> None:
        """Start at the last step cheaply: a finished run's live state no longer changes,
        so it can be shared (copy-on-write) instead of folded again."""
        model = self.model
        if model.finished:
            self.state = snapshot(model.live)
            self._owned = set()
            self.k = len(model.events)
        else:
            self.goto(len(model.events))

    def warm(self, upto: int) -> None:
        """Build the checkpoints up to ``upto`` (so stepping back is fast everywhere)."""
        model = self.model
        step = model._interval()
        i = bisect.bisect_right(model.cp_keys, upto) - 1
        base = model.cp_keys[i]
        if upto - base < step:
            return
        st = Stepper(model)
        st.state = snapshot(model.cps[base])
        st.k = base
        st.goto(min(upto, base + self.FORWARD))

    def goto(self, k: int) -> Absorbed | None:
        """Move to step ``k``. Returns what changed when it folded on from the current
        step (views can update just that), None after a jump (redraw everything)."""
        model = self.model
        k = max(0, min(k, len(model.events)))
        out: Absorbed | None = Absorbed()
        if not self.k <= k <= self.k + self.FORWARD:
            i = bisect.bisect_right(model.cp_keys, k) - 1
            base = model.cp_keys[i]
            self.state = snapshot(model.cps[base])
            self._owned = set()
            self.k = base
            out = None
        step = model._interval()
        for j in range(self.k, k):
            ev = model.events[j]
            self._reduce(ev)
            if out is not None:
                out.count += 1
                inv = getattr(ev, "inv", None)
                if inv is not None:
                    out.touched.add(inv)
                if isinstance(ev, InvocationStarted):
                    out.new_nodes.append(ev.inv)
            n = j + 1
            if n % step == 0 and n not in model.cps:
                model.cps[n] = snapshot(self.state)
                bisect.insort(model.cp_keys, n)
                self._owned = set()  # the checkpoint shares every node now
        self.k = k
        return out


# --- what the views show -----------------------------------------------------------------


def pct(x: float) -> str:
    """A percentage that never rounds a gap away (99.96 % shows as 99.9 %, not 100 %)."""
    return f"{math.floor(max(0.0, min(1.0, x)) * 1000) / 10:.1f}%"


def human_bytes(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if abs(n) < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def subtract(spans: Iterable[Span], minus: Sequence[Span]) -> list[Span]:
    out: list[Span] = []
    for sp in merge(spans):
        out.extend(residual_gaps(sp, clip(minus, sp)))
    return out


@dataclass
class BarData:
    """The spans one coverage bar shows, all merged and inside ``scope``."""

    scope: Span
    covered: list[Span]
    in_flight: list[Span]
    gaps: list[Span]
    final: bool

    @property
    def pending(self) -> list[Span]:
        return subtract(residual_gaps(self.scope, self.covered), merge(self.in_flight + self.gaps))


def in_flight_spans(state: RunState, concurrency: int | None = None) -> list[Span]:
    """What is being read right now. Every leaf of a tree run starts at once and then waits
    for a call slot, so only the first ``concurrency`` running leaves (in start order: the
    slots are handed out first come, first served) count as in flight; the rest is pending.
    Without ``concurrency`` every running leaf counts (the engine's own view)."""
    if concurrency is None or state.saw_call_starts:
        return state.in_flight_spans()
    running = sorted((n for i in state.in_flight if (n := state.nodes.get(i)) is not None
                      and n.mode in ("leaf", "chunk")), key=lambda n: n.first_seq)
    return merge(n.scope for n in running[:max(1, concurrency)])


def concurrency_of(started: RunStarted | None) -> int | None:
    if started is None:
        return None
    value = started.settings.get("concurrency")
    return int(value) if isinstance(value, int | float) and value >= 1 else None


def _lost(state: RunState, nodes: Iterable[NodeState]) -> list[Span]:
    return merge(n.scope for n in nodes if n.status in ("failed", "incomplete"))


def run_bar(state: RunState, concurrency: int | None = None) -> BarData:
    """The whole input: what counts as covered, what is being read, and the gaps."""
    scope = (0, state.input_bytes)
    if state.status in FINAL:
        gaps = merge(clip(state.gaps, scope))
        if state.status == "skipped" and not state.gaps:
            gaps = []
        return BarData(scope, residual_gaps(scope, gaps), [], gaps, True)
    lost = _lost(state, (n for n in state.nodes.values() if n.status != "running"))
    in_flight = merge(clip(in_flight_spans(state, concurrency), scope))
    covered = subtract(state.read, lost)
    root = state.nodes.get(state.root or "")
    if root is not None and root.status == "complete":
        covered, lost = [scope], []
    return BarData(scope, covered, subtract(in_flight, covered), lost, False)


def node_bar(state: RunState, node: NodeState, concurrency: int | None = None) -> BarData:
    scope = node.scope
    if node.status != "running":
        gaps = [scope] if node.status == "failed" else merge(node.residual)
        if node.status == "skipped":
            gaps = []
        return BarData(scope, residual_gaps(scope, gaps), [], gaps, True)
    covered = node.covered
    kids = [state.nodes[c] for c in node.children if c in state.nodes]
    lost = subtract(_lost(state, (k for k in kids if k.status != "running")), covered)
    in_flight = subtract(clip(in_flight_spans(state, concurrency), scope), covered)
    return BarData(scope, covered, in_flight, lost, False)


def describe(ev: Event) -> str:
    """One line for the timeline."""
    if isinstance(ev, OutlineUpdated | CompactionValidated):
        ev = ev.as_action()  # shown as the action it is in the invocation's log
    if isinstance(ev, RunStarted):
        return f"run started: {ev.strategy} over {ev.input_bytes:,} bytes ({ev.provider})"
    if isinstance(ev, InvocationStarted):
        return f"{ev.inv} started: {ev.mode} [{ev.start}, {ev.end}) depth {ev.depth}"
    if isinstance(ev, ActionTaken):
        args = ", ".join(f"{k}={v}" for k, v in list(ev.args.items())[:3])
        return f"{ev.inv} action {ev.n}: {ev.action}({args[:60]}){'' if ev.ok else ' ✗'}"
    if isinstance(ev, SpanRead):
        return f"{ev.inv} read [{ev.start}, {ev.end})"
    if isinstance(ev, DoneRejected):
        return f"{ev.inv} done rejected: {ev.reason[:60]}"
    if isinstance(ev, ChildFinished):
        return f"{ev.inv} child {ev.child} finished {ev.status}"
    if isinstance(ev, ProviderCall):
        ok = "ok" if ev.ok else f"error: {(ev.error or '')[:50]}"
        return f"{ev.inv} call {ev.purpose}: {ev.tokens_in}→{ev.tokens_out} tokens, {ok}"
    if isinstance(ev, InvocationFinished):
        return f"{ev.inv} finished {ev.status} ({pct(ev.coverage)})"
    if isinstance(ev, RunFinished):
        return f"run finished {ev.status} ({pct(ev.coverage)})"
    return getattr(ev, "type", "event")


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
                        settings: dict[str, Any] | None = None) -> Any:
    """The transcript a run read, when it can be loaded again (else None).

    Used only to show text in the range pane; anything unexpected means "no text".
    """
    try:
        if source.startswith("journal:"):
            return None
        p = Path(source).expanduser()
        if not p.exists():
            return None
        from engine.sources import RenderOptions, load_transcript

        t = load_transcript(p, options=RenderOptions.from_settings(settings or {}))
        if len(t) == input_bytes:
            return t
        if p.is_file() and p.stat().st_size == input_bytes:  # a chunked read: the raw file
            from engine.core.transcript import Transcript

            return Transcript(data=p.read_bytes(), kind="text", name=p.name)
    except Exception:
        return None
    return None
