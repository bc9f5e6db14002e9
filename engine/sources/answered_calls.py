"""The person's role carrying the harness's answers to the agent's calls.

Some agent harnesses send each call's output back to the model as the person's message:
after the task, every message in the person's role is what the last call gave. Read as the
person's, each command's output becomes an ask. It is told by structure alone: after the
opening message of the person's role, there are several more, every one of them comes
straight after a message of the other voice whose last words are a call (nothing said
after it) — a person who speaks again answers what was said to them, not a call. The
opening message stays the person's (the task they set).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

MIN_ANSWERS = 2  # the person's role's messages after the opening one, at least


def call_answers(records: Sequence[Any], role: Callable[[Any], str],
                 ends_in_call: Callable[[Any], bool]) -> list[Any]:
    """The records of the person's role (``user``) that are the harness's answers to
    calls, or [] when that role speaks for a person (see the module)."""
    said = [r for r in records if role(r) in ("user", "assistant")]
    first = next((i for i, r in enumerate(said) if role(r) == "user"), None)
    if first is None:
        return []
    later = [i for i in range(first + 1, len(said)) if role(said[i]) == "user"]
    if len(later) < MIN_ANSWERS:
        return []
    if any(role(said[i - 1]) != "assistant" or not ends_in_call(said[i - 1]) for i in later):
        return []
    return [said[i] for i in later]
