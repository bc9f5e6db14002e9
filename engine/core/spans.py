"""Span algebra over half-open byte ranges ``[start, end)``.

Coverage is the product's promise, so these functions are pure, total and small enough to
prove by property tests. Spans are plain ``(start, end)`` tuples for speed and easy JSON.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

from gapless.engine.core.errors import InvalidValue

Span = tuple[int, int]


class SpanError(InvalidValue):
    """A span that breaks the rules (out of bounds, empty, too large)."""


def merge(spans: Iterable[Span]) -> list[Span]:
    """Normalise spans: drop empty ones, sort, and union overlapping and adjacent ones."""
    ordered = sorted((s, e) for s, e in spans if e > s)
    out: list[Span] = []
    for start, end in ordered:
        if out and start <= out[-1][1]:
            if end > out[-1][1]:
                out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def clip(spans: Iterable[Span], scope: Span) -> list[Span]:
    """The parts of ``spans`` inside ``scope``, merged."""
    lo, hi = scope
    return merge((max(s, lo), min(e, hi)) for s, e in spans)


def residual_gaps(scope: Span, spans: Iterable[Span]) -> list[Span]:
    """The parts of ``scope`` that ``spans`` do not cover, in order."""
    lo, hi = scope
    gaps: list[Span] = []
    cursor = lo
    for s, e in clip(spans, scope):
        if s > cursor:
            gaps.append((cursor, s))
        cursor = max(cursor, e)
    if cursor < hi:
        gaps.append((cursor, hi))
    return gaps


def covered_bytes(spans: Iterable[Span], scope: Span | None = None) -> int:
    """How many distinct bytes ``spans`` cover (inside ``scope`` when given)."""
    merged = clip(spans, scope) if scope is not None else merge(spans)
    return sum(e - s for s, e in merged)


def length(span: Span) -> int:
    return max(0, span[1] - span[0])


def coverage_ratio(scope: Span, spans: Iterable[Span]) -> float:
    """Covered share of ``scope`` in ``[0, 1]``; an empty scope counts as fully covered."""
    total = length(scope)
    if total == 0:
        return 1.0
    return covered_bytes(spans, scope) / total


def validate_spawn(parent: Span, child: Span, max_fraction: float = 0.5) -> Span:
    """Return ``child`` if it may be spawned under ``parent``; raise :class:`SpanError` if not.

    A child must be in bounds, non-empty and at most ``max_fraction`` of its parent, so
    each level at least halves the scope and depth stays below log2 of the input size.
    """
    ps, pe = parent
    cs, ce = child
    if ce <= cs:
        raise SpanError(f"empty range [{cs}, {ce})")
    if cs < ps or ce > pe:
        raise SpanError(f"range [{cs}, {ce}) is outside the scope [{ps}, {pe})")
    limit = int((pe - ps) * max_fraction)
    if ce - cs > limit:
        raise SpanError(
            f"range [{cs}, {ce}) has {ce - cs} bytes, over {max_fraction:.0%} of the "
            f"scope's {pe - ps} (at most {limit})"
        )
    return child


def split_evenly(span: Span, parts: int) -> list[Span]:
    """Cut ``span`` into ``parts`` contiguous pieces of near-equal length."""
    s, e = span
    n = max(1, min(parts, e - s)) if e > s else 1
    cuts = [s + (e - s) * i // n for i in range(n + 1)]
    return [(cuts[i], cuts[i + 1]) for i in range(n) if cuts[i + 1] > cuts[i]]


def format_spans(spans: Iterable[Span]) -> str:
    """Render spans the way planning prompts state them: ``[0, 2000) [9000, 48213)``."""
    text = " ".join(f"[{s}, {e})" for s, e in spans)
    return text or "none"


def subtract(spans: Iterable[Span], minus: Sequence[Span]) -> list[Span]:
    """``spans`` less ``minus``: the residual gaps of each merged span."""
    return [g for sp in merge(spans) for g in residual_gaps(sp, minus)]


def clip_sorted(spans: Sequence[Span], scope: Span) -> list[Span]:
    """``clip`` for spans already merged and sorted (a run's ``read``): by bisection, so one
    node's figure does not walk every span the run has read."""
    lo, hi = scope
    i = max(0, bisect.bisect_right(spans, (lo, hi)) - 1)
    out: list[Span] = []
    while i < len(spans) and spans[i][0] < hi:
        s, e = spans[i]
        if e > lo:
            out.append((max(s, lo), min(e, hi)))
        i += 1
    return out

