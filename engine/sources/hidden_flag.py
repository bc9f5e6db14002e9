"""A message its own record marks as hidden from the conversation.

Apps put text into a conversation that the person never typed and never sees — the
custom instructions sent as a ``user`` message, a context note, a support agent's internal
note on a ticket — and mark such a record with a flag about who may see it: a true flag
named for hiding it (``is_visually_hidden_from_conversation``, ``hidden``, ``private``,
``internal``), often under its metadata, or a false flag named for showing it (``public``,
``visible``). Such a record is the harness's, never the person's ask nor the agent's
answer, whatever its role says.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.chat_shape import tokens

HIDDEN = frozenset({"hidden", "private", "internal"})
SHOWN = frozenset({"public", "visible"})


def marked_hidden(found: list[tuple[str, Any]]) -> bool:
    """Does a record (its ``(path, value)`` leaves) carry a flag that hides it: a true flag
    named for hiding, or a false flag named for showing?"""
    for p, v in found:
        if isinstance(v, bool):
            name = tokens(p.rsplit(".", 1)[-1])
            if (v and name & HIDDEN) or (not v and name & SHOWN):
                return True
    return False
