"""The tree's plan: a pure function of the transcript and the capacity. It cuts the input
into the fewest leaves that fit (cutting on message boundaries where it can), then groups
them into a balanced tree whose internal nodes fold at most ``fan_in`` children, each child
at most half its parent. No model call is spent on planning.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from gapless.engine.core.spans import Span, SpanError, validate_spawn
from gapless.engine.core.transcript import Transcript, snap_to_codepoint

SNAP_TOLERANCE = 0.12


@dataclass
class PlanNode:
    scope: Span
    children: list[PlanNode] = field(default_factory=list)

    @property
    def is_leaf(self) -> bool:
        return not self.children

    def count(self) -> tuple[int, int]:
        """(leaves, internal nodes) of this subtree."""
        if self.is_leaf:
            return 1, 0
        leaves = internal = 0
        for c in self.children:
            lv, it = c.count()
            leaves += lv
            internal += it
        return leaves, internal + 1


def plan_tree(
    transcript: Transcript,
    scope: Span,
    leaf_bytes: int,
    fan_in: int,
    fraction: float = 0.5,
    *,
    fold_fan_in: int | None = None,
) -> PlanNode:
    """Plan the tree over ``scope``. Every byte lies in exactly one leaf.

    ``fan_in`` leaves share a fold; a fold over merged batches takes ``fold_fan_in`` of them
    (fewer when a batch's merged line is larger than a leaf's, as lean leaves make it)."""
    shape = Shape(max(3, fan_in), max(2, min(fan_in, fold_fan_in or fan_in)))
    size = scope[1] - scope[0]
    if size <= leaf_bytes:
        return PlanNode(scope)
    least = math.ceil(size / leaf_bytes)
    # Cuts on line starts first, with a few more leaves (at most 3 %) if the fewest leave no
    # room: a line cut in two is a release heading or a log record that no leaf sees whole,
    # and a figure counted by lines would depend on the window. Lines too long for that (one
    # line of JSON) are cut anywhere, as before.
    spare = least + least * 3 // 100
    best: PlanNode | None = None
    n = least
    lines = shape.on_lines()
    for tried in sorted({least, min(least + 1, spare), spare}):  # (a try is a whole plan)
        plan = _split(transcript, scope, tried, leaf_bytes, lines, fraction)
        if plan is not None and plan.count()[0] <= spare:
            best, n, shape = plan, tried + 1, lines
            break
    if best is None:  # the fewest leaves of whole lines, each filled, if few enough
        packed = _packed_leaves(transcript, scope, leaf_bytes, spare)
        fixed = over_leaves(scope, packed, shape, fraction) if packed else None
        if fixed is not None:
            return fixed
    while best is None:
        best = _split(transcript, scope, n, leaf_bytes, shape, fraction)
        n += 1
    # A few more leaves (at most 3 %) buy slack to cut on message boundaries; worth it only
    # when that aligns clearly more cuts.
    leaves = n - 1
    roomier = _split(transcript, scope, leaves + max(1, leaves * 3 // 100), leaf_bytes,
                     shape, fraction)
    if roomier is not None:
        gain = _aligned(transcript, roomier) - _aligned(transcript, best)
        if gain > max(1, leaves // 10):
            return roomier
    return best


def _packed_leaves(transcript: Transcript, scope: Span, leaf_bytes: int, most: int
                   ) -> list[Span] | None:
    """Leaves of whole lines, each holding all the lines that fit, ending on a message
    start where one falls in its last eighth: the fewest leaves that cut no line. None when
    a line is longer than a leaf or it takes more than ``most`` leaves."""
    lo, hi = scope
    leaves: list[Span] = []
    while lo < hi:
        end = lo + leaf_bytes
        if end < hi:
            cut = leaf_end(transcript, lo, end)
            if cut is None:
                return None
            end = cut
        leaves.append((lo, min(end, hi)))
        lo = min(end, hi)
        if len(leaves) > most:
            return None
    return leaves


def leaf_end(transcript: Transcript, lo: int, end: int, tail: int = 8) -> int | None:
    """Where a leaf from ``lo`` that may run to ``end`` ends: on the last message start in
    its last ``1 / tail``, else on its last line start (None when no line starts in it)."""
    starts = transcript.boundaries((end - (end - lo) // tail, end + 1))
    cut = starts[-1] if starts else transcript.data.rfind(b"\n", lo, end) + 1
    return cut if cut > lo else None


def over_leaves(scope: Span, leaves: Sequence[Span], shape: Shape, fraction: float,
                 counts: Sequence[int] | None = None) -> PlanNode | None:
    """The tree over these leaves, in the shape :func:`_split` gives, or with ``counts``
    leaves under the top's children (None when a child would hold more than ``fraction``
    of its parent)."""
    if len(leaves) == 1:
        return PlanNode(leaves[0])
    counts = counts or partition(len(leaves), shape)
    if counts is None:
        return None
    children: list[PlanNode] = []
    at = 0
    for c in counts:
        group = leaves[at:at + c]
        at += c
        span = (group[0][0], group[-1][1])
        try:
            validate_spawn(scope, span, fraction)
        except SpanError:
            return None
        child = over_leaves(span, group, shape, fraction)
        if child is None:
            return None
        children.append(child)
    return PlanNode(scope, children)


def _aligned(transcript: Transcript, plan: PlanNode) -> int:
    """How many leaf cuts fall on message boundaries."""
    starts = set(transcript.boundaries(plan.scope))
    stack, count = [plan], 0
    while stack:
        node = stack.pop()
        if node.is_leaf:
            count += node.scope[0] in starts
        stack.extend(node.children)
    return count


@dataclass(frozen=True)
class Shape:
    fan_in: int  # leaves one fold takes
    fold_fan_in: int  # merged batches one fold takes (a batch's line counts as many leaves')
    whole_lines: bool = False  # cut only on message or line starts (else anywhere at need)

    def on_lines(self) -> Shape:
        return Shape(self.fan_in, self.fold_fan_in, whole_lines=True)

    def fits(self, sizes: Sequence[int]) -> bool:
        """Whether a fold over children of these leaf counts fits one call."""
        batches = sum(1 for c in sizes if c > 1)
        leaves = len(sizes) - batches
        return batches * self.fan_in + leaves * self.fold_fan_in <= self.fan_in * \
            self.fold_fan_in


def folds_of(sizes: Sequence[int], fan_in: int) -> int:
    """Folds a node with children of these leaf counts costs, its own included (children
    planned full)."""
    return 1 + sum(math.ceil((c - 1) / (fan_in - 1)) for c in sizes if c > 1)


def partition(n: int, shape: Shape) -> list[int] | None:
    """Leaf counts of a node's children: between 3 and ``fan_in`` children, none holding
    2 leaves (two equal halves cannot both stay under half of an odd-sized parent) and
    none more than half of the leaves. Where merged batches are larger than leaves, the
    children are the fewest equal batches when that fold fits and costs no more, or
    batches with single leaves beside them when that costs fewer folds."""
    plain = _plain_partition(n, shape)
    # (only where merged batches are larger than leaves: lean leaves, many of them)
    mixed = _mixed_partition(n, shape) if shape.fold_fan_in < shape.fan_in < n else None
    if mixed is not None and (plain is None or folds_of(mixed, shape.fan_in)
                              < folds_of(plain, shape.fan_in)):
        return mixed
    return plain


def _plain_partition(n: int, shape: Shape) -> list[int] | None:
    """:func:`partition` without batches and single leaves side by side."""
    fan_in = shape.fan_in
    if n <= fan_in:
        return [1] * n if n >= 3 else None
    full = _full_partition(n, fan_in)
    if shape.fold_fan_in < fan_in:
        k = math.ceil(n / fan_in)
        base, extra = divmod(n, k)
        even = [base + 1] * extra + [base] * (k - extra)
        if 2 <= k <= shape.fold_fan_in and 2 * max(even) <= n and min(even) >= 3 and (
                full is None or not shape.fits(full) or folds_of(even, fan_in)
                <= folds_of(full, fan_in)):
            return even
    if full is not None:
        return full
    for k in range(fan_in, 2, -1):
        base, extra = divmod(n, k)
        sizes = [base + 1] * extra + [base] * (k - extra)
        if all(c == 1 or c >= 3 for c in sizes) and 2 * max(sizes) <= n:
            return sizes
        threes = (n - k) // 2
        if (n - k) % 2 == 0 and 0 < threes <= k and n >= 6:
            return [3] * threes + [1] * (k - threes)
    return None


def _mixed_partition(n: int, shape: Shape) -> list[int] | None:
    """The fewest batches of one fold each, the leaves they leave over read by the parent
    itself: a fold over merged batches has room for some single leaves beside them (a lean
    leaf's line is smaller than a batch's), so 40 leaves take 3 batches and 4 leaves, 4
    folds, where 4 equal batches take 5. None when no such fold fits."""
    fan_in, room = shape.fan_in, shape.fan_in * shape.fold_fan_in
    for b in range(2, shape.fold_fan_in + 1):
        singles = max(0, n - b * fan_in)
        if b * fan_in + singles * shape.fold_fan_in > room:
            continue
        base, extra = divmod(n - singles, b)
        sizes = [base + 1] * extra + [base] * (b - extra) + [1] * singles
        if min(sizes[:b]) >= 3 and 2 * max(sizes) <= n and shape.fits(sizes):
            return sizes
    return None


def lead_partitions(n: int, shape: Shape, lead: Sequence[int] = (1,)) -> list[list[int]]:
    """Leaf counts of the top's children when its first children (of ``lead`` leaves each)
    were read before the rest was planned (their replies measured the model): those, then
    batches, then single leaves where the fold has room for them; the fewest folds first."""
    taken, room = sum(lead), shape.fan_in - len(lead)  # (at most fan_in children in all)
    if n - taken < 2 or room < 1:
        return []
    found: list[list[int]] = []
    if n - taken <= room and shape.fits([*lead, *[1] * (n - taken)]):
        found.append([*lead, *[1] * (n - taken)])
    for b in range(1, room + 1):
        for singles in range(room - b + 1):
            rest = n - taken - singles
            if rest < 3 * b:
                break
            base, extra = divmod(rest, b)
            for batches in ([base + 1] * extra + [base] * (b - extra),
                            _full_batches(rest, b, shape.fan_in - 1)):
                sizes = [*lead, *batches, *[1] * singles]
                if min(batches) >= 3 and 2 * max(sizes) <= n and shape.fits(sizes):
                    found.append(sizes)
    plain = partition(n - taken, shape)  # (the rest as a tree of its own would be cut)
    if plain is not None and len(plain) <= room and 2 * max(plain) <= n:
        found.append([*lead, *plain])
    return sorted(found, key=lambda sizes: (folds_of(sizes, shape.fan_in),
                                            not shape.fits(sizes), sizes.count(1)))


def _full_batches(n: int, k: int, m: int) -> list[int]:
    """``n`` leaves in ``k`` batches sized so their subtrees can be full (1 mod ``m``), the
    rest on the first."""
    units, rest = divmod(n - k, m)
    per, extra = divmod(units, k)
    sizes = [1 + m * (per + (1 if i < extra else 0)) for i in range(k)]
    sizes[0] += rest
    return sizes


def _full_partition(n: int, fan_in: int) -> list[int] | None:
    """Children sized so their own subtrees can be full (size = 1 mod (fan_in - 1)):
    this keeps the number of folds near its minimum, ceil((n - 1) / (fan_in - 1))."""
    m = fan_in - 1
    k = fan_in
    units, rest = divmod(n - k, m)
    if units < 0:
        return None
    per, extra = divmod(units, k)
    sizes = [1 + m * (per + (1 if i < extra else 0)) for i in range(k)]
    target = max(range(k), key=lambda i: sizes[i])
    sizes[target] += rest
    if any(c == 2 for c in sizes) or 2 * max(sizes) > n or sum(sizes) != n:
        return None
    return sizes


def _split(
    transcript: Transcript, scope: Span, n: int, leaf_bytes: int, shape: Shape,
    fraction: float
) -> PlanNode | None:
    lo, hi = scope
    size = hi - lo
    if size <= leaf_bytes:
        return PlanNode(scope)
    counts = partition(max(n, 2), shape)
    if counts is None:
        return None
    n = sum(counts)
    k = len(counts)
    limit = int(size * fraction)
    cuts = [lo]
    done_leaves = 0
    for i, c in enumerate(counts[:-1]):
        done_leaves += c
        ideal = lo + size * done_leaves // n
        prev = cuts[-1]
        rest_capacity = sum(counts[i + 1 :]) * leaf_bytes
        tol = max(1, int(size / n * SNAP_TOLERANCE))
        window_lo = max(prev + 1, ideal - tol, hi - rest_capacity, hi - limit * (k - i - 1))
        window_hi = min(ideal + tol, prev + c * leaf_bytes, prev + limit, hi - 1)
        if window_lo > window_hi:
            return None
        cut = _best_cut(transcript, ideal, window_lo, window_hi, shape.whole_lines)
        if cut is None:
            return None
        cuts.append(cut)
    cuts.append(hi)
    children: list[PlanNode] = []
    for (s, e), c in zip(itertools.pairwise(cuts), counts, strict=True):
        try:
            validate_spawn(scope, (s, e), fraction)
        except SpanError:
            return None
        sub: PlanNode | None = None
        need = max(c, math.ceil((e - s) / leaf_bytes))
        for m in range(need, need + 4):
            sub = _split(transcript, (s, e), m, leaf_bytes, shape, fraction)
            if sub is not None:
                break
        if sub is None:
            return None
        children.append(sub)
    return PlanNode(scope, children)


def _best_cut(transcript: Transcript, ideal: int, lo: int, hi: int,
              whole_lines: bool = False) -> int | None:
    """A message boundary nearest ``ideal`` in ``[lo, hi]``, else a line start, else (unless
    ``whole_lines``) a code-point boundary."""
    ideal = min(max(ideal, lo), hi)
    bounds = transcript.boundaries((lo - 1, hi + 1))
    if bounds:
        return min(bounds, key=lambda b: (abs(b - ideal), b))
    data = transcript.data
    before = data.rfind(b"\n", lo - 1, ideal)
    after = data.find(b"\n", ideal, hi)
    options = [p + 1 for p in (before, after) if p >= 0 and lo <= p + 1 <= hi]
    if options:
        return min(options, key=lambda b: (abs(b - ideal), b))
    if whole_lines:
        return None
    for cand in (snap_to_codepoint(data, ideal), ideal):
        if lo <= cand <= hi and snap_to_codepoint(data, cand) == cand:
            return cand
    for cand in range(ideal, hi + 1):
        if snap_to_codepoint(data, cand) == cand:
            return cand
    return None


def filled_end(transcript: Transcript, whole_lines: bool, lo: int, end: int, *,
                line_tail: int = 8) -> int | None:
    """Where a leaf filled to the token ends: on a message start just before ``end``, else
    its last line start — anywhere in it when the plan cut only on line starts, else in its
    last ``1 / line_tail``, else at ``end`` itself (a long line cut, as the plan cut it)."""
    cut = leaf_end(transcript, lo, end, tail=64)
    if whole_lines or (cut is not None and end - cut <= (end - lo) // line_tail):
        return cut
    return snap_to_codepoint(transcript.data, end)


def leaves_of(plan: PlanNode) -> list[Span]:
    """A plan's leaves in order."""
    if plan.is_leaf:
        return [plan.scope]
    return [leaf for child in plan.children for leaf in leaves_of(child)]
