"""Example tests at the edges the property tests only find by luck.

Two deliberate bugs used to survive the suite: ``residual_gaps`` dropping a gap of one byte
at the end of a scope (hypothesis found it about half the time), and the reducer counting a
failed child as covered while its parent still runs (the coverage reported for a
cancelled run). Each test below fails under that mutation.
"""

from __future__ import annotations

import pytest

from gapless.engine.core.events import (
    ChildFinished,
    InvocationFinished,
    InvocationStarted,
    RunStarted,
    SpanRead,
)
from gapless.engine.core.spans import residual_gaps
from gapless.engine.core.state import RunState, reduce


@pytest.mark.parametrize(
    ("scope", "spans", "gaps"),
    [
        ((0, 10), [(0, 9)], [(9, 10)]),  # one byte left at the end
        ((5, 6), [], [(5, 6)]),  # a one-byte scope, unread
        ((0, 10), [(1, 10)], [(0, 1)]),  # one byte left at the start
        ((0, 10), [(0, 4), (5, 10)], [(4, 5)]),  # one byte in the middle
        ((0, 10), [(0, 3), (4, 9)], [(3, 4), (9, 10)]),  # two one-byte gaps
        ((0, 10), [(0, 10)], []),
        ((0, 10), [(0, 12)], []),
    ],
)
def test_residual_gaps_keep_one_byte_gaps(scope: tuple[int, int], spans: list[tuple[int, int]],
                                          gaps: list[tuple[int, int]]) -> None:
    assert residual_gaps(scope, spans) == gaps


def _running_parent(child_status: str) -> RunState:
    """A root over [0, 100) that read [50, 60) and heard back from a child over [0, 50)."""
    state = RunState()
    events = [
        RunStarted(run_id="r1", source="x", input_bytes=100, strategy="recursive",
                   provider="scripted", model="m", context_tokens=1000),
        InvocationStarted(inv="r", parent=None, start=0, end=100, depth=0, mode="plan"),
        InvocationStarted(inv="r.1", parent="r", start=0, end=50, depth=1, mode="leaf"),
        InvocationFinished(inv="r.1", status=child_status, coverage=0.0,  # type: ignore[arg-type]
                           gaps=[(0, 50)] if child_status != "complete" else []),
        ChildFinished(inv="r", child="r.1", status=child_status,  # type: ignore[arg-type]
                      start=0, end=50),
        SpanRead(inv="r", start=50, end=60),
    ]
    for ev in events:
        reduce(state, ev)
    return state


@pytest.mark.parametrize("status", ["failed", "incomplete"])
def test_a_failed_child_covers_nothing_while_its_parent_runs(status: str) -> None:
    state = _running_parent(status)
    root = state.nodes["r"]
    assert root.status == "running"
    assert root.covered == [(50, 60)]
    assert root.coverage == pytest.approx(0.1)
    assert root.residual == [(0, 50), (60, 100)]


def test_a_complete_child_covers_its_scope_while_its_parent_runs() -> None:
    root = _running_parent("complete").nodes["r"]
    assert root.covered == [(0, 60)]
    assert root.coverage == pytest.approx(0.6)
    assert root.residual == [(60, 100)]
