"""A message its own record marks as hidden from the conversation.

Apps put text into a conversation that the person never typed and never sees — the
custom instructions sent as a ``user`` message, a context note — and mark such a record
with a true flag named for hiding it (``is_visually_hidden_from_conversation``,
``hidden``), often under its metadata. Such a record is the harness's, never the person's
ask nor the agent's answer, whatever its role says.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.chat_shape import tokens

HIDDEN = frozenset({"hidden"})


def marked_hidden(found: list[tuple[str, Any]]) -> bool:
    """Does a record (its ``(path, value)`` leaves) carry a true flag named for hiding it?"""
    return any(v is True and tokens(p.rsplit(".", 1)[-1]) & HIDDEN for p, v in found)
