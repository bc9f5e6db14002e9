"""Source code: most lines read as code and it defines several things. Its summary is its
purpose and its definitions; a fold counts the definitions of all its pieces."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.answers import fold_answers
from gapless.engine.extractive.code import fold_code, looks_like_code, summarize_code
from gapless.engine.extractive.kinds.base import View, share


class CodeKind:
    name = "code"

    def detect(self, view: View) -> float:
        # a question about code is answered by the prose kinds (its passages quoted)
        return 1.0 if view.question is None and looks_like_code(view.text) else 0.0

    def summarize(self, view: View, base_offset: int, *, max_summary_chars: int) -> Extraction:
        return summarize_code(view.text, base_offset, max_summary_chars=max_summary_chars)

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool:
        return not question and share(parts, self.name) == 1.0

    def merge(self, parts: Sequence[Extraction], *, max_summary_chars: int,
              question: str | None) -> Extraction:
        return fold_code(list(parts), max_summary_chars=max_summary_chars)

    def answer(self, parts: Sequence[Extraction], question: str
               ) -> tuple[str, list[Anchor]] | None:
        return fold_answers(parts, question)
