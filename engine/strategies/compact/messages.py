"""The message list of a conversation, as compaction needs it.

Compaction works on what the agent's model actually sees: a list of ``{"role", "content"}``
messages, not the rendered transcript. A Claude Code session becomes the Anthropic-style
message list its records carry (sidechains and bookkeeping lines left out, the records of
one assistant turn merged); an OpenAI-style chat JSON is taken as it is. Every message
keeps its original object (the tail is output verbatim), plus a rendered text for token
counts, prompts and the deterministic entity scan: modified files (from edit and write tool
calls that did not fail), errors (failed tool results and error lines in tool output) and
user requests.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from gapless.engine.core.errors import UserError, parser_exhausted
from gapless.engine.core.tokens import estimate_tokens
from gapless.engine.core.transcript import Transcript, TranscriptBuilder
from gapless.engine.extractive import entities
from gapless.engine.sources.codex import content_text, output_text
from gapless.engine.sources.common import RenderOptions, iter_jsonl, one_line, stat_regular_file
from gapless.engine.sources.content_blocks import BlockRenderer
from gapless.engine.sources.detect import detect_format
from gapless.engine.sources.tool_calls import render_tool_call, result_text

JsonObj = dict[str, Any]

# Tools whose calls write a file (by name, case-insensitive), and the arguments naming it.
_WRITE_TOOLS = re.compile(
    r"(?i)^(?:write|edit|multiedit|notebookedit|write_file|edit_file|create_file|replace_in_file|"
    r"str_replace_editor|str_replace_based_edit_tool|insert_code|apply_diff|search_replace|"
    r"write_to_file|edit_notebook|update_file|patch_file)$"
)
_VIEW_ONLY = frozenset({"view", "read", "view_range"})
_PATH_KEYS = ("file_path", "notebook_path", "path", "target_file", "filename", "file")
_PATCH_FILE = re.compile(
    r"^\*\*\* (?:Update|Add|Delete) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$", re.M)
_META = re.compile(
    r"^\s*(?:<command-|<local-command|<system-reminder|<task-notification|caveat:|"
    r"\[request interrupted|this session is being continued|<user-prompt-submit-hook|"
    r"base directory for this skill)",
    re.IGNORECASE,
)
_ERROR_LINE = re.compile(
    r"(?im)^.*(?:\b[A-Z]\w*(?:Error|Exception)\b|\berror\b|\bfailed\b|\bfatal\b|traceback).*$"
)
SYSTEM_ROLES = frozenset({"system", "developer"})


@dataclass
class ToolCall:
    """A tool call made in a message: its id, tool name and the files it would write."""

    call_id: str
    name: str
    writes: list[str]


@dataclass
class Message:
    """One message of the conversation: the original object and what compaction reads."""

    raw: JsonObj
    role: str
    text: str
    tokens: int
    tool_result_only: bool = False
    calls: list[ToolCall] = field(default_factory=list)
    failed_calls: set[str] = field(default_factory=set)  # tool_use ids whose result failed
    errors: list[str] = field(default_factory=list)
    modified: list[str] = field(default_factory=list)  # resolved after loading

    @property
    def is_request(self) -> bool:
        """A user message that asks something (not tool output, not injected boilerplate)."""
        return (self.role == "user" and not self.tool_result_only
                and bool(self.text.strip()) and not _META.match(self.text))


ConversationFormat = Literal["claude-code", "chat-json", "codex"]


@dataclass
class Conversation:
    path: Path
    kind: ConversationFormat
    messages: list[Message]
    malformed: int = 0
    cwd: str = ""

    def transcript(self) -> tuple[Transcript, list[int]]:
        """The rendered conversation (for events and prompts) and each message's start offset.

        Message ``i`` spans ``[starts[i], starts[i + 1])``, the last one up to the end.
        """
        b = TranscriptBuilder(kind=self.kind, name=self.path.name)
        starts: list[int] = []
        for i, m in enumerate(self.messages):
            starts.append(b.size + (1 if b.size else 0))
            b.add(f"### {m.role} · message {i + 1}\n{m.text}", source=str(self.path),
                  role=m.role)
        return b.build(), starts


def message_tokens(raw: JsonObj) -> int:
    """Tokens a message costs in a model's context (its JSON, conservatively estimated)."""
    return estimate_tokens(json.dumps(raw, ensure_ascii=False)) + 4


def load_conversation(path: str | Path, options: RenderOptions | None = None) -> Conversation:
    """The message list of a Claude Code session JSONL, a Codex rollout JSONL or an
    OpenAI-style chat JSON.

    With ``options`` (a run's include setting and long-output rule) each message's text is
    rendered as the readers render it: harness and thinking left out unless included, long
    bodies head + tail; without, in the compact rendering compaction was first tuned on.
    The messages themselves (``raw``) are never changed."""
    p = Path(path).expanduser()
    stat_regular_file(p)
    kind = detect_format(p)
    try:
        if kind == "claude-code":
            conv = _load_claude(p, options)
        elif kind == "chat-json":
            conv = _load_chat(p, options)
        elif kind == "codex":
            conv = _load_codex(p, options)
        else:
            raise UserError(f"{p} is not a Claude Code session, a Codex session or an "
                            f"OpenAI-style messages JSON (it looks like {kind})")
    except OSError as exc:
        raise UserError(f"Could not read {p}: {exc.strerror or exc}") from exc
    _resolve(conv)
    if not conv.messages:
        raise UserError(f"{p} holds no messages to compact")
    return conv


# ----------------------------------------------------------------------------- Claude Code


def _renderer(options: RenderOptions | None) -> BlockRenderer:
    return BlockRenderer(include_thinking=False) if options is None else BlockRenderer(
        options=options)


def _load_claude(p: Path, options: RenderOptions | None = None) -> Conversation:
    bad: list[tuple[int, str]] = []
    records: list[tuple[str, str, list[Any]]] = []  # role, message id, content blocks
    cwd = ""
    for _line, d in iter_jsonl(p, lambda n, why: bad.append((n, why))):
        cwd = cwd or (d.get("cwd") if isinstance(d.get("cwd"), str) else "") or ""
        if d.get("type") not in ("user", "assistant") or d.get("isSidechain") is True:
            continue
        msg = d.get("message")
        if not isinstance(msg, dict) or "content" not in msg:
            bad.append((_line, "message without content"))
            continue
        role = str(msg["role"] if msg.get("role") in ("user", "assistant") else d["type"])
        content = msg["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if not isinstance(blocks, list):
            bad.append((_line, "content is neither text nor a list"))
            continue
        mid = str(msg["id"]) if isinstance(msg.get("id"), str) else ""
        prev = records[-1] if records else None
        if prev is not None and prev[0] == role and (
            (role == "assistant" and mid and prev[1] == mid)
            or (role == "user" and _all_results(prev[2]) and _all_results(blocks))
        ):
            prev[2].extend(blocks)
            continue
        records.append((role, mid, list(blocks)))
    renderer = _renderer(options)
    messages = [_message({"role": role, "content": blocks}, renderer) for role, _, blocks in
                records]
    return Conversation(p, "claude-code", [m for m in messages if m is not None], len(bad), cwd)


def _all_results(blocks: list[Any]) -> bool:
    return bool(blocks) and all(isinstance(b, dict) and b.get("type") == "tool_result"
                                for b in blocks)


# ------------------------------------------------------------------------------- chat JSON


def _load_chat(p: Path, options: RenderOptions | None = None) -> Conversation:
    raw = p.read_bytes()
    text = raw.decode("utf-8-sig", errors="replace")
    items: list[Any]
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            raise UserError(f"{p} is not valid JSON ({exc.msg} at line {exc.lineno})") from exc
        bad: list[int] = []
        items = [obj for _n, obj in iter_jsonl(p, lambda n, _why: bad.append(n))]
    except (RecursionError, MemoryError) as exc:
        raise UserError(parser_exhausted(p, exc)) from exc
    except ValueError as exc:
        raise UserError(f"{p} is not valid JSON ({exc})") from exc
    else:
        if isinstance(doc, dict) and isinstance(doc.get("messages"), list):
            items = doc["messages"]
        elif isinstance(doc, list) and doc and all(
            isinstance(x, dict) and isinstance(x.get("messages"), list) for x in doc
        ):
            raise UserError(f"{p} holds {len(doc)} conversations; compact one at a time")
        elif isinstance(doc, list):
            items = doc
        else:
            raise UserError(f"{p} is not a messages list (expected [...] or {{\"messages\": "
                            "[...]}})")
    renderer = _renderer(options)
    malformed = 0
    messages: list[Message] = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("role"), str):
            malformed += 1
            continue
        m = _message(item, renderer)
        if m is not None:
            messages.append(m)
    return Conversation(p, "chat-json", messages, malformed)


# ----------------------------------------------------------------------------------- Codex

_CODEX_CALLS = ("function_call", "custom_tool_call", "local_shell_call")
_CODEX_OUTPUTS = ("function_call_output", "custom_tool_call_output")


def _codex_messages(p: Path, bad: list[int]) -> tuple[list[JsonObj], str]:
    """A Codex rollout as the OpenAI-style message list its model saw: the base
    instructions as the system message, developer, user and assistant messages, tool calls
    on the assistant message that made them and their outputs as ``tool`` messages
    (reasoning and bookkeeping events left out). A rollout that holds its messages only as
    events gives those instead."""
    out: list[JsonObj] = []
    events: list[JsonObj] = []
    cwd = ""
    for _n, d in iter_jsonl(p, lambda n, _why: bad.append(n)):
        wrapped = isinstance(d.get("payload"), dict) and d.get("type") in (
            "session_meta", "response_item", "event_msg", "turn_context")
        t = d.get("type")
        item: JsonObj = d["payload"] if wrapped else d
        if t == "session_meta":
            cwd = cwd or (item.get("cwd") if isinstance(item.get("cwd"), str) else "") or ""
            base = item.get("base_instructions")
            text = base.get("text") if isinstance(base, dict) else base
            if isinstance(text, str) and text.strip():
                out.append({"role": "system", "content": text})
            continue
        if t == "event_msg":
            if item.get("type") in ("user_message", "agent_message") and isinstance(
                    item.get("message"), str):
                role = "user" if item["type"] == "user_message" else "assistant"
                events.append({"role": role, "content": item["message"]})
            continue
        if t == "turn_context":
            continue
        kind = item.get("type")
        if kind == "message" and isinstance(item.get("role"), str):
            out.append({"role": item["role"], "content": "\n".join(
                content_text(item.get("content")))})
        elif kind in _CODEX_CALLS:
            args = item.get("arguments", item.get("input", item.get("action")))
            call = {"id": str(item.get("call_id") or item.get("id") or ""), "type": "function",
                    "function": {"name": str(item.get("name") or kind),
                                 "arguments": args if isinstance(args, str)
                                 else json.dumps(args, ensure_ascii=False)}}
            last = out[-1] if out else None
            if last is not None and last.get("role") == "assistant":
                last.setdefault("tool_calls", []).append(call)
            else:
                out.append({"role": "assistant", "content": None, "tool_calls": [call]})
        elif kind in _CODEX_OUTPUTS:
            out.append({"role": "tool", "tool_call_id": str(item.get("call_id") or ""),
                        "content": output_text(item.get("output"))})
    if not any(m["role"] in ("user", "assistant") and m.get("content") for m in out):
        out.extend(events)
    return out, cwd


def _load_codex(p: Path, options: RenderOptions | None = None) -> Conversation:
    bad: list[int] = []
    items, cwd = _codex_messages(p, bad)
    renderer = _renderer(options)
    messages = [m for m in (_message(item, renderer) for item in items) if m is not None]
    return Conversation(p, "codex", messages, len(bad), cwd)


# ----------------------------------------------------------------------------- rendering


def _message(raw: JsonObj, renderer: BlockRenderer) -> Message | None:
    role = str(raw.get("role"))
    content = raw.get("content")
    pieces: list[str] = []
    calls: list[ToolCall] = []
    failed: set[str] = set()
    errors: list[str] = []
    results_only = role in ("tool", "function")
    if isinstance(content, str):
        pieces.append(renderer.text(content)[0] if role == "user" and not renderer.legacy
                      else content)
    elif isinstance(content, list):
        got, kinds = renderer.blocks(content, 0, lambda _n, _why: None, user=role == "user")
        pieces.extend(got)
        results_only = results_only or (bool(kinds) and kinds <= {"tool_result"})
        for b in content:
            if not isinstance(b, dict):
                continue
            if b.get("type") in ("tool_use", "server_tool_use"):
                calls.append(_call(str(b.get("id", "")), str(b.get("name", "")), b.get("input")))
            elif b.get("type") == "tool_result":
                body = result_text(b.get("content"))
                if b.get("is_error") is True:
                    if isinstance(b.get("tool_use_id"), str):
                        failed.add(b["tool_use_id"])
                    errors.append(_error_line(body))
                else:
                    errors.extend(_errors_in(body))
    elif content is not None:
        pieces.append(json.dumps(content, ensure_ascii=False))
    for tc in raw.get("tool_calls") or []:
        if not isinstance(tc, dict):
            continue
        fn: JsonObj = tc["function"] if isinstance(tc.get("function"), dict) else tc
        name = str(fn.get("name", "tool"))
        args: Any = fn.get("arguments", fn.get("input"))
        if isinstance(args, str):
            with contextlib.suppress(ValueError, RecursionError):
                args = json.loads(args)
        calls.append(_call(str(tc.get("id", "")), name, args))
        pieces.append(render_tool_call(name, args) if renderer.legacy
                      else render_tool_call(name, args, renderer.body))
    if role in ("tool", "function"):
        body = "\n".join(pieces)
        call_id = raw.get("tool_call_id")
        if _looks_failed(body):
            if isinstance(call_id, str):
                failed.add(call_id)
            errors.append(_error_line(body))
        else:
            errors.extend(_errors_in(body))
    text = "\n".join(p for p in pieces if p.strip())
    return Message(raw=raw, role=role, text=text, tokens=message_tokens(raw),
                   tool_result_only=results_only, calls=calls, failed_calls=failed,
                   errors=_dedupe(e for e in errors if e))


def _call(call_id: str, name: str, args: Any) -> ToolCall:
    writes: list[str] = []
    if isinstance(args, dict):
        if _WRITE_TOOLS.match(name) and str(args.get("command", "")).lower() not in _VIEW_ONLY:
            for key in _PATH_KEYS:
                v = args.get(key)
                if isinstance(v, str) and v.strip():
                    writes.append(v.strip())
                    break
        patch = next((args[k] for k in ("patch", "input", "diff") if isinstance(args.get(k), str)),
                     None)
        if patch and "*** " in patch:
            writes.extend(_patch_files(patch))
        cmd = args.get("command") or args.get("cmd")
        if isinstance(cmd, list):
            cmd = " ".join(str(c) for c in cmd)
        if isinstance(cmd, str) and "apply_patch" in cmd:
            writes.extend(_patch_files(cmd))
    elif isinstance(args, str) and "*** " in args and "patch" in name.lower():
        writes.extend(_patch_files(args))
    return ToolCall(call_id, name, _dedupe(writes))


def _patch_files(patch: str) -> list[str]:
    return [a or b for a, b in _PATCH_FILE.findall(patch)]


def _looks_failed(body: str) -> bool:
    head = body.lstrip()[:200].lower()
    return head.startswith(("error", "<tool_use_error>", "traceback", "exception", "failed"))


def _error_line(body: str) -> str:
    """The line of a failed result that says what went wrong."""
    text = re.sub(r"</?tool_use_error>", "", body)
    found = _errors_in(text)
    if found:
        return found[-1]
    for line in text.splitlines():
        if line.strip():
            return one_line(line, 160)
    return "a tool call failed"


def _errors_in(body: str) -> list[str]:
    """Error lines in tool output, as the extractive scanner finds them (bounded work)."""
    if not _ERROR_LINE.search(body[:200_000]):
        return []
    return [one_line(e, 160) for e in entities(body[:200_000]).errors][-3:]


def _dedupe(items: Iterator[str] | list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for it in items:
        key = it.strip().casefold()
        if key and key not in seen:
            seen.add(key)
            out.append(it.strip())
    return out


def _resolve(conv: Conversation) -> None:
    """Mark the files each message modified: write calls whose result did not fail."""
    failed: set[str] = set()
    for m in conv.messages:
        failed |= m.failed_calls
    for m in conv.messages:
        m.modified = _dedupe(w for c in m.calls if not (c.call_id and c.call_id in failed)
                             for w in c.writes)
