"""Token estimates and the byte capacity of a call.

No tokenizer tables are downloaded at run time, so tokens are estimated from UTF-8 bytes.
The ratio is deliberately conservative (code and JSON tokenize denser than prose), so a
prompt that the estimate says fits also fits the real model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

BYTES_PER_TOKEN = 3.5


def estimate_tokens(text: str | bytes) -> int:
    """Estimated token count of ``text``."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    return math.ceil(size / BYTES_PER_TOKEN) if size else 0


def tokens_to_bytes(tokens: int) -> int:
    return max(0, int(tokens * BYTES_PER_TOKEN))


@dataclass(frozen=True)
class Capacity:
    """How much transcript one call may carry, derived from the usable context.

    ``output_tokens`` is held back for the answer; ``overhead_tokens`` covers the fixed
    instructions around the data.
    """

    context_tokens: int
    output_tokens: int
    overhead_tokens: int

    @classmethod
    def for_context(cls, context_tokens: int, overhead_tokens: int = 320) -> Capacity:
        if context_tokens < 512:
            raise ValueError(f"context_tokens must be at least 512 (got {context_tokens})")
        output = min(2048, max(256, context_tokens // 4))
        return cls(context_tokens, output, overhead_tokens)

    @property
    def data_tokens(self) -> int:
        return max(64, self.context_tokens - self.output_tokens - self.overhead_tokens)

    @property
    def data_bytes(self) -> int:
        """Transcript bytes one leaf call reads whole."""
        return tokens_to_bytes(self.data_tokens)

    @property
    def summary_chars(self) -> int:
        """Longest summary an answer may carry, so a fold of several still fits."""
        by_output = tokens_to_bytes(self.output_tokens) // 2
        by_fold = self.data_bytes // 6 - 200
        return max(200, min(by_output, by_fold, 4000))

    @property
    def fan_in(self) -> int:
        """Child extractions a fold call can take (at least 3, so no child is over half)."""
        per_child = self.summary_chars + 360
        return max(3, min(16, self.data_bytes // per_child))
