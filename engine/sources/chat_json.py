"""OpenAI-style chat JSON: ``[{"role", "content"}, ...]`` or ``{"messages": [...]}``.

Also accepted: one message object per line (chat JSONL), Anthropic content blocks inside
``content``, ``tool_calls``, and a list of conversations that each hold ``messages`` or
``chat_messages``. For a JSON document the malformed "line" is the 1-based message number,
since a parsed document has no line numbers.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from engine.sources.claude_code import BlockRenderer, render_tool_call, result_text
from engine.sources.common import (
    JsonObj,
    Part,
    as_str,
    header,
    iter_jsonl,
    json_type,
    norm_ts,
)
from engine.sources.plaintext import chunk_ends

TIME_KEYS = ("timestamp", "created_at", "create_time", "time", "date")


class _Reader:
    def __init__(self, path: Path, include_thinking: bool) -> None:
        self.part = Part(path=path, kind="chat-json", session=path.stem)
        self.include_thinking = include_thinking
        self.render = BlockRenderer(include_thinking)
        self.call_names: dict[str, str] = {}

    def message(self, n: int, m: Any, session: str = "") -> None:
        part = self.part
        if not isinstance(m, dict):
            part.bad(n, f"message {n} is {json_type(m)}, not an object")
            return
        role = as_str(m.get("role")) or as_str(m.get("sender"))
        author = m.get("author")
        if role is None and isinstance(author, dict):
            role = as_str(author.get("role"))
        if role is None:
            part.bad(n, f"message {n} has no 'role' (kept as 'unknown')")
            role = "unknown"
        ts = next((norm_ts(m[k]) for k in TIME_KEYS if k in m), None)
        part.saw_time(ts)
        pieces: list[str] = []
        content = m.get("content", m.get("text"))
        if isinstance(content, str):
            pieces.append(content)
        elif isinstance(content, list):
            pieces.extend(self.render.blocks(content, n, part.bad)[0])
        elif isinstance(content, dict) and isinstance(content.get("parts"), list):
            pieces.extend(str(p) for p in content["parts"] if isinstance(p, str))
        elif content is not None:
            part.bad(n, f"message {n}: content is {json_type(content)}, not text or a list")
        reasoning = as_str(m.get("reasoning_content")) or as_str(m.get("reasoning"))
        if self.include_thinking and reasoning and reasoning.strip():
            pieces.insert(0, f"[thinking]\n{reasoning}")
        calls = m.get("tool_calls")
        if isinstance(calls, list):
            pieces.extend(self.tool_call(call) for call in calls)
        elif calls is not None:
            part.bad(n, f"message {n}: tool_calls is {json_type(calls)}, not a list")
        if isinstance(m.get("function_call"), dict):
            pieces.append(self.tool_call({"function": m["function_call"]}))
        label = role
        if role in ("tool", "function"):
            call_id = as_str(m.get("tool_call_id")) or ""
            name = as_str(m.get("name")) or self.call_names.get(call_id, "tool")
            body = "\n".join(pieces) if pieces else result_text(content)
            pieces = [f"← {name} result\n{body}" if body else f"← {name} result: (empty)"]
            label = "tool"
        elif as_str(m.get("name")):
            label = f"{role} ({m['name']})"
        if any(p.strip() for p in pieces):
            part.add(
                f"{header(label, [], ts)}\n" + "\n".join(pieces), label.split()[0], ts, session
            )

    def tool_call(self, call: Any) -> str:
        if not isinstance(call, dict):
            return render_tool_call("tool", call)
        fn = call.get("function")
        fn = fn if isinstance(fn, dict) else call
        name = as_str(fn.get("name")) or "tool"
        if isinstance(call.get("id"), str):
            self.call_names[call["id"]] = name
        args: Any = fn.get("arguments", fn.get("input"))
        if isinstance(args, str):
            with contextlib.suppress(ValueError, RecursionError):
                args = json.loads(args)
        return render_tool_call(name, args)

    def document(self, doc: Any) -> None:
        """Messages from a parsed document (one conversation, or a list of them)."""
        if isinstance(doc, dict):
            convs: list[Any] = [doc]
        elif isinstance(doc, list) and doc and all(_is_conversation(x) for x in doc):
            convs = doc
        elif isinstance(doc, list):
            for n, m in enumerate(doc, 1):
                self.message(n, m)
            return
        else:
            self.part.bad(1, f"document is {json_type(doc)}, not a list or an object")
            return
        n = 0
        for conv in convs:
            msgs = conv.get("messages", conv.get("chat_messages"))
            if not isinstance(msgs, list):
                self.part.bad(n + 1, "conversation has no 'messages' list")
                continue
            sid = as_str(conv.get("id")) or as_str(conv.get("uuid")) or ""
            if len(convs) == 1:
                self.part.session = sid or self.part.session
                title = as_str(conv.get("title")) or as_str(conv.get("name"))
                if title:
                    self.part.title = f"## {title}"
                sid = ""
            for m in msgs:
                n += 1
                self.message(n, m, sid)


def _is_conversation(x: Any) -> bool:
    return isinstance(x, dict) and isinstance(x.get("messages", x.get("chat_messages")), list)


def load_file(path: Path, *, include_thinking: bool = False) -> Part:
    """A chat JSON (or chat JSONL) file. Raises ``OSError`` if it cannot be read."""
    reader = _Reader(path, include_thinking)
    part = reader.part
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("utf-8", errors="replace")
        part.bad(1, "invalid UTF-8 (bad bytes replaced)")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # several documents: one message per line
            for line_no, obj in iter_jsonl(path, part.bad):
                reader.message(line_no, obj)
            return part
        part.bad(exc.lineno, f"invalid JSON ({exc.msg}); kept as plain text")
        _as_text(part, text)
        return part
    except (ValueError, RecursionError) as exc:
        part.bad(1, f"invalid JSON ({exc}); kept as plain text")
        _as_text(part, text)
        return part
    reader.document(doc)
    return part


def _as_text(part: Part, text: str) -> None:
    data = text.encode("utf-8")
    start = 0
    for end in chunk_ends(data):
        part.add(data[start:end].decode("utf-8"), "text", None)
        start = end


def classify(d: JsonObj) -> bool:
    """Does this parsed line look like a chat message (used by format sniffing)?"""
    return (
        "role" in d and ("content" in d or "tool_calls" in d) and d.get("type") in (None, "message")
    )
