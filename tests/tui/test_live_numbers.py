"""The live numbers agree with each other (issue 41): a running node's ``done`` counts the
scopes of its children that finished complete, and the ETA counts the folds still owed."""

from __future__ import annotations

from gapless.engine.core.events import (
    InvocationFinished,
    InvocationStarted,
    ProviderCall,
    RunStarted,
    SpanRead,
)
from gapless.engine.core.state import RunState, reduce
from gapless.engine.usecases.plan import RunPlan
from gapless.tui.widgets.runtree import node_label


def _running(finished: int) -> RunState:
    """A root over three leaves of 100 bytes, ``finished`` of them complete."""
    state = RunState()
    events: list[object] = [
        RunStarted(run_id="r", source="f.md", input_bytes=300, strategy="tree",
                   provider="extractive", model="m", context_tokens=1024),
        InvocationStarted(inv="r", parent=None, start=0, end=300, depth=0, mode="fold")]
    for i in range(3):
        events.append(InvocationStarted(inv=f"r.{i}", parent="r", start=100 * i,
                                        end=100 * (i + 1), depth=1, mode="leaf"))
    for i in range(finished):
        events += [SpanRead(inv=f"r.{i}", start=100 * i, end=100 * (i + 1)),
                   ProviderCall(inv=f"r.{i}", provider="extractive", model="m",
                                purpose="leaf"),
                   InvocationFinished(inv=f"r.{i}", status="complete", coverage=1.0)]
    for n, e in enumerate(events):
        e.ts = 1000.0 + n  # type: ignore[attr-defined]
        reduce(state, e)  # type: ignore[arg-type]
    return state


def test_a_running_root_counts_its_complete_children() -> None:
    state = _running(2)
    root = state.nodes["r"]
    assert root.status == "running"
    assert abs(root.done - 2 / 3) < 1e-9
    assert "done 66.6%" in node_label(root, state).plain
    # the proof's own coverage is untouched: the root has not collected them yet
    assert root.coverage == 0.0


def test_the_eta_counts_the_folds_still_owed() -> None:
    state = _running(3)  # every byte read, the root's fold still to come
    assert state.bytes_read == state.input_bytes
    assert state.pending_folds == 1
    eta = state.eta_seconds(10.0)
    assert eta is not None and eta > 0


def test_the_plan_line_counts_the_calibration_probe() -> None:
    plan = RunPlan(source="f", input_bytes=1, strategy="tree", reason="", provider="p",
                   model="m", context_tokens=1, concurrency=1, leaves=4, folds=1, probes=1,
                   calls=6)
    assert "6 calls (4 leaves, 1 folds, 1 probe)" in plan.line()


def test_a_narrow_tree_row_keeps_its_status_and_coverage() -> None:
    state = _running(2)
    leaf = state.nodes["r.0"]
    leaf.extraction = {"headline": "a long headline " * 5}
    row = node_label(leaf, state).plain
    # what a 30-column tree pane shows of the row: the glyph, the id and the coverage
    assert row[:30].startswith("✔ r.0 100.0%")
