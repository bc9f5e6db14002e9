"""The one ordered registry of input kinds: a leaf's text is read as the first kind whose
detector accepts it; a fold's children are merged by the first kind that claims them (on
their ``kind`` field, never on their prose)."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.kinds.base import ACCEPT, Kind, View
from gapless.engine.extractive.kinds.changelog import ChangelogKind, with_releases
from gapless.engine.extractive.kinds.code import CodeKind
from gapless.engine.extractive.kinds.conversation import ConversationKind
from gapless.engine.extractive.kinds.document import DocumentKind
from gapless.engine.extractive.kinds.log import LogKind
from gapless.engine.extractive.kinds.meeting import MeetingKind
from gapless.engine.extractive.kinds.outline import chunk_kind, opaque_reason

# In order: the most specific shape first; a document is anything (always last).
REGISTRY: list[Kind] = [LogKind(), CodeKind(), MeetingKind(), ConversationKind(),
                        ChangelogKind(), DocumentKind()]
BY_NAME: dict[str, Kind] = {k.name: k for k in REGISTRY}
MEETING_KIND = "meeting"

__all__ = ["BY_NAME", "MEETING_KIND", "REGISTRY", "chunk_kind", "detect", "detect_view",
           "fold_kind", "kind_named", "opaque_reason", "read_view", "register_kind", "summarize",
           "unregister_kind"]


def register_kind(kind: Kind) -> Kind:
    """Add a kind (a plugin's, a test's): read before the catch-all document, after the
    kinds registered earlier. A name is registered once."""
    if kind.name in BY_NAME:
        raise ValueError(f"a kind named {kind.name!r} is already registered")
    REGISTRY.insert(len(REGISTRY) - 1, kind)
    BY_NAME[kind.name] = kind
    return kind


def unregister_kind(name: str) -> None:
    """Remove a registered kind (the catch-all stays)."""
    kind = BY_NAME.get(name)
    if kind is not None and kind is not REGISTRY[-1]:
        REGISTRY.remove(kind)
        del BY_NAME[name]


def detect(text: str, question: str | None = None) -> Kind:
    """The kind a text is read as."""
    return detect_view(View(text, question))


def detect_view(view: View) -> Kind:
    for kind in REGISTRY:
        if kind.detect(view) >= ACCEPT:
            return kind
    return REGISTRY[-1]


def unmarked(text: str) -> str:
    """``text`` without the byte-order marks that open its lines (Windows editors save UTF-8
    with one): a changelog's first heading, a log's first record, a meeting's first line
    behind one reads as nothing of its kind. Each mark becomes three line ends, its three
    bytes, so every byte offset after it stays the file's."""
    if "\ufeff" not in text:
        return text
    if text.startswith("\ufeff"):
        text = "\n\n\n" + text[1:]
    return text.replace("\n\ufeff", "\n\n\n\n")


def blanked_line_ends(text: str) -> str:
    """``text`` with each carriage return that ends a line (Windows writes "\r\n") a blank:
    the same byte count, so every offset stays the file's, and a rule that reads a line to
    its end (a title's "=====" rule, a version closing a heading) reads it as it would the
    file written on any other system."""
    return text.replace("\r\n", " \n") if "\r\n" in text else text


def summarize(text: str, base_offset: int = 0, *, max_summary_chars: int = 1200,
              question: str | None = None) -> Extraction:
    """One piece of text to one extraction, by the kind it is read as (:func:`read_view`)."""
    if not text or not text.strip():
        return Extraction(skipped=True, skip_reason="empty")
    view, kind = read_view(text, question)
    ex = kind.summarize(view, base_offset, max_summary_chars=max_summary_chars)
    return with_releases(ex, view.text, base_offset)  # a changelog's part read as another kind


def read_view(text: str, question: str | None = None) -> tuple[View, Kind]:
    """``text`` as its kind reads it, and the kind: byte-order marks set aside
    (:func:`unmarked`); a log's line ends are its scan's to read (its prompt's facts count
    the same text); any other text is read with Windows' line ends blanked
    (:func:`blanked_line_ends`) unless, blanked, it would read as a log. Every reader of a
    part's releases reads the text this one way, so the leaf and the chunk agree."""
    text = unmarked(text)
    view = View(text, question)
    kind = detect_view(view)
    if kind.name != LogKind.name and "\r\n" in text:
        blanked = View(blanked_line_ends(text), question)
        other = detect_view(blanked)
        if other.name != LogKind.name:  # (a text no log as it is written is none blanked)
            return blanked, other
    return view, kind


def fold_kind(parts: Sequence[Extraction], question: str | None) -> Kind:
    """The kind whose merge folds ``parts`` (none skipped)."""
    for kind in REGISTRY:
        if kind.claims(parts, question):
            return kind
    return REGISTRY[-1]


def kind_named(name: str) -> Kind | None:
    return BY_NAME.get(name)
