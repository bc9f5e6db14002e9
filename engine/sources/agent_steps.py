"""Two kinds of an agent's steps are no two people taking turns.

Two values no role word names that alternate from record to record are read as two voices,
the one that asks being the person. A list of an agent's steps alternates the same way (a
model's inference, then a tool's execution), yet the steps of the would-be asker say whose
they are: an object below them names the agent by a role word (``"role": "assistant"``).
Such a voice is the agent, never the person, and the field is no speaker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SHARE = 0.8  # of a voice's records that name the agent below them


def agent_named_below(value: str, of: Callable[[Any], str | None], objs: list[dict[str, Any]],
                      agent_word: Callable[[str], bool]) -> bool:
    """Whether most records whose speaker (``of``) is ``value`` hold, in an object below
    them, a string that ``agent_word`` takes for a role word naming the agent."""
    mine = [o for o in objs if of(o) == value]
    if not mine:
        return False
    named = sum(1 for o in mine if any(
        isinstance(v, dict) and _names_agent(v, agent_word) for v in o.values()))
    return named >= SHARE * len(mine)


def _names_agent(node: dict[str, Any], agent_word: Callable[[str], bool]) -> bool:
    return any(isinstance(v, str) and agent_word(v) for v in node.values())
