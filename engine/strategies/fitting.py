"""Leaves filled to the window by the server's own token count.

A tree's leaves are planned in bytes, at the bytes per token the tokenizer gave for a sample
less 5 %: a denser stretch of the input must still fit. When the server counts tokens (the
``/tokenize`` of llama.cpp and vLLM) that margin is leaves spent for nothing — a 560 KB
session took 43 leaves where 41 hold it. Here a model of the server's counts (tokens per
character and per byte past a character's first) is fitted to the spans it counted when
the run was calibrated, the input is packed to the window by that model, and each new
leaf's prompt is counted (all at once): when one is over, the model is fitted again with
those counts, scaled on each leaf by how far off it was there, and the leaves packed a
little less full; after two tries the byte plan stands. Nothing is sent to the model: a
count is not a call.
"""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from gapless.engine.core.spans import Span

# How full each try packs a leaf (of the tokens it may hold): the fitted count of a leaf is
# off by a little, so a try that leaves one over packs less.
FILL = (0.99, 0.98)
# Bytes that continue a UTF-8 character, marked 1 (the rest 0): a span's characters are its
# bytes less these.
_CONTINUING = bytes(1 if 0x80 <= b < 0xC0 else 0 for b in range(256))


@dataclass(frozen=True)
class Fitting:
    """What fitting leaves needs: the input; the server's token count of a span's text and
    of the prompt that would read it, with the system prompt (None: it did not say); and a
    leaf's end near a wanted one (on a message or line start; None when no line ends
    there)."""

    data: bytes
    counted: list[tuple[int, int, int]]  # spans counted already: (start, end, tokens)
    count: Callable[[Span], Awaitable[int | None]]
    count_sent: Callable[[Span], Awaitable[int | None]]
    cut: Callable[[int, int], int | None]
    concurrency: int = 32  # counts asked at once (a count is cheap for the server)


@dataclass(frozen=True)
class _Model:
    """A span's tokens as ``per_char`` for each of its characters and ``per_extra`` for each
    byte past a character's first, fitted to the server's counts (least squares): a
    tokenizer's density follows what the text is made of more than its bytes. Once leaves
    covering the input were counted, each stretch's figure is scaled by how far off it was
    on the leaf it lay in (code, prose and JSON count differently)."""

    per_char: float
    per_extra: float
    continuing: bytes  # the input, each byte 1 where it continues a character
    scaled: tuple[tuple[int, int, float], ...] = ()  # (start, end, counted / modelled)

    def modelled(self, s: int, e: int) -> float:
        extra = self.continuing.count(1, s, e)
        return self.per_char * (e - s - extra) + self.per_extra * extra

    def tokens(self, s: int, e: int) -> float:
        if not self.scaled:
            return self.modelled(s, e)
        i = max(0, bisect.bisect_right(self.scaled, (s, e + 1, 0.0)) - 1)
        total, at = 0.0, s
        for _, end, factor in self.scaled[i:]:
            if at >= e:
                break
            hi = min(e, end)
            if hi > at:
                total += self.modelled(at, hi) * factor
                at = hi
        return total + (self.modelled(at, e) if at < e else 0.0)

    def end_for(self, start: int, tokens: float, hi: int) -> int:
        """The last end (at most ``hi``) of a span from ``start`` of at most ``tokens``."""
        lo, top = start, hi
        while lo < top:
            mid = (lo + top + 1) // 2
            if self.tokens(start, mid) <= tokens:
                lo = mid
            else:
                top = mid - 1
        return lo

    def scaled_by(self, counted: list[tuple[int, int, int]]) -> _Model:
        """This model scaled on each counted span (spans covering the input in order)."""
        return replace(self, scaled=tuple((s, e, t / max(1e-9, self.modelled(s, e)))
                                          for s, e, t in counted))


def _fit(counted: list[tuple[int, int, int]], continuing: bytes) -> _Model | None:
    """The model that best predicts these spans' counts (None when nothing does)."""
    rows = [(e - s - continuing.count(1, s, e), continuing.count(1, s, e), t)
            for s, e, t in counted]
    cc = sum(c * c for c, _, _ in rows)
    cx = sum(c * x for c, x, _ in rows)
    xx = sum(x * x for _, x, _ in rows)
    ct = sum(c * t for c, _, t in rows)
    xt = sum(x * t for _, x, t in rows)
    det = cc * xx - cx * cx
    if det > 0:
        per_char, per_extra = (ct * xx - xt * cx) / det, (cc * xt - cx * ct) / det
        if per_char > 0 and per_extra >= 0:
            return _Model(per_char, per_extra, continuing)
    if cc <= 0:
        return None
    # (no multi-byte character, or too few to tell: characters alone)
    return _Model(ct / cc, 0.0, continuing) if ct > 0 else None


def _pack(model: _Model, scope: Span, tokens: float, fit: Fitting) -> list[Span] | None:
    """Leaves from the start, each the most the model says holds ``tokens``."""
    lo, hi = scope
    leaves: list[Span] = []
    while lo < hi:
        end = model.end_for(lo, tokens, hi)
        if end < hi:
            cut = fit.cut(lo, end)
            if cut is None or cut <= lo:
                return None
            end = cut
        leaves.append((lo, end))
        lo = end
    return leaves


async def fitted_leaves(fit: Fitting, planned: list[Span], data_room: int, sent_room: int
                        ) -> list[Span] | None:
    """Leaves covering the planned leaves' scope whole, in order, each sent in a prompt of
    at most ``sent_room`` tokens by the server's count (packed to ``data_room`` tokens of
    data): fewer than planned, or as many as fit when a planned leaf would not. None when
    the server does not count, packing saves no leaf, or two tries leave one over."""
    gate = asyncio.Semaphore(max(1, fit.concurrency))

    async def counted(spans: list[Span], count: Callable[[Span], Awaitable[int | None]]
                      ) -> list[tuple[int, int, int]] | None:
        async def one(span: Span) -> int | None:
            async with gate:
                return await count(span)

        counts = await asyncio.gather(*(one(s) for s in spans))
        if any(c is None for c in counts):
            return None
        return [(s, e, c or 0) for (s, e), c in zip(spans, counts, strict=True)]

    scope = (planned[0][0], planned[-1][1])
    continuing = fit.data.translate(_CONTINUING)
    # what was counted already (a sample), else the planned leaves; then each try's leaves
    # (their prompts' counts less the prompt's own words)
    measured = fit.counted or await counted(planned, fit.count)
    if not measured:
        return None
    fixed = sent_room - data_room
    model = _fit(measured, continuing)
    # a plan the model says is over the window somewhere would split leaves as it runs:
    # leaves that fit are then worth more of them
    overfull = model is not None and any(model.tokens(*s) > data_room for s in planned)
    for fill in FILL:
        leaves = _pack(model, scope, data_room * fill, fit) if model is not None else None
        if leaves is None or (len(leaves) >= len(planned) and not overfull):
            return None
        sent = await counted(leaves, fit.count_sent)
        if sent is None:
            return None
        if all(t <= sent_room for _, _, t in sent):
            return leaves
        tried = [(s, e, max(0, t - fixed)) for s, e, t in sent]
        measured = [*measured, *tried]
        model = _fit(measured, continuing)
        model = model.scaled_by(tried) if model is not None else None
    return None
