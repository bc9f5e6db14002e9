"""The one async interface every model provider implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Literal

from gapless.engine.core.errors import ProviderError as ProviderError  # the tree's kind
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.spans import Span

# What a request asks for: read a scope whole, merge summaries, plan a turn of the recursive
# protocol, read a chunk of a file, summarize part of a conversation, or check a connection.
RequestKind = Literal["leaf", "fold", "plan", "chunk", "compact", "ping"]


@dataclass(frozen=True)
class DataBlock:
    """Transcript text shown to a model as data; it starts at byte ``offset``."""

    offset: int
    text: str


@dataclass(frozen=True)
class PlanState:
    """The state lines of a planning turn (offsets relative to the scope, as in the prompt)."""

    scope_bytes: int
    read_window: int
    coherence_token: str
    uncovered: tuple[Span, ...]
    actions_left: int
    max_spawn_bytes: int
    scope_offset: int


@dataclass(frozen=True)
class TaskSpec:
    """What a request's prompt shows a model, typed: offline providers answer from this and
    never from the prompt's wording (which is for models, and free to change).

    ``blocks`` are the fenced transcript blocks and ``children`` the summaries to merge, as
    the prompt shows them (without what it leaves out, such as ``skipped``); ``summary_chars``
    is the size the summary is asked to stay under; ``plan`` is the state of a planning turn
    (whose previews and read results are not listed as blocks: a plan reads nothing itself).
    """

    kind: RequestKind
    scope: Span | None = None
    question: str | None = None
    summary_chars: int | None = None
    blocks: tuple[DataBlock, ...] = ()
    children: tuple[tuple[Span, Extraction], ...] = ()
    plan: PlanState | None = None
    # the prompt states the scope's computed figures (a log's stats), which the engine
    # keeps as they are: an answer need not repeat them
    figures: bool = False


@dataclass(frozen=True)
class ModelRequest:
    """One model call. ``purpose`` names it in the accounting; ``task`` describes it for
    providers that do not read prompts (the engine fills it on every request it makes)."""

    purpose: str
    system: str
    prompt: str
    schema: dict[str, Any] | None = None
    max_tokens: int = 1024
    task: TaskSpec | None = None


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


class ContextOverflow(ProviderError):
    """The prompt does not fit the model's window: found before sending (the estimate says
    so), said by the server (``context_length_exceeded``), or shown by a reply that saw
    less of the prompt than was sent (Ollama truncates to ``num_ctx`` silently). A leaf
    that meets it splits; it never counts as read."""


class Provider(ABC):
    """Async model access. Implementations must be safe to call concurrently."""

    name: str = "provider"
    model: str = ""

    @property
    def writes_from_data(self) -> bool:
        """Whether every answer is made by code from the data the prompt carries (the
        offline summarizer), never a model's words: none can parrot the prompt's own
        wording, so none is checked for it."""
        return False

    @property
    def probes_usage(self) -> bool:
        """Whether a reply's reported prompt tokens are the model's own count (so a
        one-token probe can calibrate the plan). Offline providers only estimate."""
        return False

    async def count_tokens(self, text: str) -> int | None:
        """The model's own token count of ``text`` where the server can say it (a tokenize
        endpoint), else None. No tokenizer tables are ever downloaded."""
        return None

    @abstractmethod
    async def complete(self, request: ModelRequest) -> ModelReply:
        """Answer ``request`` or raise :class:`ProviderError`."""

    async def check_reachable(self) -> None:
        """Raise a :class:`~engine.core.errors.UserError` sentence when the server cannot be
        reached at all (refused, unknown host, no answer): checked before a run starts, so an
        unreachable server fails in seconds and stores nothing. Any HTTP answer, even an
        error, means reachable. The default (no server) is a no-op."""
        return None

    async def list_models(self) -> list[str] | None:
        """The model names the server lists, or None when it lists none (or cannot)."""
        return None

    async def aclose(self) -> None:
        """Release connections; the default has none."""
        return None
