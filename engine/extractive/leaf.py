"""The leaf summary: one piece of transcript text to one anchored extraction, made by the
kind the text is read as (:mod:`engine.extractive.kinds`)."""

from __future__ import annotations

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.kinds.registry import summarize


def summarize_text(
    text: str,
    base_offset: int = 0,
    *,
    max_summary_chars: int = 1200,
    question: str | None = None,
) -> Extraction:
    """Summarize one piece of transcript text; anchors are absolute UTF-8 byte spans."""
    return summarize(text, base_offset, max_summary_chars=max_summary_chars, question=question)
