"""Laws of the span algebra, checked by hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gapless.engine.core.spans import (
    SpanError,
    coverage_ratio,
    covered_bytes,
    format_spans,
    merge,
    residual_gaps,
    split_evenly,
    validate_spawn,
)

span = st.tuples(st.integers(0, 500), st.integers(0, 500))
spans = st.lists(span, max_size=30)
scope = st.tuples(st.integers(0, 300), st.integers(0, 300)).map(lambda t: (min(t), max(t)))


def as_set(ss: list[tuple[int, int]]) -> set[int]:
    return {i for s, e in ss for i in range(s, e)}


@given(spans)
def test_merge_preserves_the_covered_set(ss: list[tuple[int, int]]) -> None:
    assert as_set(merge(ss)) == as_set(ss)


@given(spans)
def test_merge_is_sorted_disjoint_and_not_adjacent(ss: list[tuple[int, int]]) -> None:
    m = merge(ss)
    for s, e in m:
        assert s < e
    for (_, e1), (s2, _) in zip(m, m[1:], strict=False):
        assert e1 < s2


@given(spans)
def test_merge_is_idempotent(ss: list[tuple[int, int]]) -> None:
    assert merge(merge(ss)) == merge(ss)


@given(spans, spans)
def test_merge_is_order_independent(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> None:
    assert merge(a + b) == merge(b + a) == merge(merge(a) + merge(b))


@given(scope, spans)
def test_gaps_and_cover_partition_the_scope(sc: tuple[int, int], ss: list[tuple[int, int]]) -> None:
    gaps = residual_gaps(sc, ss)
    scope_set = set(range(*sc))
    assert as_set(gaps) == scope_set - as_set(ss)
    assert covered_bytes(ss, sc) + sum(e - s for s, e in gaps) == sc[1] - sc[0]
    assert merge(gaps) == gaps


@given(scope, spans)
def test_coverage_is_one_exactly_when_no_gaps(sc: tuple[int, int], ss: list[tuple[int, int]]) -> None:
    ratio = coverage_ratio(sc, ss)
    assert 0.0 <= ratio <= 1.0
    assert (ratio == 1.0) == (residual_gaps(sc, ss) == [])


def test_adjacent_spans_merge() -> None:
    assert merge([(0, 5), (5, 9), (20, 21), (10, 12)]) == [(0, 9), (10, 12), (20, 21)]
    assert residual_gaps((0, 30), [(0, 9), (10, 12)]) == [(9, 10), (12, 30)]
    assert format_spans([(0, 2000), (9000, 48213)]) == "[0, 2000) [9000, 48213)"
    assert format_spans([]) == "none"


@given(scope, st.integers(-10, 400), st.integers(-10, 400))
def test_validate_spawn_accepts_exactly_the_legal_children(
    sc: tuple[int, int], s: int, e: int
) -> None:
    legal = sc[0] <= s < e <= sc[1] and (e - s) <= (sc[1] - sc[0]) // 2
    if legal:
        assert validate_spawn(sc, (s, e)) == (s, e)
    else:
        with pytest.raises(SpanError):
            validate_spawn(sc, (s, e))


def test_spawn_over_half_is_rejected_with_a_reason() -> None:
    with pytest.raises(SpanError, match="over 50%"):
        validate_spawn((0, 1000), (0, 510))
    with pytest.raises(SpanError, match="empty"):
        validate_spawn((0, 1000), (10, 10))
    with pytest.raises(SpanError, match="outside"):
        validate_spawn((100, 1000), (50, 120))


@given(scope, st.integers(1, 20))
def test_split_evenly_tiles_the_span(sc: tuple[int, int], n: int) -> None:
    parts = split_evenly(sc, n)
    assert as_set(parts) == set(range(*sc))
    assert all(s < e for s, e in parts)
    if parts:
        sizes = [e - s for s, e in parts]
        assert max(sizes) - min(sizes) <= 1
