"""What the changelog kind's heading reader finds in a text, for the tests of its rules."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import chosen, heading_groups


def release_count(text: str) -> tuple[int, int]:
    """The releases the chosen heading group counts, and 1 when it has an unreleased
    section (0 otherwise)."""
    g = chosen(heading_groups(text, 0))
    assert g is not None
    return g.count, 1 if g.unreleased is not None else 0


def news(first: str) -> str:
    """A NEWS of eight releases ("changes in foo-2.3.8 relative to foo-2.3.7:"), newest
    first, under ``first`` (its opening line: file variables, a title; none when empty)."""
    out = [first] if first else []
    for k in range(8, 0, -1):
        out += [f"changes in foo-2.3.{k} relative to foo-2.3.{k - 1}:",
                "  * bug fix: the parser no longer crashes on empty input.",
                f"  * enhancement: faster hashing (regression from foo-2.3.{k - 1}).", ""]
    return "\n".join(out)
