"""Codex CLI rollout JSONL (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``).

``response_item`` lines are the conversation: messages, function/custom tool calls (one
``→ name: args`` line), their outputs (``← name result`` and the full output) and reasoning
(only with ``include_thinking``). ``event_msg`` lines mostly repeat those items, so their
user/agent messages are used only when a file has no ``response_item`` messages at all.
Older rollouts without the ``{type, payload}`` wrapper are read too.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from pathlib import Path
from typing import Any

from engine.sources.common import (
    Entry,
    JsonObj,
    Part,
    as_str,
    cap,
    compact_json,
    header,
    iter_jsonl,
    json_type,
    norm_ts,
)

WRAPPER_TYPES = frozenset(
    {"session_meta", "response_item", "event_msg", "turn_context", "compacted"}
)
ITEM_TYPES = frozenset(
    {
        "message",
        "function_call",
        "function_call_output",
        "custom_tool_call",
        "custom_tool_call_output",
        "local_shell_call",
        "reasoning",
        "web_search_call",
    }
)
# Items that carry nothing for a reader (not malformed).
QUIET_ITEMS = frozenset({"ghost_snapshot"})


def _shell(command: Any) -> str:
    """``["bash", "-lc", "ls -la"]`` → ``ls -la``; other argv lists shell-quoted."""
    if isinstance(command, str):
        return command
    if isinstance(command, list) and all(isinstance(c, str) for c in command):
        if len(command) == 3 and command[1] in ("-lc", "-c"):
            return str(command[2])
        return shlex.join(command)
    return compact_json(command)


def render_call(name: str, arguments: Any) -> str:
    """One ``→ name: key args`` line (plus a capped body for patches and plans)."""
    args: Any = arguments
    if isinstance(arguments, str):
        try:
            args = json.loads(arguments)
        except (ValueError, RecursionError):
            args = arguments
    if isinstance(args, dict):
        cmd = args.get("command", args.get("cmd"))
        if cmd is not None and name in (
            "shell",
            "container.exec",
            "exec_command",
            "shell_command",
            "local_shell",
        ):
            where = as_str(args.get("workdir"))
            return f"→ {name}: {cap(_shell(cmd))}" + (f"  [in {where}]" if where else "")
        if name == "update_plan" and isinstance(args.get("plan"), list):
            steps = [
                f"- [{s.get('status', '?')}] {s.get('step', '')}"
                for s in args["plan"]
                if isinstance(s, dict)
            ]
            note = as_str(args.get("explanation"))
            return "\n".join([f"→ {name}" + (f": {note}" if note else ""), *steps])
        return f"→ {name}: {cap(compact_json(args))}" if args else f"→ {name}"
    if isinstance(args, str):
        return f"→ {name}\n{cap(args)}" if "\n" in args else f"→ {name}: {cap(args)}"
    return f"→ {name}: {cap(compact_json(args))}"


def _output_text(output: Any) -> str:
    """A tool output in full; a JSON ``{"output", "metadata"}`` wrapper is unwrapped."""
    if isinstance(output, str):
        try:
            inner = json.loads(output) if output.lstrip().startswith("{") else None
        except (ValueError, RecursionError):
            inner = None
        if isinstance(inner, dict) and isinstance(inner.get("output"), str):
            meta = inner.get("metadata")
            code = meta.get("exit_code") if isinstance(meta, dict) else None
            return (f"[exit code {code}]\n" if code is not None else "") + str(inner["output"])
        return output
    if isinstance(output, dict) and isinstance(output.get("content"), str):
        return str(output["content"])
    if isinstance(output, list):
        return "\n".join(_content_text(output))
    return "" if output is None else compact_json(output)


def _content_text(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content]
    out: list[str] = []
    if isinstance(content, list):
        for p in content:
            if isinstance(p, str):
                out.append(p)
            elif isinstance(p, dict):
                if isinstance(p.get("text"), str):
                    out.append(p["text"])
                elif str(p.get("type", "")).endswith("image"):
                    out.append("[image]")
    return out


class _Reader:
    def __init__(self, path: Path, include_thinking: bool) -> None:
        self.part = Part(path=path, kind="codex")
        self.include_thinking = include_thinking
        self.calls: dict[str, str] = {}
        self.events: list[Entry] = []
        self.items_seen = False
        self.unknown: Counter[str] = Counter()
        self.unknown_first: dict[str, int] = {}
        self.meta: JsonObj = {}

    def run(self) -> Part:
        part = self.part
        for line_no, d in iter_jsonl(part.path, part.bad):
            self.record(line_no, d)
        if not self.items_seen:
            part.entries.extend(self.events)
        for t, n in self.unknown.items():
            first = self.unknown_first[t]
            part.bad(
                first, f"{n} line(s) of unrecognised type {t!r} skipped (first at line {first})"
            )
        m = self.meta
        part.session = as_str(m.get("id")) or part.path.stem
        bits = [f"## Codex session {part.session}"]
        if as_str(m.get("cwd")):
            git = m.get("git")
            branch = as_str(git.get("branch")) if isinstance(git, dict) else None
            bits.append(str(m["cwd"]) + (f" ({branch})" if branch else ""))
        tool = " ".join(x for x in (as_str(m.get("originator")), as_str(m.get("cli_version"))) if x)
        if tool:
            bits.append(tool)
        part.title = " · ".join(bits)
        part.cwd = as_str(m.get("cwd")) or ""
        return part

    def skip_unknown(self, line_no: int, t: str) -> None:
        self.unknown[t] += 1
        self.unknown_first.setdefault(t, line_no)

    def record(self, line_no: int, d: JsonObj) -> None:
        t = as_str(d.get("type"))
        ts = norm_ts(d.get("timestamp"))
        self.part.saw_time(ts)
        payload = d.get("payload")
        if t in WRAPPER_TYPES:
            if not isinstance(payload, dict):
                self.part.bad(
                    line_no, f"{t} line: 'payload' is {json_type(payload)}, not an object"
                )
                return
            if t == "session_meta":
                self.meta = payload
                self.part.saw_time(norm_ts(payload.get("timestamp")))
            elif t == "response_item":
                self.item(line_no, payload, ts)
            elif t == "event_msg":
                self.event(payload, ts)
            elif t == "compacted":
                text = as_str(payload.get("message")) or ""
                self.part.add(f"{header('compaction summary', [], ts)}\n{text}", "summary", ts)
        elif isinstance(t, str) and t in ITEM_TYPES | QUIET_ITEMS:
            self.item(line_no, d, ts)  # legacy rollout: items are top-level lines
        elif t is None and "instructions" in d and "id" in d:
            self.meta = d  # legacy rollout header
        elif isinstance(t, str):
            self.skip_unknown(line_no, t)
        else:
            self.part.bad(line_no, "record has no 'type'")

    def item(self, line_no: int, p: JsonObj, ts: str | None) -> None:
        part = self.part
        kind = as_str(p.get("type"))
        if kind == "message":
            role = as_str(p.get("role")) or "unknown"
            content = p.get("content")
            if not isinstance(content, str | list):
                part.bad(line_no, f"message content is {json_type(content)}, not text or a list")
                return
            self.items_seen = True
            text = "\n".join(_content_text(content))
            part.add(f"{header(role, [], ts)}\n{text}", role, ts)
        elif kind in ("function_call", "custom_tool_call"):
            name = as_str(p.get("name")) or "tool"
            call_id = p.get("call_id")
            if isinstance(call_id, str):
                self.calls[call_id] = name
            args = p.get("arguments") if kind == "function_call" else p.get("input")
            part.add(f"{header('assistant', [], ts)}\n{render_call(name, args)}", "assistant", ts)
        elif kind == "local_shell_call":
            action = p.get("action")
            cmd = action.get("command") if isinstance(action, dict) else None
            call_id = p.get("call_id")
            if isinstance(call_id, str):
                self.calls[call_id] = "shell"
            text = f"→ shell: {cap(_shell(cmd))}"
            part.add(f"{header('assistant', [], ts)}\n{text}", "assistant", ts)
        elif kind in ("function_call_output", "custom_tool_call_output"):
            call_id = p.get("call_id")
            name = self.calls.get(call_id, "tool") if isinstance(call_id, str) else "tool"
            body = _output_text(p.get("output"))
            text = f"← {name} result\n{body}" if body else f"← {name} result: (empty)"
            part.add(f"{header('tool', [], ts)}\n{text}", "tool", ts)
        elif kind == "reasoning":
            if not self.include_thinking:
                return
            texts = _content_text(p.get("summary")) + _content_text(p.get("content"))
            thought = "\n".join(t for t in texts if t.strip())
            if thought:
                part.add(f"{header('assistant', [], ts)}\n[thinking]\n{thought}", "assistant", ts)
        elif kind == "web_search_call":
            action = p.get("action")
            query = as_str(action.get("query")) if isinstance(action, dict) else None
            text = f"→ web_search: {query}" if query else "→ web_search"
            part.add(f"{header('assistant', [], ts)}\n{text}", "assistant", ts)
        elif kind in QUIET_ITEMS:
            return
        else:
            self.skip_unknown(line_no, f"response_item/{kind}")

    def event(self, p: JsonObj, ts: str | None) -> None:
        kind = p.get("type")
        msg = as_str(p.get("message"))
        if kind == "user_message" and msg:
            self.events.append(Entry(f"{header('user', [], ts)}\n{msg}", "user", ts))
        elif kind == "agent_message" and msg:
            self.events.append(Entry(f"{header('assistant', [], ts)}\n{msg}", "assistant", ts))
        elif kind == "agent_reasoning" and self.include_thinking:
            text = as_str(p.get("text"))
            if text:
                body = f"{header('assistant', [], ts)}\n[thinking]\n{text}"
                self.events.append(Entry(body, "assistant", ts))


def load_file(path: Path, *, include_thinking: bool = False) -> Part:
    """One rollout file. Raises ``OSError`` if it cannot be read."""
    return _Reader(path, include_thinking).run()


def classify(d: JsonObj) -> bool:
    """Does this parsed line look like a Codex rollout (used by format sniffing)?"""
    t = as_str(d.get("type"))
    if t in WRAPPER_TYPES and "payload" in d:
        return True
    if t == "message" and isinstance(d.get("content"), list):
        return any(
            isinstance(c, dict) and c.get("type") in ("input_text", "output_text")
            for c in d["content"]
        )
    if t in ITEM_TYPES - {"message"} and ("call_id" in d or t == "reasoning"):
        return True
    return t is None and "instructions" in d and "id" in d and "timestamp" in d
