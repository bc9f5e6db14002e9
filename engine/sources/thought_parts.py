"""Parts of a message whose type names a thought, told by the part, not by its field.

An export may keep a message as a list of typed parts under one field (``fragments``:
``{"type": "THINK", "content": …}`` beside ``{"type": "RESPONSE", "content": …}``): the
field's name is the same for the thought and for the answer, so only the part's own type
says which words the model thought and which it said. The words of a part whose type names
a thought (:func:`~engine.sources.named_blocks.block_kind`) are thinking: never the
assistant's words, never an ask. So are the words of a part flagged as a thought by a true
boolean whose name names one (``{"text": …, "thought": true}`` beside the plain ``text``
parts of the same list): the flag, not the field, says the part was thought.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.chat_shape import THOUGHT, leaves, tokens
from gapless.engine.sources.named_blocks import block_kind, block_name


def thought_strings(record: Any) -> set[int]:
    """The identities of the strings held by the parts of ``record`` typed as a thought."""
    out: set[int] = set()
    stack: list[Any] = [record]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            named = block_name(node) if node is not record else None
            if named is not None and block_kind(named[0]) == "thinking":
                out.update(id(v) for _p, v in leaves(named[1]) if isinstance(v, str))
                continue
            if node is not record and _flagged_thought(node):
                out.update(id(v) for _p, v in leaves(node) if isinstance(v, str))
                continue
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


def _flagged_thought(part: dict[str, Any]) -> bool:
    """Whether a part carries a true flag named for a thought (``thought``, ``isThinking``)."""
    return any(v is True and tokens(k) & THOUGHT for k, v in part.items())
