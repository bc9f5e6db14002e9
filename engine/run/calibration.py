"""Calibration: how many bytes of this input the model counts as one token.

Prompts are sized by the capacity's bytes per token (an estimate until told better). It is
learnt before anything is planned — from the server's tokenizer, else from the prompt
tokens it reports for a one-token probe (:func:`measure`) — and, during the run, from the
usage every reply reports (:class:`Gauge`), whichever is denser counting.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from gapless.engine.core.spans import Span
from gapless.engine.core.tokens import Capacity
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import ModelReply, Provider, ProviderError

# A probe call (calibrate) is sent only for an input of at least this many leaves: planned
# at the real ratio rather than the conservative one, such an input needs a tenth fewer.
PROBE_MIN_LEAVES = 8
PROBE_MARGIN = 0.97

# the prompt tokens the server reports for a text asked for a one-token answer (a call)
Probe = Callable[[str], Awaitable[int | None]]


class Gauge:
    """Bytes per token as the servers' usage reported them over the prompts sent."""

    def __init__(self) -> None:
        self.sent_bytes = 0
        self.sent_tokens = 0

    def observe(self, sent: int, reply: ModelReply) -> bool:
        """Count a reply's reported usage for a prompt of ``sent`` bytes; False when it says
        nothing (an estimate, no tokens, a prompt under 512 bytes)."""
        if reply.estimated or reply.tokens_in <= 0 or sent < 512:
            return False
        self.sent_bytes += sent
        self.sent_tokens += reply.tokens_in
        return True

    @property
    def bytes_per_token(self) -> float | None:
        """Bytes per token as the server's usage reported them (prompts of 2 KB or more)."""
        if self.sent_tokens <= 0 or self.sent_bytes < 1024:
            return None
        return self.sent_bytes / self.sent_tokens

    def ratio(self, base: float) -> float:
        """Bytes per token to count prompts with: ``base`` (the capacity's: the estimate, or
        the tokenizer's figure less 5 %), or what replies showed when that is denser."""
        seen = self.bytes_per_token
        return min(base, seen / 1.03) if seen is not None else base


def sample_spans(transcript: Transcript, size: int, floor: int = 1024) -> list[Span]:
    """Spans at the start, middle and end of the input, ``size`` bytes in all (each of the
    three at least ``floor``)."""
    data = transcript.data
    piece = max(floor, size // 3)
    starts = sorted({0, max(0, len(data) // 2 - piece // 2), max(0, len(data) - piece)})
    return [(s, min(len(data), s + piece)) for s in starts]


def sample(transcript: Transcript, size: int, floor: int = 1024) -> str:
    """Text from the start, middle and end of the input, ``size`` bytes in all (each of the
    three at least ``floor``)."""
    return "".join(transcript.text(*span) for span in sample_spans(transcript, size, floor))


@dataclass(frozen=True)
class Measured:
    """The model's bytes per token on this input, how it was learnt (``"tokenizer"`` or
    ``"probe"``), and the spans the tokenizer counted with their counts (start, end,
    tokens), for planning that fits leaves by them."""

    bytes_per_token: float
    source: str
    counted: tuple[tuple[int, int, int], ...] = ()


def probe_pays(transcript: Transcript, provider: Provider, capacity: Capacity) -> bool:
    """Whether learning the ratio from the prompt tokens a server reports pays on this
    input: the server reports them and the input is many leaves long."""
    return provider.probes_usage and len(transcript.data) >= PROBE_MIN_LEAVES * \
        capacity.data_bytes


async def measure(transcript: Transcript, provider: Provider, capacity: Capacity,
                  probe: Probe | None, sample_bytes: int) -> Measured | None:
    """The model's bytes per token on this input: from the server's tokenizer, each sample
    span counted (all at once), else (for an input of many leaves, where it pays) from the
    prompt tokens the server reports for a one-token ``probe`` of the same sample. None
    when neither says (or no ``probe`` is given)."""
    data = transcript.data
    if len(data) < 1024:
        return None
    spans = sample_spans(transcript, sample_bytes)
    try:
        counts = await asyncio.gather(*(provider.count_tokens(transcript.text(*span))
                                        for span in spans))
    except ProviderError:
        return None
    if all(counts):
        counted = tuple((s, e, c or 0) for (s, e), c in zip(spans, counts, strict=True))
        return Measured(sum(e - s for s, e in spans) / sum(t for _, _, t in counted),
                        "tokenizer", counted)
    if probe is None or not probe_pays(transcript, provider, capacity):
        return None
    # a sample that fits the window even at a denser tokenizer than the estimate
    text = sample(transcript, min(sample_bytes, capacity.data_bytes * 2 // 3), floor=256)
    count = await probe(text)
    return Measured(len(text.encode("utf-8")) / count, "probe") if count else None
