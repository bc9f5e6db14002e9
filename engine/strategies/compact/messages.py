"""The message list of a conversation, as compaction needs it.

Compaction works on what the agent's model actually sees: a list of ``{"role", "content"}``
messages, not the rendered transcript. The list comes from the file's registered reader,
the same one ``summarize`` reads it with (:func:`engine.sources.messages.read_turns`): every
format a reader is registered for can be compacted, and every record of the file is counted
once in the same account. Every message keeps its original object (the tail is output
verbatim), plus its rendered text for prompts and the deterministic entity scan: modified
files (from edit and write tool calls that did not fail), errors (failed tool results and
error lines in tool output) and user requests.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gapless.engine.core.errors import UserError
from gapless.engine.core.tokens import estimate_tokens
from gapless.engine.core.transcript import Transcript
from gapless.engine.extractive import entities
from gapless.engine.sources.common import RenderOptions, one_line
from gapless.engine.sources.messages import Turn, read_turns
from gapless.engine.sources.tool_calls import result_text

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
    records: int = 1  # records of the file this message holds
    riders: int = 0  # records rendered with it that are no message (never output)

    @property
    def is_request(self) -> bool:
        """A user message that asks something (not tool output, not injected boilerplate)."""
        return (self.role == "user" and not self.tool_result_only
                and bool(self.text.strip()) and not _META.match(self.text))


@dataclass
class Conversation:
    path: Path
    kind: str
    messages: list[Message]
    malformed: int = 0
    cwd: str = ""
    rendered: Transcript = field(default_factory=lambda: Transcript(b""), repr=False)
    starts: list[int] = field(default_factory=list, repr=False)

    def transcript(self) -> tuple[Transcript, list[int]]:
        """The rendered conversation, as ``summarize`` renders the file (for events and
        prompts), and each message's start offset.

        Message ``i`` spans ``[starts[i], starts[i + 1])``, the last one up to the end.
        """
        return self.rendered, list(self.starts)


def message_tokens(raw: JsonObj) -> int:
    """Tokens a message costs in a model's context (its JSON, conservatively estimated)."""
    return estimate_tokens(json.dumps(raw, ensure_ascii=False)) + 4


def load_conversation(path: str | Path, options: RenderOptions | None = None) -> Conversation:
    """The message list of any conversation a registered reader reads (a Claude Code or
    Codex session, a chat JSON of any shape, a chat export, ...), rendered as the readers
    render it with ``options`` (the run's include setting and long-output rule; the harness
    is always included)."""
    p = Path(path).expanduser()
    opts = options or RenderOptions()
    # the agent's context holds its harness (a system prompt, injected reminders): it is
    # compacted with the rest, never silently dropped
    opts = dataclasses.replace(opts, include=opts.include | {"harness"})
    try:
        turns = read_turns(p, opts)
    except OSError as exc:
        raise UserError(f"Could not read {p}: {exc.strerror or exc}") from exc
    messages = [_message(t) for t in turns.turns]
    conv = Conversation(p, turns.kind, messages, turns.malformed, turns.cwd,
                        turns.transcript, turns.starts)
    _resolve(conv)
    if not conv.messages:
        raise UserError(f"{p} holds no messages to compact")
    if not any(m.role == "assistant" for m in conv.messages):
        raise UserError(f"{p} holds no conversation to compact: read as {conv.kind}, it has "
                        "no message by an agent")
    return conv


# ----------------------------------------------------------------------------- rendering


def _message(turn: Turn) -> Message:
    """A turn with what compaction reads off its object: tool calls, failed calls, errors."""
    raw = turn.raw
    role = turn.role
    content = raw.get("content")
    calls: list[ToolCall] = []
    failed: set[str] = set()
    errors: list[str] = []
    results_only = role in ("tool", "function") or (
        isinstance(content, list) and bool(content) and all(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in content))
    for b in content if isinstance(content, list) else []:
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
    for tc in raw.get("tool_calls") or []:
        if not isinstance(tc, dict):
            continue
        fn: JsonObj = tc["function"] if isinstance(tc.get("function"), dict) else tc
        args: Any = fn.get("arguments", fn.get("input"))
        if isinstance(args, str):
            with contextlib.suppress(ValueError, RecursionError):
                args = json.loads(args)
        calls.append(_call(str(tc.get("id", "")), str(fn.get("name", "tool")), args))
    if role in ("tool", "function"):
        body = content if isinstance(content, str) else result_text(content)
        call_id = raw.get("tool_call_id")
        if _looks_failed(body):
            if isinstance(call_id, str):
                failed.add(call_id)
            errors.append(_error_line(body))
        else:
            errors.extend(_errors_in(body))
    return Message(raw=raw, role=role, text=turn.text, tokens=message_tokens(raw),
                   tool_result_only=results_only, calls=calls, failed_calls=failed,
                   errors=_dedupe(e for e in errors if e), records=turn.records,
                   riders=turn.riders)


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


def rendered_bytes(path: str | Path, options: RenderOptions | None = None) -> bytes:
    """The bytes a compaction of ``path`` reads (its harness included): what its run hashes
    as its source, so ``verify`` can tell whether the file still holds them."""
    return load_conversation(path, options).transcript()[0].data
