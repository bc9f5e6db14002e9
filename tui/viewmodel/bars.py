"""What a coverage bar shows: covered, in flight, pending and gap spans of the whole input or
of one invocation, derived from the engine's state with the engine's span algebra.

In flight is the state's own notion (``RunState.in_flight_spans``: the readers whose model
call holds a slot), never a second rule of the workbench's.
"""

from __future__ import annotations

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
    return merge(n.scope for n in nodes if n.status in ("failed", "incomplete"))


def run_bar(state: RunState) -> BarData:
    """The whole input: what counts as covered, what is being read, and the gaps."""
    scope = (0, state.input_bytes)
    if state.status in FINAL:
        gaps = merge(clip(state.gaps, scope))
        if state.status == "skipped" and not state.gaps:
            gaps = []
        return BarData(scope, residual_gaps(scope, gaps), [], gaps, True)
    lost = _lost(n for n in state.nodes.values() if n.status != "running")
    in_flight = merge(clip(state.in_flight_spans(), scope))
    covered = subtract(state.read, lost)
    root = state.nodes.get(state.root or "")
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
    covered = node.covered
    kids = [state.nodes[c] for c in node.children if c in state.nodes]
    lost = subtract(_lost(k for k in kids if k.status != "running"), covered)
    in_flight = subtract(clip(state.in_flight_spans(), scope), covered)
    return BarData(scope, covered, in_flight, lost, False)
