"""Anchors: byte offsets of quoted text, and the label prefixes that carry meaning.

A leaf labels each anchor with what it supports (a summary piece, the headline and its kind,
an open question); a fold reads the labels back, which is how pieces survive any number of
folds.
"""

from __future__ import annotations

from gapless.engine.extractive.display import WHITESPACE_RUN
from gapless.engine.extractive.limits import LABEL_CHARS


class ByteOffsets:
    """Character offset -> absolute byte offset, linear over increasing queries."""

    __slots__ = ("_ascii", "_base", "_cache", "_text")

    def __init__(self, text: str, base: int) -> None:
        self._text = text
        self._base = base
        self._ascii = text.isascii()
        self._cache: dict[int, int] = {}

    def __call__(self, index: int) -> int:
        if self._ascii:
            return self._base + index
        hit = self._cache.get(index)
        if hit is None:
            hit = self._base + len(self._text[:index].encode("utf-8", errors="surrogatepass"))
            self._cache[index] = hit
        return hit


def label_snippet(text: str) -> str:
    """The opening words of ``text`` as they go into a label (whitespace collapsed)."""
    return WHITESPACE_RUN.sub(" ", text).strip()[:LABEL_CHARS]


# Headline anchors name where the headline came from, so that folds can prefer the user's task
# over the agent's report over anything else: "headline: " (a user request), "headline (text): "
# (a document title or sentence of a text without speakers; also what other providers' anchors
# are taken for), "headline (outcome): " (the agent's report) and "headline (excerpt): " (the
# only text there was was tool output or of unknown speaker).
HEADLINE_LABELS = {
    "request": "headline: ",
    "text": "headline (text): ",
    "outcome": "headline (outcome): ",
    "excerpt": "headline (excerpt): ",
}
HEADLINE_RANK = {"request": 0, "text": 1, "outcome": 2, "excerpt": 3}


def headline_kind_of(label: str) -> str | None:
    """The kind of a headline anchor label, or None for other anchors."""
    for kind, prefix in HEADLINE_LABELS.items():
        if label.startswith(prefix):
            return kind
    return None


# Anchor labels of summary pieces: "summary: <first words>" for prose (the user's, the
# assistant's, plain text), "excerpt: <first words>" for material quoted from tool output,
# code, logs or injected context.
SUMMARY_LABEL = "summary: "
EXCERPT_LABEL = "excerpt: "

# Open-question anchors: "open question (user): " when the user asked it (so a later part of
# the transcript holds the agent's reply), "open question: " otherwise.
QUESTION_LABEL = "open question: "
USER_QUESTION_LABEL = "open question (user): "


def question_claim(label: str) -> tuple[str, str] | None:
    """(kind, snippet) of an open-question anchor label, or None for other anchors."""
    for kind in (QUESTION_LABEL, USER_QUESTION_LABEL):
        if label.startswith(kind):
            return kind, label[len(kind):]
    return None


def summary_claim(label: str) -> tuple[str, str] | None:
    """(kind, snippet) of a summary-piece anchor label, or None for other anchors."""
    for kind in (SUMMARY_LABEL, EXCERPT_LABEL):
        if label.startswith(kind):
            return kind, label[len(kind):]
    return None
