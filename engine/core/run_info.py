"""Typed details a run announces in its ``RunStarted``: a chunked read's plan, a compaction's
budget and input.

They used to ride only in ``RunStarted.settings`` under string keys. The typed fields are
what readers use; the same keys are still written into ``settings`` (so stored runs and
outputs keep their shape), and ``from_settings`` reads them back from runs stored before
the typed fields existed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel


class ChunkPlanInfo(BaseModel):
    """A chunked read (``gapless read``): its detail and, once the file is planned, its chunks."""

    detail: str
    total: int | None = None  # chunks planned; None: never planned (a binary or unreadable file)
    first: int = 0  # the first chunk this run reads (a resumed cursor starts later)
    target: int = 0  # bytes per chunk the plan aimed at
    parallel: bool = False
    max_chunks: int | None = None

    def settings_keys(self) -> dict[str, Any]:
        """The keys this plan has always added to ``RunStarted.settings``, in their order."""
        keys: dict[str, Any] = {"detail": self.detail}
        if self.total is not None:
            keys.update({"parallel": self.parallel, "max_chunks": self.max_chunks,
                         "chunk_target": self.target, "chunks_total": self.total,
                         "first_chunk": self.first})
        return keys

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> ChunkPlanInfo | None:
        """The plan of a run stored before the typed field (None: not a chunked read)."""
        if "detail" not in settings:
            return None
        planned = "chunks_total" in settings
        return cls(detail=str(settings["detail"]),
                   total=int(settings["chunks_total"] or 0) if planned else None,
                   first=int(settings.get("first_chunk") or 0),
                   target=int(settings.get("chunk_target") or 0),
                   parallel=bool(settings.get("parallel", False)),
                   max_chunks=settings.get("max_chunks"))


class CompactionInfo(BaseModel):
    """A compaction (``gapless compact``): the agent's budget and model, and its input."""

    budget: int
    trigger: float
    main_provider: str
    main_model: str
    messages: int
    format: str

    def settings_keys(self) -> dict[str, Any]:
        """The keys a compaction has always added to ``RunStarted.settings``, in their order."""
        return {"budget": self.budget, "trigger": self.trigger,
                "main_provider": self.main_provider, "main_model": self.main_model,
                "messages": self.messages, "format": self.format}

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> CompactionInfo | None:
        """The details of a compaction stored before the typed field (None: not one)."""
        try:
            return cls.model_validate({k: settings[k] for k in cls.model_fields})
        except (KeyError, ValueError):
            return None
