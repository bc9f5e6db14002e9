"""Parts of a message whose type names a tool's result, told by the part, not by its field.

A message's content may be a list of typed parts under one field, the tool's output nested
in the part as more parts (``{"type": "tool_result", "content": [{"type": "text", "text":
…}]}`` beside ``{"type": "text", "text": …}``): the words' field is ``text`` in both, so
only the enclosing part's type says which words a tool gave back. The words of a part whose
type names both a result and a tool or a call (``tool_result``, ``function_call_output``,
``toolResponse``) are the tool's result: never the person's words, never an ask. A type
that names only a result (``output_text``, ``response``) says nothing about a tool and is
left to the field's kind.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.chat_shape import CALL, TOOL, tokens
from gapless.engine.sources.named_blocks import block_kind, part_strings


def result_strings(record: Any) -> set[int]:
    """The identities of the strings held by the parts of ``record`` typed as a tool's
    result."""
    return part_strings(record, _tool_result)


def _tool_result(name: str) -> bool:
    """Whether a part's type names a result of a tool or a call."""
    return block_kind(name) == "tool_result" and bool(tokens(name) & (TOOL | CALL))
