"""Prices of well-known hosted models, so a cost budget means something out of the box.

Per million tokens, in US dollars, as the providers published them in 2025. They change:
the ``prices`` setting overrides any row, and ``price_in_per_mtok`` / ``price_out_per_mtok``
price every other model. Local servers (Ollama, llama.cpp, vLLM) cost nothing here.
"""

from __future__ import annotations

# model name prefix -> (input, output) per million tokens
KNOWN_PRICES: dict[str, tuple[float, float]] = {
    "gpt-5": (1.25, 10.0),
    "gpt-5-mini": (0.25, 2.0),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-4.1": (2.0, 8.0),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4o": (2.50, 10.0),
    "gpt-4o-mini": (0.15, 0.60),
    "o3": (2.0, 8.0),
    "o3-mini": (1.10, 4.40),
    "o4-mini": (1.10, 4.40),
    "claude-opus-4-5": (5.0, 25.0),
    "claude-opus-4": (15.0, 75.0),
    "claude-sonnet-4": (3.0, 15.0),
    "claude-3-7-sonnet": (3.0, 15.0),
    "claude-3-5-sonnet": (3.0, 15.0),
    "claude-haiku-4-5": (1.0, 5.0),
    "claude-3-5-haiku": (0.80, 4.0),
}


def known_price(model: str) -> tuple[float, float] | None:
    """The row whose name is the longest prefix of ``model`` (``openai/`` and dates allowed).

    ``gpt-4o-2024-08-06`` is priced as ``gpt-4o``, ``gpt-4o-mini`` as itself.
    """
    name = model.strip().lower().rsplit("/", 1)[-1]
    best = ""
    for prefix in KNOWN_PRICES:
        if (name == prefix or name.startswith(prefix + "-")) and len(prefix) > len(best):
            best = prefix
    return KNOWN_PRICES[best] if best else None
