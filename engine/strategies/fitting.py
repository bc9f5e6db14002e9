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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from gapless.engine.core.spans import Span
from gapless.engine.run.token_model import continuing_marks, fit_spans, packed

# How full each try packs a leaf (of the tokens it may hold): the fitted count of a leaf is
# off by a little, so a try that leaves one over packs less.
FILL = (0.99, 0.98)


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
    marks = continuing_marks(fit.data)
    # what was counted already (a sample), else the planned leaves; then each try's leaves
    # (their prompts' counts less the prompt's own words)
    measured = fit.counted or await counted(planned, fit.count)
    if not measured:
        return None
    fixed = sent_room - data_room
    model = fit_spans(measured, marks)
    # a plan the model says is over the window somewhere would split leaves as it runs:
    # leaves that fit are then worth more of them
    overfull = model is not None and any(model.tokens(*s) > data_room for s in planned)
    for fill in FILL:
        leaves = packed(model, scope, data_room * fill, fit.cut) if model is not None \
            else None
        if leaves is None or (len(leaves) >= len(planned) and not overfull):
            return None
        sent = await counted(leaves, fit.count_sent)
        if sent is None:
            return None
        if all(t <= sent_room for _, _, t in sent):
            return leaves
        tried = [(s, e, max(0, t - fixed)) for s, e, t in sent]
        measured = [*measured, *tried]
        model = fit_spans(measured, marks)
        model = model.scaled_by(tried) if model is not None else None
    return None
