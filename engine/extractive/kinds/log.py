"""A machine log: lines that share a line-start shape (a known format's, or one learned from
the text). Its figures are computed (drain3 templates with exact counts, levels from the
level column, time range, bursts) and merged exactly by folds (:mod:`engine.extractive.logs`);
a question is answered from the figures."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.answers import fold_answers
from gapless.engine.extractive.kinds.base import View
from gapless.engine.extractive.logs import detect_format, fold_logs, summarize_log
from gapless.engine.extractive.weights import LOG


class LogKind:
    name = "log"

    def detect(self, view: View) -> float:
        return 1.0 if detect_format(view.text) is not None else 0.0

    def summarize(self, view: View, base_offset: int, *, max_summary_chars: int) -> Extraction:
        fmt = detect_format(view.text)
        assert fmt is not None  # (detected first)
        return summarize_log(view.text, fmt, base_offset, max_summary_chars=max_summary_chars,
                             question=view.question)

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool:
        # the children that carry a log's figures (a model's leaf carries them as well)
        with_stats = sum(1 for p in parts if p.stats is not None)
        return bool(with_stats) and with_stats >= LOG.fold_share * len(parts)

    def merge(self, parts: Sequence[Extraction], *, max_summary_chars: int,
              question: str | None) -> Extraction:
        return fold_logs(parts, max_summary_chars=max_summary_chars, question=question)

    def answer(self, parts: Sequence[Extraction], question: str
               ) -> tuple[str, list[Anchor]] | None:
        # with the question, the merge answered it from the merged figures; without it (a
        # fold that lost it) the children's pieces are kept by their rank
        return None if question else fold_answers(parts, question)
