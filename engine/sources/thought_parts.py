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

from gapless.engine.sources.chat_shape import THOUGHT, tokens
from gapless.engine.sources.named_blocks import block_kind, part_strings


def thought_strings(record: Any) -> set[int]:
    """The identities of the strings held by the parts of ``record`` typed as a thought."""
    return part_strings(record, _thought, _flagged_thought)


def _thought(name: str) -> bool:
    """Whether a part's type names a thought."""
    return block_kind(name) == "thinking"


def _flagged_thought(part: dict[str, Any]) -> bool:
    """Whether a part carries a true flag named for a thought (``thought``, ``isThinking``)."""
    return any(v is True and tokens(k) & THOUGHT for k, v in part.items())
