"""Content blocks of a schema the block renderer does not know, read by the words of their
name.

A message's content is a list of blocks; besides the ``type`` values
:mod:`engine.sources.content_blocks` renders, tools write blocks whose ``type`` is another
word (``toolRequest``, ``toolResponse``) or blocks with no ``type`` at all, keyed by what
they hold (``{"toolUse": {...}}``, ``{"toolResult": {...}}``, ``{"image": {...}}``). Such a
block's name says what it is, in the words of the parts of a message
(:mod:`engine.sources.chat_shape`): a result (checked first: ``toolResult`` names a tool
too), a thought, a call, an attachment. A result is the tool's voice and an attachment is
a note, so neither can be taken for the person's words; a block whose name says nothing is
left to the renderer's fallback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gapless.engine.sources.chat_shape import (
    ATTACHMENT,
    CALL,
    ID,
    RESULT,
    THOUGHT,
    is_blob,
    leaves,
    tokens,
)
from gapless.engine.sources.common import JsonObj

_MEDIA = ATTACHMENT | {"document", "documents", "video", "audio", "blob", "bytes"}
_ARGS = frozenset({"input", "inputs", "args", "arguments", "parameters", "params"})


def block_name(b: JsonObj) -> tuple[str, Any] | None:
    """A block's name and what it holds: its ``type`` (a string) and the rest of it, or the
    one key of a block that has no ``type`` and its value; None otherwise."""
    btype = b.get("type")
    if isinstance(btype, str):
        return btype, {k: v for k, v in b.items() if k != "type"}
    if btype is None and len(b) == 1:
        key, value = next(iter(b.items()))
        if isinstance(value, dict | list):
            return key, value
    return None


def block_kind(name: str) -> str:
    """``tool_result``, ``thinking``, ``tool_use``, ``attachment`` or "" by the words of a
    block's name."""
    words = tokens(name)
    if words & RESULT:
        return "tool_result"
    if words & THOUGHT:
        return "thinking"
    if words & CALL or "use" in words:
        return "tool_use"
    if words & _MEDIA:
        return "attachment"
    return ""


def ids_in(inner: Any) -> list[str]:
    """The ids a block holds (its own, the call's it answers), at any depth."""
    return [v for p, v in leaves(inner) if isinstance(v, str)
            and tokens(p.rsplit(".", 1)[-1].replace("[]", "")) & ID]


def call_of(inner: Any) -> tuple[str, Any] | None:
    """A call's tool name and arguments: the object below ``inner`` that holds a ``name``
    string; its arguments the field named for them, else its other fields but ids."""
    stack = [inner]
    while stack:
        node = stack.pop(0)
        if isinstance(node, dict):
            name = node.get("name")
            if isinstance(name, str) and name.strip():
                args = next((v for k, v in node.items() if tokens(k) & _ARGS), None)
                if args is None:
                    args = {k: v for k, v in node.items() if k != "name"
                            and not tokens(k) & ID} or None
                return name, args
            stack.extend(v for v in node.values() if isinstance(v, dict | list))
        elif isinstance(node, list):
            stack.extend(v for v in node if isinstance(v, dict | list))
    return None


def result_body(inner: Any) -> str:
    """A result's words: its strings that hold a space or a line (the output, not its
    status, type or id), each once, blobs left out."""
    out: list[str] = []
    for path, v in leaves(inner):
        if (isinstance(v, str) and v.strip() and any(c.isspace() for c in v.strip())
                and not is_blob(v) and not tokens(path.rsplit(".", 1)[-1]) & ID):
            out.append(v)
    return "\n".join(dict.fromkeys(out))


def thought_text(inner: Any) -> str:
    """A thought's words (its strings with a space)."""
    return result_body(inner)


def part_strings(record: Any, named: Callable[[str], bool],
                 flagged: Callable[[JsonObj], bool] | None = None) -> set[int]:
    """The identities of the strings held by the parts of ``record`` that a kind of part
    claims: a part whose name ``named`` accepts, or (with ``flagged``) a part it accepts as a
    whole. The record itself is no part; a claimed part's strings are not searched further."""
    out: set[int] = set()
    stack: list[Any] = [record]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node is not record:
                name = block_name(node)
                if name is not None and named(name[0]):
                    out.update(id(v) for _p, v in leaves(name[1]) if isinstance(v, str))
                    continue
                if flagged is not None and flagged(node):
                    out.update(id(v) for _p, v in leaves(node) if isinstance(v, str))
                    continue
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out
