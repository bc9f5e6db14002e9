"""Messages of a group of agents whose roles say nothing of who the person is.

A multi-agent framework's group chat is saved as one agent received it, each message
naming the agent that spoke in ``name`` — names of the team (a planner, an engineer, an
executor) that say nothing of who is the person. Saved by the manager, every message has
the same role (``user``); saved by the agent that opened the chat, its own messages have
one role and every other agent's the other. The person is then found by structure: the
voice that opens the conversation, whose turns are few (at most half), short (no longer
than the others' middle turn), each followed by another voice's answer, and never a
program's run handed back. A voice whose every turn is such a run (opened by its exit
status) is a tool; every other voice answers. When the opener is not such a voice, a
group of one role has no person (no ask rather than a wrong one) and a group saved from
one side keeps its roles as given.
"""

from __future__ import annotations

from collections.abc import Callable
from statistics import median
from typing import Any

CONVERSATION = ("user", "assistant")
GROUP = 3  # voices at least


def group_roles(msgs: Any, ran: Callable[[str], bool]) -> dict[str, str] | None:
    """Each sender name's role (user, assistant, tool) when the messages are a group chat
    whose roles say nothing of who spoke; None when they are not (or, saved from one side,
    its opener is not the person). ``ran`` tells a program's run handed back as text."""
    if not isinstance(msgs, list):
        return None
    turns: list[tuple[str, str]] = []  # (name, words) of the conversation's messages
    by_role: dict[str, set[str]] = {}
    for m in msgs:
        if not isinstance(m, dict) or m.get("role") not in CONVERSATION:
            continue
        name, text = m.get("name"), m.get("content")
        if not isinstance(name, str) or not name.strip():
            return None  # a message of the conversation without a sender's name
        by_role.setdefault(str(m["role"]), set()).add(name)
        turns.append((name, text if isinstance(text, str) else ""))
    names = list(dict.fromkeys(n for n, _t in turns))
    opener = next((n for n, t in turns if t.strip()), None)
    if len(names) < GROUP or opener is None:
        return None
    if len(by_role) == 2 and not _one_side(opener, by_role):
        return None
    roles = {n: "tool" if all(ran(t) for m, t in turns if m == n) else "assistant"
             for n in names}
    if _asks(opener, turns, ran):
        roles[opener] = "user"
    elif len(by_role) == 2:
        return None  # saved from the opener's side, but not a person's: roles as given
    return roles


def _one_side(opener: str, by_role: dict[str, set[str]]) -> bool:
    """Saved from the opener's side: its messages alone hold one role, every other voice's
    (two at least) the other."""
    mine = next(r for r, ns in by_role.items() if opener in ns)
    other = next(r for r in by_role if r != mine)
    return by_role[mine] == {opener} and len(by_role[other]) >= 2 \
        and opener not in by_role[other]


def _asks(name: str, turns: list[tuple[str, str]], ran: Callable[[str], bool]) -> bool:
    """Whether the opener's turns are a person's: few, short, answered, none a run."""
    mine = [i for i, (n, _t) in enumerate(turns) if n == name]
    if 2 * len(mine) > len(turns) or any(ran(turns[i][1]) for i in mine):
        return False
    if any(i + 1 < len(turns) and turns[i + 1][0] == name for i in mine):
        return False  # the person's turn is answered by another voice
    others = [len(t) for n, t in turns if n != name and t.strip()]
    return bool(others) and median(len(turns[i][1]) for i in mine) <= median(others)
