"""Capped counters that know how much they may lack, so a figure taken from them is proved.

A node keeps only the top values of a counter (a field's values, the minutes of its errors)
and counts the rest as other: a value dropped in one part and kept in another is summed
short, and a value dropped everywhere may outrank every kept one. So each capped counter
carries, beside its counts, ``short`` (for a kept value whose count may be short, by at most
how much) and ``bound`` (the most records any value it does not keep may have). Both add up
through folds: a part that does not keep a value may still hold up to its bound of it, unless
the value lies outside the part's span (a minute outside the part's time range). A figure is
printed only when they prove it: a count whose short is 0, ranked above anything that could
outrank it (:func:`proven_top`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

Span = tuple[str, str]  # the least and greatest keys a part may hold


@dataclass(frozen=True, slots=True)
class Counted:
    """One part's capped counter."""

    counts: Mapping[str, int]
    short: Mapping[str, int] = field(default_factory=dict)
    bound: int = 0
    span: Span | None = None  # None: any key


@dataclass(frozen=True, slots=True)
class Kept:
    """A counter cut to its cap: what it keeps, what those counts may lack, the records
    past the cap, and the most any value not kept may have."""

    counts: dict[str, int]
    short: dict[str, int]
    rest: int
    bound: int


def _ranked(items: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    """``items`` by count, largest first, ties by value: sorted by value, then stably by
    count (the order of (-count, value) in a third of the time, no key function called per
    item)."""
    ranked = sorted(items)
    ranked.sort(key=itemgetter(1), reverse=True)
    return ranked


def cap_counter(counts: Mapping[str, int], cap: int, short: Mapping[str, int] | None = None,
                unseen: int = 0) -> Kept:
    """The ``cap`` largest counts (ties by value); ``unseen`` is the most a value none of
    ``counts`` names may have."""
    items = _ranked(counts.items())
    if len(items) <= cap:
        kept = dict(items)
        return Kept(kept, {k: s for k, s in (short or {}).items() if s}, 0, unseen)
    kept = dict(items[:cap])
    past = items[cap:]
    bound = max(unseen, past[0][1])  # (the largest count past the cap, and those that may lack)
    lacking: dict[str, int] = {}
    for k, s in (short or {}).items():
        if not s:
            continue
        if k in kept:
            lacking[k] = s
        else:
            bound = max(bound, counts[k] + s)
    return Kept(kept, lacking, sum(v for _, v in past), bound)


def added(parts: Sequence[Counted]) -> tuple[Counter[str], dict[str, int], int]:
    """The parts' counts added, how much each sum may lack, and the most a value that no
    part keeps may have."""
    total: Counter[str] = Counter()
    for p in parts:
        total.update(p.counts)
    if not any(p.bound or p.short for p in parts):  # (nearly always: nothing was dropped)
        return total, {}, 0
    short: Counter[str] = Counter()
    for p in parts:
        short.update(p.short)
    # a part without a span may hold any value it does not keep, up to its bound: a sum
    # lacks the bounds of every such part but those that keep the value
    wide = [p for p in parts if p.bound and p.span is None]
    if wide:
        everywhere = sum(p.bound for p in wide)
        kept_by: Counter[str] = Counter()
        for p in wide:
            kept_by.update(dict.fromkeys(p.counts, p.bound))
        for k in total:
            lack = everywhere - kept_by.get(k, 0)
            if lack:
                short[k] += lack
    # a part with a span (a time range) may hold only the values within it
    keys: list[str] | None = None
    for p in parts:
        if p.bound and p.span is not None:
            keys = sorted(total) if keys is None else keys
            for k in keys[bisect_left(keys, p.span[0]):bisect_right(keys, p.span[1])]:
                if k not in p.counts:
                    short[k] += p.bound
    return total, {k: s for k, s in short.items() if s}, _most_at_once(parts)


def _most_at_once(parts: Sequence[Counted]) -> int:
    """The largest sum of bounds of parts that may hold one same key: of every part, unless
    their spans say which can share one."""
    bounded = [p for p in parts if p.bound]
    spans = [p.span for p in bounded]
    if any(s is None for s in spans):
        return sum(p.bound for p in bounded)
    # (a sweep over closed spans: at an equal key, a span opens before another closes)
    marks = sorted([(s[0], 0, p.bound) for s, p in zip(spans, bounded, strict=True) if s]
                   + [(s[1], 1, -p.bound) for s, p in zip(spans, bounded, strict=True) if s])
    most = now = 0
    for _, _, step in marks:
        now += step
        most = max(most, now)
    return most


def merged_counter(parts: Sequence[Counted], cap: int) -> Kept:
    """The parts added and cut to ``cap`` again."""
    total, short, unseen = added(parts)
    return cap_counter(total, cap, short, unseen)


def bumped(counts: dict[str, int], short: dict[str, int], bound: int, key: str, by: int,
           cap: int) -> tuple[int, int]:
    """Add ``by`` (less than 0: take back) to ``counts[key]`` within ``cap`` keys, in place;
    returns the records that did not fit and the counter's bound after it. A value taken in
    anew may have been dropped before (its count may lack the bound); one that does not fit
    may now hold the bound and these records."""
    if key in counts:
        counts[key] += by
        if counts[key] <= 0:
            del counts[key]
            bound = max(bound, short.pop(key, 0))
        return 0, bound
    if by > 0 and len(counts) < cap:
        counts[key] = by
        if bound:
            short[key] = bound
        return 0, bound
    return by, bound + max(by, 0)


def top_counts(counts: Mapping[str, int], k: int) -> list[tuple[str, int]]:
    """The ``k`` largest counts, ties by value: only the values at or above the ``k``-th
    largest count are ordered (a summary asks for the top few of a thousand, per field, for
    every scope it renders)."""
    if k <= 0 or not counts:
        return []
    if len(counts) <= k:
        floor = min(counts.values())
    else:
        floor = sorted(counts.values(), reverse=True)[k - 1]
    return _ranked(kv for kv in counts.items() if kv[1] >= floor)[:k]


def proven_top(counts: Mapping[str, int], short: Mapping[str, int], bound: int,
               k: int) -> list[tuple[str, int]]:
    """The top ``k`` values (by count, ties by value) as far as their counts and ranks are
    proved: each count exact, and above the most any uncertain value (one whose count may
    be short, or one not kept) may have. Every one of the top ``k`` when nothing was
    dropped."""
    ranked = top_counts(counts, k)
    if not bound and not short:
        return ranked
    # (the prefix stops at the first uncertain value: every other one ranks below it)
    rival = max([bound, *(counts[key] + lack for key, lack in short.items() if lack)])
    out: list[tuple[str, int]] = []
    for key, n in ranked:
        if short.get(key) or rival >= n:
            break
        out.append((key, n))
    return out
