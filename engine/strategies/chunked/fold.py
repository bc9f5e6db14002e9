"""The final summary of a read, folded as chunks arrive so memory stays bounded.

Chunk extractions wait in a small stack of levels, at most ``fan_in`` per level: a full
level is folded into one extraction on the level above, so however many chunks a file has,
only ``fan_in`` times the number of levels are ever held. The root invocation of the read
is this fold.
"""

from __future__ import annotations

from gapless.engine.core.extraction import Extraction
from gapless.engine.core.spans import Span
from gapless.engine.extractive.anchors import headline_kind_of
from gapless.engine.run.context import RunContext
from gapless.engine.run.prompts import fold_prompt
from gapless.engine.strategies.chunked.result import bounded

__all__ = ["ROOT", "FoldStack", "fallback_fold"]

ROOT = "k"


class FoldStack:
    """Folds chunk extractions as they arrive: at most ``fan_in`` waiting per level."""

    def __init__(self, ctx: RunContext, scope: Span, fan_in: int, summary_chars: int,
                 question: str | None) -> None:
        self.ctx = ctx
        self.scope = scope
        self.fan_in = fan_in
        self.summary_chars = summary_chars
        self.question = question
        self.levels: list[list[tuple[Span, Extraction]]] = []
        self.prior: tuple[Span, Extraction] | None = None

    async def push(self, span: Span, extraction: Extraction) -> None:
        item = (span, _light(extraction))
        level = 0
        while True:
            if len(self.levels) <= level:
                self.levels.append([])
            self.levels[level].append(item)
            if len(self.levels[level]) < self.fan_in:
                return
            batch, self.levels[level] = self.levels[level], []
            item = await self._fold(batch)
            level += 1

    async def _fold(self, items: list[tuple[Span, Extraction]]) -> tuple[Span, Extraction]:
        span = (items[0][0][0], items[-1][0][1])
        prompt = fold_prompt(items, question=self.question, instructions=self.ctx.instructions,
                             summary_chars=self.summary_chars)
        ex = await self.ctx.ask_extraction(ROOT, prompt, self.scope)
        return span, _light(ex)

    def pending(self) -> list[tuple[Span, Extraction]]:
        items = [it for level in reversed(self.levels) for it in level]
        return [self.prior, *items] if self.prior else items

    async def result(self) -> Extraction | None:
        items = self.pending()
        if not items:
            return None
        while len(items) > 1:
            items = [
                await self._fold(items[i : i + self.fan_in]) if len(items[i : i + self.fan_in]) > 1
                else items[i]
                for i in range(0, len(items), self.fan_in)
            ]
        return items[0][1]


def _light(extraction: Extraction) -> Extraction:
    """What a waiting summary keeps: no anchors (memory stays bounded), but its headline
    anchor, which says where the headline came from (a session's outcome, the user's
    request): without it the fold cannot tell a session's outcome from a chunk of
    injected instructions."""
    heads = [a for a in extraction.anchors if headline_kind_of(a.label) is not None][:1]
    return extraction.model_copy(update={"anchors": heads})


def fallback_fold(items: list[tuple[Span, Extraction]]) -> Extraction | None:
    """Without a model for the last fold, the pending summaries side by side (bounded)."""
    if not items:
        return None
    text = "\n".join(f"[{s}, {e}) {ex.headline}: {ex.summary}" for (s, e), ex in items)
    return Extraction(headline=items[0][1].headline, summary=bounded(text, 3800))
