"""The journal extraction that every summary ends in, and its validation."""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
)

from engine.core.logstats import LogStats
from engine.core.spans import Span


class Anchor(BaseModel):
    """A byte span of the transcript that supports a claim (absolute offsets)."""

    start: int
    end: int
    label: str = ""


class Extraction(BaseModel):
    """``{skipped, skip_reason, headline, summary, topics, open_questions}`` plus anchors.

    ``stats`` holds the exact figures of a machine log (see :mod:`engine.core.logstats`);
    it is left out of every dump when there are none, so other extractions serialize as
    they always did."""

    skipped: bool = False
    skip_reason: str | None = None
    headline: str = ""
    summary: str = ""
    topics: list[str] = Field(default_factory=list)
    open_questions: list[str] = Field(default_factory=list)
    anchors: list[Anchor] = Field(default_factory=list)
    stats: LogStats | None = None

    @model_serializer(mode="wrap")
    def _without_empty_stats(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if self.stats is None and isinstance(data, dict):
            data.pop("stats", None)
        return data

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

    @field_validator("topics", "open_questions", mode="before")
    @classmethod
    def _strings(cls, value: Any) -> list[str]:
        if value is None:
            return []
        if isinstance(value, str):
            return [value]
        if not isinstance(value, list):
            raise ValueError("must be a list of strings")
        return [str(v) for v in value if str(v).strip()]

    @field_validator("anchors", mode="before")
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


def extraction_schema() -> dict[str, Any]:
    """JSON schema sent to servers that support structured output."""
    return {
        "type": "object",
        "properties": {
            "skipped": {"type": "boolean"},
            "skip_reason": {"type": ["string", "null"]},
            "headline": {"type": "string"},
            "summary": {"type": "string"},
            "topics": {"type": "array", "items": {"type": "string"}, "maxItems": 8},
            "open_questions": {"type": "array", "items": {"type": "string"}, "maxItems": 5},
            "anchors": {
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
            },
        },
        "required": ["headline", "summary", "topics"],
    }


def normalise(extraction: Extraction, scope: Span) -> tuple[Extraction, int]:
    """Clamp lists to the contract (3-8 topics, 0-5 questions) and drop anchors outside
    ``scope``. Returns the cleaned extraction and how many anchors were dropped."""
    lo, hi = scope
    anchors = [a for a in extraction.anchors if lo <= a.start < a.end <= hi]
    topics = _dedupe(extraction.topics)[:8]
    questions = _dedupe(extraction.open_questions)[:5]
    cleaned = extraction.model_copy(
        update={"anchors": anchors, "topics": topics, "open_questions": questions}
    )
    return cleaned, len(extraction.anchors) - len(anchors)


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        key = item.strip().lower()
        if key and key not in seen:
            seen.add(key)
            out.append(item.strip())
    return out
