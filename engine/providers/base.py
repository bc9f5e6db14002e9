"""The one async interface every model provider implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ModelRequest:
    """One model call. ``purpose`` lets offline providers play each part of the protocol."""

    purpose: str
    system: str
    prompt: str
    schema: dict[str, Any] | None = None
    max_tokens: int = 1024
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ModelReply:
    text: str
    tokens_in: int
    tokens_out: int
    model: str
    estimated: bool = False
    latency_ms: float = 0.0
    retries: int = 0
    cost: float = 0.0


class ProviderError(Exception):
    """A call that failed for good (after its retries). Fails its invocation, never the run."""

    def __init__(self, message: str, *, retries: int = 0, retryable: bool = False) -> None:
        super().__init__(message)
        self.retries = retries
        self.retryable = retryable


class Provider(ABC):
    """Async model access. Implementations must be safe to call concurrently."""

    name: str = "provider"
    model: str = ""

    @abstractmethod
    async def complete(self, request: ModelRequest) -> ModelReply:
        """Answer ``request`` or raise :class:`ProviderError`."""

    async def aclose(self) -> None:
        """Release connections; the default has none."""
        return None
