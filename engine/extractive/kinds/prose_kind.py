"""What the prose kinds (meeting, conversation, changelog, document) share: the prose
pipeline for a leaf, the prose fold for children, BM25 answers folded by rank."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.answers import fold_answers
from gapless.engine.extractive.kinds.base import View
from gapless.engine.extractive.kinds.prose import ProseStyle, summarize_prose
from gapless.engine.extractive.kinds.prose_fold import merge_prose


class ProseKind:
    """A kind read as prose in ``style``; subclasses say how it is detected and claimed."""

    name = "document"
    style = ProseStyle("document")

    def summarize(self, view: View, base_offset: int, *, max_summary_chars: int) -> Extraction:
        return summarize_prose(view.text, view.parsed, self.style, base_offset,
                               max_summary_chars=max_summary_chars, question=view.question)

    def merge(self, parts: Sequence[Extraction], *, max_summary_chars: int,
              question: str | None) -> Extraction:
        return merge_prose(parts, sectioned=self.style.sectioned, kind=self.name,
                           max_summary_chars=max_summary_chars, question=question)

    def answer(self, parts: Sequence[Extraction], question: str
               ) -> tuple[str, list[Anchor]] | None:
        return fold_answers(parts, question)
