"""The protocol every kind of input implements, and the view of a text they detect on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.segment import parse_text
from gapless.engine.extractive.units import Parsed

# A detector's score from which its kind is taken (kinds are asked in the registry's order).
ACCEPT = 0.5


class View:
    """A text as the detectors see it: what one of them computes (its rendered messages,
    its log format) is kept for the others and for the kind that summarizes it."""

    __slots__ = ("_parsed", "question", "text")

    def __init__(self, text: str, question: str | None = None) -> None:
        self.text = text
        self.question = question
        self._parsed: Parsed | None = None

    @property
    def parsed(self) -> Parsed:
        if self._parsed is None:
            self._parsed = parse_text(self.text)
        return self._parsed


class Kind(Protocol):
    """One kind of input: ``detect`` scores a text from its structure (0..1, taken from
    :data:`ACCEPT`); ``summarize`` makes a leaf's extraction (``kind`` set to ``name``),
    with a question its answer too; ``claims`` says whether a fold of these children is
    this kind's; ``merge`` folds them (skipped children already left out); ``answer`` folds
    their answers to a question (None when ``merge`` answered it already, from figures)."""

    name: str

    def detect(self, view: View) -> float: ...

    def summarize(self, view: View, base_offset: int, *, max_summary_chars: int) -> Extraction:
        ...

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool: ...

    def merge(self, parts: Sequence[Extraction], *, max_summary_chars: int,
              question: str | None) -> Extraction: ...

    def answer(self, parts: Sequence[Extraction], question: str
               ) -> tuple[str, list[Anchor]] | None: ...


def share(parts: Sequence[Extraction], name: str) -> float:
    """The share of ``parts`` of kind ``name``."""
    return sum(1 for p in parts if p.kind == name) / len(parts) if parts else 0.0
