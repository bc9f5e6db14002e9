"""What a coverage bar shows: covered, in flight, pending and gap spans of the whole input or
of one invocation, derived from the engine's state with the engine's span algebra.

While a run goes on, the green part of a bar is what some call has *read* (the state's
``read`` spans, less the scopes of parts that failed), and a node's *done* figure is the
engine's own coverage (its reads plus its complete children); once finished, both are the
engine's final coverage. :func:`read_spans` is the one rule, for the input bar, the node
bar, the tree's labels and the header alike.

In flight is the state's own notion (``RunState.in_flight_spans``: the readers whose model
call holds a slot), never a second rule of the workbench's.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.core.spans import Span, clip, merge, residual_gaps
from engine.core.state import NodeState, RunState
from tui.viewmodel.formatting import FINAL


def subtract(spans: Iterable[Span], minus: Sequence[Span]) -> list[Span]:
    """``spans`` less ``minus``: the residual gaps of each merged span (the spans algebra)."""
    return [g for sp in merge(spans) for g in residual_gaps(sp, minus)]


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
        return residual_gaps(self.scope, [*self.covered, *self.in_flight, *self.gaps])


def _lost(nodes: Iterable[NodeState]) -> list[Span]:
    """What the parts that ended without completing leave unread: a failed part's whole
    scope, an incomplete one's residual gaps (its complete children still count, as its
    label's coverage says)."""
    out: list[Span] = []
    for n in nodes:
        if n.status == "failed":
            out.append(n.scope)
        elif n.status == "incomplete":
            out.extend(n.residual)
    return merge(out)


def clip_sorted(spans: Sequence[Span], scope: Span) -> list[Span]:
    """``clip`` for spans already merged and sorted (the state's ``read``): by bisection, so
    a label of one node does not walk every span the run has read."""
    lo, hi = scope
    i = max(0, bisect.bisect_right(spans, (lo, hi)) - 1)
    out: list[Span] = []
    while i < len(spans) and spans[i][0] < hi:
        s, e = spans[i]
        if e > lo:
            out.append((max(s, lo), min(e, hi)))
        i += 1
    return out


def lost_spans(state: RunState) -> list[Span]:
    """The scopes of the parts that finished failed or incomplete (their reads do not count)."""
    return _lost(n for n in state.nodes.values() if n.status != "running")


def read_spans(state: RunState, scope: Span, own: Sequence[Span] = (),
               lost: Sequence[Span] | None = None) -> list[Span]:
    """What calls have read of ``scope`` (plus ``own``: a node's covered spans), less the
    parts that were lost."""
    got = merge([*clip_sorted(state.read, scope), *clip(own, scope)])
    return subtract(got, clip(lost_spans(state) if lost is None else lost, scope))


def read_fraction(state: RunState, node: NodeState,
                  lost: Sequence[Span] | None = None) -> float:
    """The share of ``node``'s scope some call has read (what its bar shows in green)."""
    size = node.end - node.start
    if size <= 0:
        return 1.0
    return sum(e - s for s, e in read_spans(state, node.scope, node.covered, lost)) / size


def run_bar(state: RunState) -> BarData:
    """The whole input: what counts as covered, what is being read, and the gaps."""
    scope = (0, state.input_bytes)
    if state.status in FINAL:
        gaps = merge(clip(state.gaps, scope))
        if state.status == "skipped" and not state.gaps:
            gaps = []
        return BarData(scope, residual_gaps(scope, gaps), [], gaps, True)
    lost = lost_spans(state)
    in_flight = merge(clip(state.in_flight_spans(), scope))
    root = state.nodes.get(state.root or "")
    covered = read_spans(state, scope, root.covered if root is not None else (), lost)
    if root is not None and root.status == "complete":
        covered, lost = [scope], []
    return BarData(scope, covered, subtract(in_flight, covered), lost, False)


def node_bar(state: RunState, node: NodeState) -> BarData:
    scope = node.scope
    if node.status != "running":
        gaps = [scope] if node.status == "failed" else merge(node.residual)
        if node.status == "skipped":
            gaps = []
        return BarData(scope, residual_gaps(scope, gaps), [], gaps, True)
    lost_all = lost_spans(state)
    covered = read_spans(state, scope, node.covered, lost_all)
    lost = subtract(clip(lost_all, scope), covered)
    in_flight = subtract(clip(state.in_flight_spans(), scope), covered)
    return BarData(scope, covered, in_flight, lost, False)
