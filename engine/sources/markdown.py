"""Markdown chat exports: turns under ``## User`` / ``## Assistant`` headings (or
``**User:**`` lines), as conversation exporters write them.

An export of plain turns is readable as it is and stays verbatim text. Some exporters,
though, paste a turn's raw content blocks as JSON (``[{"type": "tool_result", …}]``),
with the tool output's escaped ``\\n`` and the Read tool's ``   334→`` line-number prefixes
inside. Such JSON is decoded and rendered as the conversation it encodes (``→ Tool`` calls,
``← tool result`` outputs, text), the line-number prefixes are taken off (and counted), and
long bodies follow the head + tail rule. Every non-empty line of the file is one record:
each is rendered (as itself or inside a decoded block) and counted once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from engine.core.account import Tally
from engine.sources.claude_code import BlockRenderer
from engine.sources.common import RenderOptions

ROLE_WORDS = {
    "user": "user", "human": "user", "you": "user", "me": "user",
    "assistant": "assistant", "claude": "assistant", "chatgpt": "assistant", "ai": "assistant",
    "model": "assistant", "gpt": "assistant", "gemini": "assistant", "bot": "assistant",
    "system": "system", "tool": "tool", "tool result": "tool", "tool output": "tool",
    "function": "tool",
}
TURN = re.compile(
    r"^(?:#{1,6}[ \t]*|\*\*)[ \t]*(?:[^\w\s]{1,3}[ \t]*)?"
    r"(user|human|you|assistant|claude|chatgpt|ai|model|gpt|gemini|bot|system|"
    r"tool result|tool output|tool|function)\b([^\n]{0,60}?)(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?"
    r"[ \t]*$",
    re.IGNORECASE,
)
_BLOCK_START = re.compile(r'^\s*(?:\[\s*)?\{\s*"type"\s*:')
_LINE_NO = re.compile(r"^[ \t]*\d+→", re.MULTILINE)


def looks_like_chat_export(text: str) -> bool:
    """At least two turn headings, with both a user and an assistant turn, *and* raw
    content-block JSON pasted into a turn. An export of plain turns is already readable
    text and stays verbatim (its offsets are then file offsets)."""
    roles = set()
    count = 0
    blocks = False
    for line in text.splitlines()[:20000]:
        m = TURN.match(line)
        if m:
            count += 1
            roles.add(ROLE_WORDS[m.group(1).lower()])
        elif not blocks and _BLOCK_START.match(line):
            blocks = True
    return blocks and count >= 2 and {"user", "assistant"} <= roles


@dataclass
class Turn:
    role: str
    line: int
    text: str
    note: str = ""  # the rest of the heading (`` · 2026-01-01``, `` (claude-3)``)
    lines: tuple[int, ...] = ()  # the file line of each line of ``text``


@dataclass
class ExportTurns:
    preamble: list[tuple[int, str]] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)


def render_export(text: str, tally: Tally, options: RenderOptions) -> ExportTurns:
    """The export's turns, content-block JSON decoded; every non-empty line counted."""
    lines = text.splitlines()
    out = ExportTurns()
    current: Turn | None = None
    body: list[tuple[int, str]] = []
    renderer = BlockRenderer(options=options, tally=tally)

    def close() -> None:
        if current is not None:
            current.text, current.lines = _render_body(body, renderer, tally, current.role)
            out.turns.append(current)

    for n, raw in enumerate(lines, 1):
        m = TURN.match(raw)
        if m:
            close()
            current = Turn(ROLE_WORDS[m.group(1).lower()], n, "", m.group(2).rstrip(" *:"))
            body = []
            tally.rendered(n, "conversation")
            continue
        if current is None:
            if raw.strip():
                out.preamble.append((n, raw))
                tally.rendered(n, "conversation")
            continue
        body.append((n, raw))
    close()
    return out


def _render_body(body: list[tuple[int, str]], renderer: BlockRenderer, tally: Tally,
                 role: str) -> tuple[str, tuple[int, ...]]:
    """A turn's lines with embedded content-block JSON rendered as the blocks it holds, and
    the file line of each rendered line."""
    pieces: list[tuple[str, int]] = []
    i = 0
    while i < len(body):
        n, raw = body[i]
        if raw.strip() and _BLOCK_START.match(raw):
            decoded, used = _decode(body, i)
            if decoded is not None:
                blocks = decoded if isinstance(decoded, list) else [decoded]
                renderer.line = n
                got, _kinds = renderer.blocks(blocks, n, lambda _l, _r: None,
                                              user=role == "user")
                text = "\n".join(got)
                stripped, k = _LINE_NO.subn("", text)
                if k:
                    tally.part_dropped(n, "line-number prefix", k)
                for _cls, why in renderer.left_out:
                    tally.part_dropped(n, why)
                pieces.append((stripped, n))
                for m, line in body[i:i + used]:
                    if line.strip():
                        tally.rendered(m, "tool" if _is_tool(blocks) else "conversation")
                i += used
                continue
        if raw.strip():
            tally.rendered(n, "conversation")
        pieces.append((raw, n))
        i += 1
    while pieces and not pieces[0][0].strip():
        pieces.pop(0)
    while pieces and not pieces[-1][0].strip():
        pieces.pop()
    lines = tuple(n for text, n in pieces for _ in text.split("\n"))
    return "\n".join(text for text, _ in pieces), lines


def _is_tool(blocks: list[Any]) -> bool:
    return all(isinstance(b, dict) and "tool" in str(b.get("type", "")) for b in blocks)


def _decode(body: list[tuple[int, str]], i: int) -> tuple[Any, int]:
    """The JSON value starting at body line ``i`` (one line, or several up to 2,000 lines
    until it parses) and how many lines it used; (None, 0) when it does not parse."""
    acc = ""
    for k in range(i, min(len(body), i + 2000)):
        acc += ("\n" if acc else "") + body[k][1]
        s = acc.strip()
        if not s.endswith(("]", "}")):
            continue
        try:
            value = json.loads(s)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict | list):
            return value, k - i + 1
    return None, 0
