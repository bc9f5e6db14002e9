"""What the changelog kind's heading reader finds in a text, for the tests of its rules."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import chosen, heading_groups


def release_count(text: str) -> tuple[int, int]:
    """The releases the chosen heading group counts, and 1 when it has an unreleased
    section (0 otherwise)."""
    g = chosen(heading_groups(text, 0))
    assert g is not None
    return g.count, 1 if g.unreleased is not None else 0
