"""Folding: complete children's extractions merged into their parent's, by model calls.

How many children share one fold prompt, and how much of each, is decided by the pure
packing rules of :mod:`engine.run.packing`, in the room this window leaves
(:func:`fold_shape`, :func:`fold_budget`); this module makes the calls, batch by batch,
and halves or cuts a batch the server refuses as over its window.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from gapless.engine.core.extraction import Extraction
from gapless.engine.core.spans import Span
from gapless.engine.extractive.logs.merge import merge_kept
from gapless.engine.providers.base import ContextOverflow
from gapless.engine.run.calls import SYSTEM_BYTES, window_checked
from gapless.engine.run.context import RunContext
from gapless.engine.run.memo import Outcome
from gapless.engine.run.packing import (
    MIN_CHILD_LINE,
    bare_bytes,
    child_bytes,
    fair_cap,
    fit_child,
    fit_together,
    merge_plan,
)
from gapless.engine.run.prompts import (
    NO_EXTRAS,
    SYSTEM,
    FoldExtras,
    FoldLayout,
    Prompt,
    fold_extra_bytes,
    fold_fixed_bytes,
    fold_prompt,
)

COMPACT_FOLD_ROOM = 1600  # under this room for children, a fold prompt is compact
WHOLE_FACTS_ROOM = 5600  # from this room up, a log's facts block is whole (up to 2.6 KB)
FOLD_SLACK_BYTES = 8  # the estimate rounds tokens up
_FOLD_FIXED_BYTES = 900  # a fold prompt around its children: instructions, shape, fences
_T = TypeVar("_T")


async def fold_outcomes(
    ctx: RunContext,
    inv: str,
    scope: Span,
    children: Sequence[Outcome],
    *,
    question: str | None,
    extras: FoldExtras = NO_EXTRAS,
) -> Extraction:
    """Merge complete children's extractions in one call (in batches if there are many).

    The groups are decided here, from the children's real sizes as the prompt shows them:
    all in one call when they fit (the largest lose anchors, then a little summary, to
    share it); otherwise the fewest batches whose merged answers make the rest fit, each
    packed with as many children as its window takes. A child too large to share a
    prompt loses anchors, then summary, until it fits."""
    parts = [(c.scope, c.extraction) for c in children if c.extraction is not None]
    figured = [ex.stats for _, ex in parts if ex.stats is not None and not ex.skipped]
    with merge_kept(figured):  # a log's: packing, prompt and offline answer merge them
        job = _FoldJob(ctx, inv, scope, question or ctx.question,
                       fold_shape(ctx, question or ctx.question))
        return await _fold_parts(job, parts, extras)


@dataclass(frozen=True)
class _FoldJob:
    """One fold's fixed parts: the run, the invocation and its scope, the question and
    the layout its prompts take in this window."""

    ctx: RunContext
    inv: str
    scope: Span
    question: str | None
    shape: FoldShape


async def _fold_parts(job: _FoldJob, parts: list[tuple[Span, Extraction]],
                      extras: FoldExtras) -> Extraction:
    # every prompt of this fold carries its children's merged figures (a log) and the
    # conversation fields' sentence as well as the children's lines
    ctx, shape = job.ctx, job.shape
    blocks, notes = extras.blocks, extras.notes
    budget = fold_budget(ctx, shape) - fold_extra_bytes(
        [ex for _, ex in parts], facts_cap=shape.facts_cap, compact=shape.compact)
    extra = sum(len(b.text.encode("utf-8")) + 120 for b in blocks)
    extra += sum(len(n.encode("utf-8")) + 4 for n in notes) + (40 if notes else 0)
    final_budget = max(budget // 2, budget - extra)
    parts = [(sp, fit_child(sp, ex, budget // 2)) for sp, ex in parts]

    async def merge_batch(batch: list[tuple[Span, Extraction]]) -> tuple[Span, Extraction]:
        if len(batch) == 1:
            return batch[0]
        span = (batch[0][0][0], batch[-1][0][1])
        return span, fit_child(span, await _ask_fold(job, batch), budget // 2)

    while (fitted := fit_together(parts, final_budget)) is None:
        # the fewest batches (of the front children) whose merged answers, with the rest
        # as they are, fit one call; the batches of one level are folded at once
        batches = merge_plan(parts, budget, final_budget, ctx.fold_line_estimate(budget))
        merged = await _all(merge_batch(b) for b in batches)
        if len(merged) == len(parts):  # nothing could be merged: fold what there is
            fitted = parts
            break
        parts = merged
    parts = fitted
    return await _ask_fold(job, parts, extras=extras)


async def _all(coros: Iterable[Coroutine[Any, Any, _T]]) -> list[_T]:
    """Await coroutines concurrently, results in order; the first error cancels the rest."""
    tasks = [asyncio.create_task(c) for c in coros]
    try:
        return [await t for t in tasks]
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _ask_fold(job: _FoldJob, parts: Sequence[tuple[Span, Extraction]], *,
                    extras: FoldExtras = NO_EXTRAS, depth: int = 0) -> Extraction:
    """One fold call. Refused as over the window (by the estimate, or by the server, whose
    tokenizer is denser than the estimate), its children are folded in two halves first,
    or, two or fewer, cut (never dropped) to what the window leaves them by the estimate,
    else to two thirds, and it is asked again (a few times at most)."""
    batch = list(parts)
    ctx, inv, scope = job.ctx, job.inv, job.scope
    for attempt in range(4):
        prompt = fold_prompt(batch, question=job.question, instructions=ctx.instructions,
                             summary_chars=ctx.capacity.summary_chars, extras=extras,
                             layout=job.shape.layout)
        try:
            with window_checked():
                merged = await ctx.ask_extraction(inv, prompt, scope)
            ctx.note_fold_line(bare_bytes(scope, merged))
            return merged
        except ContextOverflow:
            if attempt == 3 or depth > 4:
                raise
            if len(batch) > 2:
                half = len(batch) // 2
                sides = []
                for side in (batch[:half], batch[half:]):
                    span = (side[0][0][0], side[-1][0][1])
                    sides.append((span, side[0][1] if len(side) == 1 else
                                  await _ask_fold(job, side, depth=depth + 1)))
                batch = sides
            else:
                sizes = [child_bytes(sp, ex) for sp, ex in batch]
                cap = fair_cap(sizes, _lines_room(ctx, prompt, sum(sizes)))
                batch = [(sp, fit_child(sp, ex, max(MIN_CHILD_LINE, n * 2 // 3 if cap is None
                                                    else min(n, cap))))
                         for (sp, ex), n in zip(batch, sizes, strict=True)]
    raise AssertionError("unreachable")


def _lines_room(ctx: RunContext, prompt: Prompt, lines: int) -> int:
    """The bytes the children's lines of ``prompt`` (``lines`` bytes now) may take for it
    to fit the window by the estimate."""
    window = int((ctx.capacity.context_tokens - ctx.capacity.answer_reserve("fold"))
                 * ctx.ratio) - SYSTEM_BYTES - FOLD_SLACK_BYTES
    return max(0, window - (prompt.size - lines))


@dataclass(frozen=True)
class FoldShape:
    """How this window's fold prompts are laid out: ``room`` is what the window leaves for
    the children's lines and the extras (a log's facts, the conversation note) once the
    prompt's fixed words and the answer's reserve are counted; a small window's prompt is
    ``compact`` and cuts a log's facts block to ``facts_cap`` bytes (None: whole)."""

    room: int
    facts_cap: int | None
    compact: bool

    @property
    def layout(self) -> FoldLayout:
        return FoldLayout(self.facts_cap, self.compact)


def fold_shape(ctx: RunContext, question: str | None) -> FoldShape:
    """The layout of a fold prompt in this window (see :class:`FoldShape`)."""
    cap = ctx.capacity
    window = int((cap.context_tokens - cap.answer_reserve("fold")) * ctx.ratio) \
        - SYSTEM_BYTES - FOLD_SLACK_BYTES

    def room(compact: bool) -> int:
        return window - fold_fixed_bytes(question=question, instructions=ctx.instructions,
                                         summary_chars=cap.summary_chars, compact=compact)

    full = room(False)
    compact = full < COMPACT_FOLD_ROOM
    left = room(True) if compact else full
    return FoldShape(left, None if left >= WHOLE_FACTS_ROOM else max(0, left // 3), compact)


def fold_budget(ctx: RunContext, shape: FoldShape | None = None) -> int:
    """Bytes of child extractions one fold prompt may carry in the window: a conservative
    guess at its fixed words, but never more than the room the prompt really leaves (a
    small window's)."""
    cap = ctx.capacity
    asked = len(((ctx.question or "") + ctx.instructions + SYSTEM).encode("utf-8"))
    room = int((cap.context_tokens - cap.output_tokens - 24) * ctx.ratio) - asked
    shape = shape or fold_shape(ctx, ctx.question)
    return max(2 * MIN_CHILD_LINE, min(max(1024, room - _FOLD_FIXED_BYTES), shape.room))
