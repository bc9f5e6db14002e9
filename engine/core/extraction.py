"""The journal extraction that every summary ends in, and its validation."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, ValidationError, field_validator

from gapless.engine.core.logstats import LogStats
from gapless.engine.core.releases import HeadingGroup
from gapless.engine.core.spans import Span


class Anchor(BaseModel):
    """A byte span of the transcript that supports a claim (absolute offsets)."""

    start: int
    end: int
    label: str = ""


def _empty(value: Any) -> bool:
    """A field added after the first contract, with nothing in it: left out of dumps."""
    return not value


class Extraction(BaseModel):
    """``{skipped, skip_reason, headline, summary, topics, open_questions}`` plus anchors.

    ``stats`` holds the exact figures of a machine log (see :mod:`engine.core.logstats`);
    ``answer`` (with ``answer_anchors``, the spans it rests on) answers the run's question;
    ``decisions`` and ``actions`` list who decided what and who will do what (meetings);
    ``files``, ``commands`` and ``errors`` list the files an agent session changed, the
    commands it ran and the errors it met (conversations), as lists instead of lines glued
    to the summary; ``kind`` names the kind of input the offline summarizer read it as, so
    a fold dispatches on it rather than on its prose; ``releases`` holds a changelog's
    release headings by shape (see :mod:`engine.core.releases`).
    Each of these is left out of every dump when it is empty (None, "" or []), so other
    extractions serialize as they always did; pydantic's ``exclude_if`` does it in its own
    serializer (a wrap serializer in Python doubled the cost of every dump)."""

    skipped: bool = False
    skip_reason: str | None = None
    headline: str = ""
    summary: str = ""
    topics: list[str] = Field(default_factory=list)
    open_questions: list[str] = Field(default_factory=list)
    anchors: list[Anchor] = Field(default_factory=list)
    stats: LogStats | None = Field(default=None, exclude_if=_empty)
    answer: str = Field(default="", exclude_if=_empty)
    answer_anchors: list[Anchor] = Field(default_factory=list, exclude_if=_empty)
    decisions: list[str] = Field(default_factory=list, exclude_if=_empty)
    actions: list[str] = Field(default_factory=list, exclude_if=_empty)
    files: list[str] = Field(default_factory=list, exclude_if=_empty)
    commands: list[str] = Field(default_factory=list, exclude_if=_empty)
    errors: list[str] = Field(default_factory=list, exclude_if=_empty)
    # which kind of input made it (engine.extractive.kinds: "log", "code", "meeting",
    # "conversation", "changelog", "document"); "" for a model's or an older extraction
    kind: str = Field(default="", exclude_if=_empty)
    # a changelog's release headings by shape, merged exactly by a fold (core.releases)
    releases: list[HeadingGroup] = Field(default_factory=list, exclude_if=_empty)

    @field_validator("answer", mode="before")
    @classmethod
    def _answer_text(cls, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, list):
            return " ".join(str(v) for v in value)
        return str(value)

    @field_validator("stats", mode="before")
    @classmethod
    def _usable_stats(cls, value: Any) -> Any:
        """Computed figures, never a model's guess: a malformed ``stats`` is dropped."""
        if value is None or isinstance(value, LogStats):
            return value
        try:
            return LogStats.model_validate(value)
        except ValidationError:
            return None

    @field_validator("releases", mode="before")
    @classmethod
    def _usable_releases(cls, value: Any) -> Any:
        """Computed figures, never a model's guess: malformed ``releases`` are dropped."""
        if not isinstance(value, list):
            return []
        try:
            return [HeadingGroup.model_validate(v) for v in value]
        except ValidationError:
            return []

    @field_validator("topics", "open_questions", "decisions", "actions", "files", "commands",
                     "errors", mode="before")
    @classmethod
    def _strings(cls, value: Any) -> list[str]:
        if value is None:
            return []
        if isinstance(value, str):
            return [value]
        if not isinstance(value, list):
            raise ValueError("must be a list of strings")
        return [str(v) for v in value if str(v).strip()]

    @field_validator("anchors", "answer_anchors", mode="before")
    @classmethod
    def _usable_anchors(cls, value: Any) -> list[Any]:
        """Anchors are optional evidence: a malformed one is dropped, not fatal to the
        answer (small models often get their offsets' types wrong)."""
        if not isinstance(value, list):
            return []
        out: list[Any] = []
        for item in value:
            if isinstance(item, Anchor):
                out.append(item)
                continue
            if not isinstance(item, dict):
                continue
            try:
                start, end = int(item["start"]), int(item["end"])
            except (KeyError, TypeError, ValueError):
                continue
            out.append({"start": start, "end": end, "label": str(item.get("label") or "")})
        return out


MAX_LISTED = 20  # files, commands or errors kept in one extraction



_ANCHORS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "start": {"type": "integer"},
            "end": {"type": "integer"},
            "label": {"type": "string"},
        },
        "required": ["start", "end"],
    },
}


def extraction_schema() -> dict[str, Any]:
    """JSON schema sent to servers that support structured output (the fields added later,
    ``answer`` and the rest, are optional and asked for in the prompt's words)."""
    return {
        "type": "object",
        "properties": {
            "skipped": {"type": "boolean"},
            "skip_reason": {"type": ["string", "null"]},
            "headline": {"type": "string"},
            "summary": {"type": "string"},
            "topics": {"type": "array", "items": {"type": "string"}, "maxItems": 8},
            "open_questions": {"type": "array", "items": {"type": "string"}, "maxItems": 5},
            "anchors": _ANCHORS_SCHEMA,
        },
        "required": ["headline", "summary", "topics"],
    }


def cut_summary(summary: str, over: int, floor: int = 80) -> str | None:
    """``summary`` about ``over`` characters shorter (never under ``floor``), cut at a word
    and marked as cut; None when it cannot get shorter."""
    keep = max(floor, len(summary) - over - 16)
    if keep >= len(summary):
        return None
    cut = summary[:keep]
    space = cut.rfind(" ")
    return (cut[:space] if space > keep * 4 // 5 else cut[:-1]) + "…"


def normalise(extraction: Extraction, scope: Span) -> tuple[Extraction, int]:
    """Clamp lists to the contract (3-8 topics, 0-5 questions, at most 20 files, commands or
    errors) and drop anchors outside
    ``scope``. Returns the cleaned extraction and how many anchors were dropped."""
    lo, hi = scope
    anchors = [a for a in extraction.anchors if lo <= a.start < a.end <= hi]
    answer_anchors = [a for a in extraction.answer_anchors if lo <= a.start < a.end <= hi]
    topics = _dedupe(extraction.topics)[:8]
    questions = _dedupe(extraction.open_questions)[:5]
    cleaned = extraction.model_copy(
        update={"anchors": anchors, "topics": topics, "open_questions": questions,
                "answer_anchors": answer_anchors,
                **{key: _dedupe(getattr(extraction, key))[:MAX_LISTED]
                   for key in ("files", "commands", "errors")}}
    )
    dropped = len(extraction.anchors) - len(anchors)
    return cleaned, dropped + len(extraction.answer_anchors) - len(answer_anchors)


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        key = item.strip().lower()
        if key and key not in seen:
            seen.add(key)
            out.append(item.strip())
    return out
