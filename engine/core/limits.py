"""The limits and budgets a run is given: plain values the settings fill and the run obeys.

They live in the core so that the settings (which build them) and the run (which enforces
them) both depend on this and not on each other.
"""

from __future__ import annotations

from dataclasses import dataclass

# An answer to a question is short: at most this many words, quoted as said (the prompts
# ask a model for it, the offline answers keep to it).
MAX_ANSWER_WORDS = 120


@dataclass(frozen=True)
class Limits:
    """Recursion limits (all configurable)."""

    read_window: int = 2000
    max_actions: int = 20
    spawn_fraction: float = 0.5
    concurrency: int = 4
    scan_workers: int | None = None  # processes scanning log scopes ahead (None: per core)


@dataclass(frozen=True)
class Budget:
    """Caps that stop a run cleanly as incomplete, with its gaps."""

    max_calls: int | None = None
    max_tokens: int | None = None
    max_cost: float | None = None
    max_seconds: float | None = None
