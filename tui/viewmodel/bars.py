"""What a coverage bar shows: covered, in flight, pending and gap spans of the whole input or
of one invocation. The geometry is the engine's (its span algebra and its live-figure rule,
``engine.core.state.read_spans``); this module only maps it to what a bar draws.

While a run goes on, the green part of a bar is what some call has *read* (the state's
``read`` spans, less the scopes of parts that failed), and a node's *done* figure is the
engine's own coverage (its reads plus its complete children); once finished, both are the
engine's final coverage.

In flight is the state's own notion (``RunState.in_flight_spans``: the readers whose model
call holds a slot), never a second rule of the workbench's.
"""

from __future__ import annotations

from dataclasses import dataclass

from gapless.engine.core.spans import Span, clip, merge, residual_gaps, subtract
from gapless.engine.core.state import NodeState, RunState, lost_spans, read_spans
from gapless.tui.viewmodel.formatting import FINAL


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
