"""One reducer folds events into ``RunState``: the tree, per-node coverage and totals.

Every view of a run (live workbench, ``why``, stepping, resume) is this fold, so the state
after step k is ``fold(events[:k])``. The reducer mutates and returns the state it is given
(copying a 10,000-node tree per event would make live views unusable); it reads nothing but
its arguments, so folding the same events always gives the same state.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from gapless.engine.core.account import SourceAccount
from gapless.engine.core.events import (
    ActionTaken,
    CallStarted,
    ChildFinished,
    CompactionValidated,
    DoneRejected,
    Event,
    InvocationFinished,
    InvocationStarted,
    Mode,
    OutlineEntry,
    OutlineUpdated,
    ProviderCall,
    RunFinished,
    RunStarted,
    RunStatus,
    SpanRead,
    Status,
)
from gapless.engine.core.spans import (
    Span,
    clip,
    clip_sorted,
    coverage_ratio,
    merge,
    residual_gaps,
    subtract,
)


@dataclass
class NodeState:
    """One invocation as the events describe it."""

    inv: str
    parent: str | None
    start: int
    end: int
    depth: int
    mode: Mode
    question: str | None = None
    action_budget: int = 0
    engine_spawned: bool = False
    status: Status = "running"
    reads: list[Span] = field(default_factory=list)
    children: list[str] = field(default_factory=list)
    complete_children: list[Span] = field(default_factory=list)
    complete_kids: list[str] = field(default_factory=list)  # their ids, for the proof
    # scopes of children whose own finish said complete, before this node hears of it
    finished_kids: list[Span] = field(default_factory=list)
    # the action log: typed events (outline, validation) appear here in their ActionTaken form
    actions: list[ActionTaken] = field(default_factory=list)
    outline: list[OutlineEntry] = field(default_factory=list)  # a chunk's outline entries
    validations: list[CompactionValidated] = field(default_factory=list)
    rejected: list[DoneRejected] = field(default_factory=list)
    calls: list[ProviderCall] = field(default_factory=list)
    extraction: dict[str, Any] | None = None
    gaps: list[Span] = field(default_factory=list)
    reason: str = ""
    reused: bool = False
    key: str = ""
    source_run: str | None = None
    verbatim: bool = False
    source_hash: str = ""  # of the scope's bytes, when it finished complete
    first_seq: int = 0
    last_seq: int = 0

    @property
    def scope(self) -> Span:
        return (self.start, self.end)

    @property
    def covered(self) -> list[Span]:
        """Reads plus the scopes of children that finished complete while running; once
        finished, what the engine said it covered (a failed node covers nothing, and a node
        whose own fold did not happen covers nothing either)."""
        if self.status == "running":
            return merge([*self.reads, *self.complete_children])
        if self.status == "complete":
            return [self.scope]
        return residual_gaps(self.scope, self.gaps)

    @property
    def coverage(self) -> float:
        return coverage_ratio(self.scope, self.covered)

    @property
    def done(self) -> float:
        """What the live views show as done: the coverage, and while running also the
        scopes of children that finished complete before this node collected them (so a
        parent never reads 0 % under complete children)."""
        if self.status != "running":
            return self.coverage
        return coverage_ratio(self.scope, merge([*self.covered, *self.finished_kids]))

    @property
    def pending_fold(self) -> bool:
        """A running node with children still owes the call that folds them."""
        return self.status == "running" and bool(self.children)

    @property
    def residual(self) -> list[Span]:
        return residual_gaps(self.scope, self.covered)


@dataclass
class RunState:
    """Everything a view needs about one run."""

    run_id: str = ""
    source: str = ""
    input_bytes: int = 0
    strategy: str = ""
    router_reason: str = ""
    provider: str = ""
    model: str = ""
    question: str | None = None
    parent_run_id: str | None = None
    context_tokens: int = 0
    settings: dict[str, Any] = field(default_factory=dict)
    status: RunStatus = "pending"
    coverage: float = 0.0
    gaps: list[Span] = field(default_factory=list)
    entry: dict[str, Any] | None = None
    reason: str = ""
    nodes: dict[str, NodeState] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    root: str | None = None
    read: list[Span] = field(default_factory=list)
    in_flight: set[str] = field(default_factory=set)
    calling: set[str] = field(default_factory=set)
    saw_call_starts: bool = False
    calls: int = 0
    failed_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost: float = 0.0
    bytes_sent: int = 0
    rejected_dones: int = 0
    started_at: float = 0.0
    finished_at: float | None = None
    last_ts: float = 0.0
    events: int = 0
    malformed: int = 0
    source_account: SourceAccount | None = None
    # Whether every invocation keeps its extraction and outline entries: a view shows each
    # node's, so a state fed to one keeps them all. A run that only answers (``gapless
    # read``, whose chunks are folded as they arrive and whose outline is its own) keeps
    # its root's alone: a chunk's are ~20 KB of objects, which grew the read's memory with
    # the file (1.2 GB for 524 MB).
    keep_outputs: bool = True

    @property
    def bytes_read(self) -> int:
        return sum(e - s for s, e in self.read)

    @property
    def elapsed(self) -> float:
        end = self.finished_at if self.finished_at is not None else self.last_ts
        return max(0.0, end - self.started_at)

    @property
    def pending_folds(self) -> int:
        """The fold calls still owed: one for each running node with children."""
        return sum(n.pending_fold for n in self.nodes.values())

    def eta_seconds(self, elapsed: float) -> float | None:
        """The time left at the pace so far: the unread bytes at the bytes/s read, plus
        each pending fold at the seconds a call has taken (None before anything is read)."""
        read = self.bytes_read
        if elapsed <= 0 or read <= 0:
            return None
        unread = max(0, self.input_bytes - read) * elapsed / read
        return unread + self.pending_folds * elapsed / max(1, self.calls)

    def in_flight_spans(self) -> list[Span]:
        """What is being read right now: scopes of reading invocations whose call holds a
        slot (runs recorded before call starts were events: every running reader)."""
        live = self.calling if self.saw_call_starts else self.in_flight
        return merge(
            self.nodes[i].scope
            for i in live
            if i in self.nodes and self.nodes[i].mode in ("leaf", "chunk", "compact")
        )


    def deepest_at(self, offset: int) -> NodeState | None:
        """The deepest invocation whose scope holds byte ``offset`` (the first of equal
        depth), or None."""
        best: NodeState | None = None
        for n in self.nodes.values():
            if n.start <= offset < n.end and (best is None or n.depth > best.depth):
                best = n
        return best


def lost_spans(state: RunState) -> list[Span]:
    """What the parts that ended without completing leave unread: a failed part's whole
    scope, an incomplete one's residual gaps (its complete children still count)."""
    out: list[Span] = []
    for n in state.nodes.values():
        if n.status == "failed":
            out.append(n.scope)
        elif n.status == "incomplete":
            out.extend(n.residual)
    return merge(out)


def read_spans(state: RunState, scope: Span, own: Sequence[Span] = (),
               lost: Sequence[Span] | None = None) -> list[Span]:
    """What calls have read of ``scope`` while a run goes on (plus ``own``: a node's covered
    spans), less the parts that were lost: the one rule of a live figure, for the input,
    a node, its label and the header alike."""
    got = merge([*clip_sorted(state.read, scope), *clip(own, scope)])
    return subtract(got, clip(lost_spans(state) if lost is None else lost, scope))


def read_fraction(state: RunState, node: NodeState,
                  lost: Sequence[Span] | None = None) -> float:
    """The share of ``node``'s scope some call has read (what its live bar shows)."""
    size = node.end - node.start
    if size <= 0:
        return 1.0
    return sum(e - s for s, e in read_spans(state, node.scope, node.covered, lost)) / size


def _add_read(read: list[Span], span: Span) -> None:
    """Insert ``span`` into a merged, sorted list, keeping it merged (amortised cheap)."""
    s, e = span
    if e <= s:
        return
    i = bisect.bisect_left(read, (s, s))
    if i > 0 and read[i - 1][1] >= s:
        i -= 1
    j = i
    while j < len(read) and read[j][0] <= e:
        s = min(s, read[j][0])
        e = max(e, read[j][1])
        j += 1
    read[i:j] = [(s, e)]


def _run_started(state: RunState, event: RunStarted) -> None:
    state.run_id = event.run_id
    state.source = event.source
    state.input_bytes = event.input_bytes
    state.strategy = event.strategy
    state.router_reason = event.router_reason
    state.provider = event.provider
    state.model = event.model
    state.question = event.question
    state.parent_run_id = event.parent_run_id
    state.context_tokens = event.context_tokens
    state.settings = event.settings
    state.status = "running"
    state.started_at = event.ts
    state.malformed = event.malformed
    state.source_account = event.source_account
    state.gaps = [(0, event.input_bytes)] if event.input_bytes else []


def _invocation_started(state: RunState, event: InvocationStarted) -> None:
    state.nodes[event.inv] = NodeState(
        inv=event.inv, parent=event.parent, start=event.start, end=event.end,
        depth=event.depth, mode=event.mode, question=event.question,
        action_budget=event.action_budget, engine_spawned=event.engine_spawned,
        first_seq=event.seq, last_seq=event.seq,
    )
    state.order.append(event.inv)
    state.in_flight.add(event.inv)
    if event.parent is None:
        state.root = state.root or event.inv
    elif event.parent in state.nodes:
        state.nodes[event.parent].children.append(event.inv)


def _action_taken(state: RunState, event: ActionTaken) -> None:
    node = _node(state, event.inv, event.seq)
    if node:
        node.actions.append(event)
        _fold_legacy_action(node, event)


def _outline_updated(state: RunState, event: OutlineUpdated) -> None:
    node = _node(state, event.inv, event.seq)
    if node and not state.keep_outputs and node.parent is not None:
        return  # (a lean state: the read keeps its own bounded outline)
    if node:
        node.actions.append(event.as_action())
        node.outline.extend(event.entries)


def _compaction_validated(state: RunState, event: CompactionValidated) -> None:
    node = _node(state, event.inv, event.seq)
    if node:
        node.actions.append(event.as_action())
        node.validations.append(event)


def _span_read(state: RunState, event: SpanRead) -> None:
    node = _node(state, event.inv, event.seq)
    if node:
        node.reads.append((event.start, event.end))
    _add_read(state.read, (event.start, event.end))


def _done_rejected(state: RunState, event: DoneRejected) -> None:
    node = _node(state, event.inv, event.seq)
    if node:
        node.rejected.append(event)
    state.rejected_dones += 1


def _child_finished(state: RunState, event: ChildFinished) -> None:
    node = _node(state, event.inv, event.seq)
    if node and event.status == "complete":
        node.complete_children.append((event.start, event.end))
        node.complete_kids.append(event.child)


def _call_started(state: RunState, event: CallStarted) -> None:
    state.saw_call_starts = True
    state.calling.add(event.inv)
    _node(state, event.inv, event.seq)


def _provider_call(state: RunState, event: ProviderCall) -> None:
    state.calling.discard(event.inv)
    node = _node(state, event.inv, event.seq)
    if node:
        node.calls.append(event)
    state.calls += 1
    state.failed_calls += 0 if event.ok else 1
    state.tokens_in += event.tokens_in
    state.tokens_out += event.tokens_out
    state.cost += event.cost
    state.bytes_sent += event.bytes_sent


def _kept_lean(extraction: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a lean state keeps of a child's extraction: that it was skipped (the proof
    counts a child judged of no substance as read), and nothing else."""
    if extraction is None or not extraction.get("skipped"):
        return None
    return {"skipped": True, "skip_reason": extraction.get("skip_reason", "")}


def _invocation_finished(state: RunState, event: InvocationFinished) -> None:
    node = _node(state, event.inv, event.seq)
    if node:
        node.status = event.status
        node.gaps = [(s, e) for s, e in event.gaps]
        node.extraction = event.extraction if state.keep_outputs or node.parent is None \
            else _kept_lean(event.extraction)
        node.reason = event.reason
        node.reused = event.reused
        node.key = event.key
        node.source_run = event.source_run
        parent = state.nodes.get(node.parent or "")
        if parent is not None and event.status == "complete":
            parent.finished_kids.append(node.scope)
        node.verbatim = event.verbatim
        node.source_hash = event.source_hash
        if event.reused and event.status == "complete":
            _add_read(state.read, node.scope)
    state.in_flight.discard(event.inv)
    state.calling.discard(event.inv)


def _run_finished(state: RunState, event: RunFinished) -> None:
    state.status = event.status
    state.coverage = event.coverage
    state.gaps = [(s, e) for s, e in event.gaps]
    state.entry = event.entry
    state.reason = event.reason
    state.finished_at = event.ts
    state.in_flight.clear()
    state.calling.clear()


# one step of the reducer per kind of event
_STEPS: dict[type[Any], Callable[[RunState, Any], None]] = {
    RunStarted: _run_started,
    InvocationStarted: _invocation_started,
    ActionTaken: _action_taken,
    OutlineUpdated: _outline_updated,
    CompactionValidated: _compaction_validated,
    SpanRead: _span_read,
    DoneRejected: _done_rejected,
    ChildFinished: _child_finished,
    CallStarted: _call_started,
    ProviderCall: _provider_call,
    InvocationFinished: _invocation_finished,
    RunFinished: _run_finished,
}


def reduce(state: RunState, event: Event) -> RunState:
    """Apply one event to ``state`` and return it."""
    state.events += 1
    state.last_ts = max(state.last_ts, event.ts)
    step = _STEPS.get(type(event))
    if step is not None:
        step(state, event)
    return state


def _fold_legacy_action(node: NodeState, event: ActionTaken) -> None:
    """Runs recorded before outline entries and compaction validation were events of their
    own logged them as ``outline`` and ``validate`` actions: fold those into the same typed
    state (anything malformed in them is left out)."""
    args = event.args
    if event.action == "outline":
        for raw in args.get("entries") or []:
            try:
                node.outline.append(OutlineEntry.model_validate(raw))
            except ValidationError:
                continue
    elif event.action == "validate":
        try:
            if "missing" in args:
                step = CompactionValidated(
                    seq=event.seq, ts=event.ts, inv=event.inv, n=event.n, stage="missed",
                    summary=args.get("summary"), missing=args["missing"])
            elif "unresolved" in args:
                step = CompactionValidated(
                    seq=event.seq, ts=event.ts, inv=event.inv, n=event.n, stage="unresolved",
                    unresolved=args["unresolved"])
            elif event.ok:
                step = CompactionValidated(
                    seq=event.seq, ts=event.ts, inv=event.inv, n=event.n, stage="passed",
                    found=args.get("found", 0))
            else:
                return
        except ValidationError:
            return
        node.validations.append(step)


def _node(state: RunState, inv: str, seq: int) -> NodeState | None:
    node = state.nodes.get(inv)
    if node is not None:
        node.last_seq = seq
    return node


def copy_node(n: NodeState) -> NodeState:
    """A node the reducer can go on mutating without touching ``n``."""
    c = NodeState.__new__(NodeState)
    c.__dict__.update(n.__dict__)
    for name in ("reads", "children", "complete_children", "complete_kids", "finished_kids",
                 "actions", "outline", "validations", "rejected", "calls", "gaps"):
        setattr(c, name, list(getattr(n, name)))
    return c


def copy_state(s: RunState, *, share_nodes: bool = False) -> RunState:
    """A state the reducer can go on folding without touching ``s`` (events are shared: the
    reducer never mutates an event). With ``share_nodes`` the node objects are shared, for
    callers that copy a node before changing it (stepping checkpoints)."""
    c = RunState.__new__(RunState)
    c.__dict__.update(s.__dict__)
    c.gaps = list(s.gaps)
    c.read = list(s.read)
    c.order = list(s.order)
    c.in_flight = set(s.in_flight)
    c.calling = set(s.calling)
    c.nodes = dict(s.nodes) if share_nodes else {k: copy_node(n) for k, n in s.nodes.items()}
    return c


def fold(events: Iterable[Event], state: RunState | None = None) -> RunState:
    """Fold events from the start (or onto ``state``)."""
    st = state if state is not None else RunState()
    for ev in events:
        reduce(st, ev)
    return st
