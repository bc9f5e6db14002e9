"""Anthropic-style content blocks as they read in a transcript: text (a user's text may
open with the harness envelopes Claude Code writes around it), thinking, tool calls and
their results, images and documents. Shared by every reader of such blocks (Claude Code,
chat JSON, markdown exports) and by compaction, so a block reads the same whichever file
it came from."""

from __future__ import annotations

import re
from typing import Any

from gapless.engine.core.account import Tally
from gapless.engine.sources.common import (
    BadLine,
    JsonObj,
    RenderOptions,
    as_str,
    cap,
    compact_json,
    elide,
    json_type,
)
from gapless.engine.sources.named_blocks import (
    block_kind,
    block_name,
    call_of,
    ids_in,
    result_body,
    thought_text,
)
from gapless.engine.sources.tool_calls import media, render_tool_call, result_text

# Envelopes the harness writes around a whole user text: tag -> (class, reason).
ENVELOPES: dict[str, tuple[str, str]] = {
    "command-name": ("harness", "slash command"),
    "command-message": ("harness", "slash command"),
    "command-args": ("harness", "slash command"),
    "command-contents": ("harness", "slash command"),
    "local-command-caveat": ("harness", "command output"),
    "local-command-stdout": ("harness", "command output"),
    "local-command-stderr": ("harness", "command output"),
    "system-reminder": ("harness", "system reminder"),
    "user-prompt-submit-hook": ("harness", "hook output"),
    "ide_opened_file": ("harness", "IDE context"),
    "ide_selection": ("harness", "IDE context"),
    "ide_diagnostics": ("harness", "IDE context"),
    "bash-input": ("tool", ""),
    "bash-stdout": ("tool", ""),
    "bash-stderr": ("tool", ""),
    "task-notification": ("tool", ""),
}
_ELEMENT = re.compile(r"\s*<([A-Za-z][\w-]*)(?:\s[^>]*)?>(.*?)</\1>", re.DOTALL)


def envelope(text: str) -> tuple[list[tuple[str, str]], str]:
    """The harness elements that open ``text`` (``[(tag, inner), ...]``, known tags only)
    and the rest of the text after them."""
    found: list[tuple[str, str]] = []
    pos = 0
    while True:
        m = _ELEMENT.match(text, pos)
        if m is None or m.group(1) not in ENVELOPES:
            break
        found.append((m.group(1), m.group(2)))
        pos = m.end()
    return found, text[pos:] if found else text



class BlockRenderer:
    """Renders Anthropic-style content blocks; remembers tool names by ``tool_use`` id.

    With ``options`` (the readers) every block is classified, thinking and harness blocks
    follow the include setting, long bodies follow the head + tail rule and what is left
    out is counted in ``tally`` under the current ``line``. Without (compaction), the
    rendering is the compact one compaction was tuned on.
    """

    def __init__(self, include_thinking: bool = False, *, options: RenderOptions | None = None,
                 tally: Tally | None = None) -> None:
        self.legacy = options is None
        self.options = options or RenderOptions.make(thinking=include_thinking)
        self.include_thinking = self.options.thinking
        self.tally = tally
        self.tool_names: dict[str, str] = {}
        self.line = 0
        self.user = False
        # Reasons of the blocks of the last ``blocks`` call that were left out, in order.
        self.left_out: list[tuple[str, str]] = []

    def body(self, text: str) -> str:
        if self.legacy:
            return cap(text)
        return elide(text, self.options.tool_output_limit, self.tally, self.line, "tool input")

    def output(self, text: str) -> str:
        if self.legacy:
            return text
        return elide(text, self.options.tool_output_limit, self.tally, self.line)

    def blocks(self, content: list[Any], line: int, bad: BadLine, *, user: bool = False
               ) -> tuple[list[str], set[str]]:
        """Rendered pieces and the set of block kinds that produced them (``text``,
        ``tool_use``, ``tool_result``, ``thinking``, ``harness``, ``other``); the blocks
        left out are in ``self.left_out`` as ``(class, reason)``."""
        self.line = line
        self.user = user
        self.left_out = []
        pieces: list[str] = []
        kinds: set[str] = set()
        for i, block in enumerate(content):
            if isinstance(block, str):
                bad(line, f"content block {i} is a string, not an object (kept as text)")
                text, kind = self.text(block)
            elif not isinstance(block, dict):
                bad(line, f"content block {i} is not an object (got {json_type(block)}; "
                    "kept as JSON)")
                text, kind = compact_json(block), "other"
            else:
                text, kind = self.block(block)
            if text.strip():
                pieces.append(text)
                kinds.add(kind)
        return pieces, kinds

    def text(self, text: str) -> tuple[str, str]:
        """A text block: a user's text may open with harness envelopes."""
        if self.legacy or not self.user:
            return text, "text"
        cls, reason, shown, rest = classify_user_text(text)
        if cls == "harness":
            if self.options.harness:
                return text, "harness"
            self.left_out.append(("harness", reason))
            return "", "harness"
        if rest is not None:  # leading harness elements, then the person's words
            if self.options.harness:
                return text, "text"
            self.left_out.append(("harness", reason))
            return rest, "text"
        if shown is not text:  # a slash command with arguments, shown as /name args
            if self.options.harness:
                return text, "text"
            if "<command-contents>" in text:
                self.left_out.append(("harness", "slash command"))
        return shown, "tool" if cls == "tool" else "text"

    def block(self, b: JsonObj) -> tuple[str, str]:
        btype = b.get("type")
        if btype in ("text", "input_text", "output_text"):
            t = b.get("text")
            if isinstance(t, str):
                return self.text(t)
            if t is None:
                return "", "text"
            return compact_json(t), "other"  # a text block whose text is not a string
        if btype == "thinking":
            thought = as_str(b.get("thinking")) or ""
            if self.include_thinking and thought.strip():
                return f"[thinking]\n{thought.strip()}", "thinking"
            self.left_out.append(("thinking", "thinking" if not self.include_thinking
                                  else "empty thinking"))
            return "", "thinking"
        if btype == "redacted_thinking":
            if self.include_thinking:
                return "[thinking redacted]", "thinking"
            self.left_out.append(("thinking", "thinking"))
            return "", "thinking"
        if btype in ("tool_use", "server_tool_use", "mcp_tool_use"):
            name = as_str(b.get("name")) or "tool"
            if isinstance(b.get("id"), str):
                self.tool_names[b["id"]] = name
            if self.legacy:
                return render_tool_call(name, b.get("input")), "tool_use"
            return render_tool_call(name, b.get("input"), self.body), "tool_use"
        if btype in ("tool_result", "mcp_tool_result") or (
            isinstance(btype, str) and btype.endswith("_tool_result")
        ):
            tool_id = b.get("tool_use_id")
            name = self.tool_names.get(tool_id, "tool") if isinstance(tool_id, str) else "tool"
            label = "error" if b.get("is_error") is True else "result"
            body = self.output(result_text(b.get("content")))
            return (f"← {name} {label}\n{body}" if body else f"← {name} {label}: (empty)"), (
                "tool_result"
            )
        if btype == "image":
            return f"[image{media(b)}]", "text"
        if btype == "document":
            title = as_str(b.get("title")) or ""
            src = b.get("source")
            data = src.get("data") if isinstance(src, dict) and src.get("type") == "text" else None
            head = f"[document{': ' + title if title else ''}{media(b)}]"
            return (f"{head}\n{self.output(data)}" if isinstance(data, str) else head), "text"
        if isinstance(b.get("text"), str):
            return b["text"], "text"
        if self.legacy:
            return f"[{btype or 'block'}] {cap(compact_json(b))}", "other"
        named = self.named(b)
        if named is not None:
            return named
        return f"[{btype or 'block'}] {self.output(compact_json(b))}", "other"

    def named(self, b: JsonObj) -> tuple[str, str] | None:
        """A block of a type this renderer does not know, by the words of its name (or of
        its one key): a tool's result, a thought, a call, an attachment; None when its name
        says none of them."""
        got = block_name(b)
        kind = block_kind(got[0]) if got is not None else ""
        if got is None or not kind:
            return None
        name, inner = got
        if kind == "tool_result":
            tool = next((self.tool_names[i] for i in ids_in(inner) if i in self.tool_names),
                        "tool")
            body = self.output(result_body(inner))
            return (f"← {tool} result\n{body}" if body else f"← {tool} result: (empty)"), (
                "tool_result")
        if kind == "tool_use":
            call = call_of(inner)
            tool, args = call if call is not None else (name, inner)
            for i in ids_in(b):
                self.tool_names[i] = tool
            return render_tool_call(tool, args, self.body), "tool_use"
        if kind == "thinking":
            thought = thought_text(inner)
            if self.include_thinking and thought.strip():
                return f"[thinking]\n{thought.strip()}", "thinking"
            self.left_out.append(("thinking", "thinking"))
            return "", "thinking"
        return f"[{name}]", "text"  # an attachment: a note of it, never its bytes


def classify_user_text(text: str) -> tuple[str, str, str, str | None]:
    """``(class, reason, shown, rest)`` of a user's text by the harness envelopes around it.

    A text made wholly of harness elements is ``harness`` (slash commands *with* arguments
    are ``conversation``, shown as ``/name args``); ``rest`` is the person's words after
    leading harness elements (None when there were none).
    """
    found, rest = envelope(text)
    if not found:
        return "conversation", "", text, None
    tags = {t for t, _ in found}
    classes = {ENVELOPES[t][0] for t in tags}
    reason = next(ENVELOPES[t][1] for t, _ in found if ENVELOPES[t][0] == "harness") \
        if "harness" in classes else ""
    if rest.strip():
        if classes == {"tool"}:
            return "tool", "", text, None
        return "conversation", reason, text, rest.lstrip()
    if classes == {"tool"}:
        return "tool", "", text, None
    inner = dict(found)
    if "command-name" in tags or "command-message" in tags:
        args = inner.get("command-args", "").strip()
        if args:
            name = inner.get("command-name", "").strip() or "/" + inner.get(
                "command-message", "").strip()
            return "conversation", "slash command", f"{name} {args}", None
    return "harness", reason, text, None
