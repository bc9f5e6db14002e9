"""The coverage geometry the front ends draw from, in the core: span subtraction, clipping of
a run's sorted reads, the live read rule and the deepest node at an offset."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gapless.engine.core.events import (
    InvocationFinished,
    InvocationStarted,
    RunStarted,
    SpanRead,
)
from gapless.engine.core.spans import clip, clip_sorted, merge, subtract
from gapless.engine.core.state import fold, lost_spans, read_fraction, read_spans

spans = st.lists(st.tuples(st.integers(0, 200), st.integers(0, 200)).map(
    lambda t: (min(t), max(t))), max_size=12)


@given(spans, spans)
def test_subtract_leaves_no_byte_of_minus_and_keeps_every_other(a: list, b: list) -> None:
    out = subtract(a, merge(b))
    bytes_out = {i for s, e in out for i in range(s, e)}
    want = {i for s, e in a for i in range(s, e)} - {i for s, e in b for i in range(s, e)}
    assert bytes_out == want


@given(spans, st.tuples(st.integers(0, 200), st.integers(0, 200)).map(lambda t: (min(t), max(t))))
def test_clip_sorted_equals_clip_on_merged_spans(a: list, scope: tuple[int, int]) -> None:
    merged = merge(a)
    assert merge(clip_sorted(merged, scope)) == merge(clip(merged, scope))


def _state() -> object:
    return fold([
        RunStarted(run_id="x", source="", input_bytes=100, strategy="tree", provider="p",
                   model="m", context_tokens=1000),
        InvocationStarted(inv="r", parent=None, start=0, end=100, depth=0, mode="fold"),
        InvocationStarted(inv="r.0", parent="r", start=0, end=50, depth=1, mode="leaf"),
        InvocationStarted(inv="r.1", parent="r", start=50, end=100, depth=1, mode="leaf"),
        InvocationStarted(inv="r.1.0", parent="r.1", start=50, end=75, depth=2, mode="leaf"),
        SpanRead(inv="r.0", start=0, end=50),
        SpanRead(inv="r.1.0", start=50, end=75),
        InvocationFinished(inv="r.1.0", status="failed", coverage=0.0, gaps=[(50, 75)]),
    ])


def test_the_live_read_rule_leaves_out_what_was_lost() -> None:
    state = _state()
    assert lost_spans(state) == [(50, 75)]  # a failed part's reads do not count
    assert read_spans(state, (0, 100)) == [(0, 50)]
    assert read_fraction(state, state.nodes["r"]) == 0.5
    assert read_fraction(state, state.nodes["r.1"]) == 0.0


def test_the_deepest_node_at_an_offset() -> None:
    state = _state()
    assert state.deepest_at(60).inv == "r.1.0"
    assert state.deepest_at(80).inv == "r.1"
    assert state.deepest_at(10).inv == "r.0"
    assert state.deepest_at(100) is None
