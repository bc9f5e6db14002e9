"""Codex CLI rollout JSONL (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``).

Every line is one record, classified and counted (``Part.tally``):

- conversation: ``response_item`` user and assistant messages, compaction summaries,
  error events, and ``event_msg`` user/agent messages that no ``response_item`` repeats;
- tool: function / custom / shell calls (one ``→ name: args`` line) and their outputs
  (``← name result`` and the output, long ones head + tail), web searches, ``input_file``
  parts;
- harness (left out unless included): the session's base instructions, developer
  messages (permissions, collaboration mode, apps, skill and plugin catalogues) and the
  context Codex injects as user messages: ``# AGENTS.md instructions for …``,
  ``<environment_context>``, ``<user_instructions>``;
- telemetry (left out unless included): token counts, turn contexts, task start/complete,
  thread titles, ``event_msg`` records that repeat a ``response_item`` (command ends,
  patch results, messages);
- thinking (left out unless included): reasoning items and reasoning events.

An injected user message is told by the envelope Codex writes around the whole text *and*
by its missing ``user_message`` event (what the person typed is always echoed as one), so a
person who pastes ``# AGENTS.md instructions`` to ask about it stays conversation. Older
rollouts without the ``{type, payload}`` wrapper are read too.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gapless.engine.sources.common import (
    Entry,
    JsonObj,
    Part,
    RenderOptions,
    Shown,
    as_str,
    compact_json,
    elide,
    header,
    iter_jsonl,
    json_type,
    norm_ts,
)
from gapless.engine.sources.sample import Sample

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
# Context Codex injects as a user message: the opening of the text -> reason.
INJECTED = (
    ("# AGENTS.md instructions for ", "AGENTS.md"),
    ("<user_instructions>", "AGENTS.md"),
    ("<INSTRUCTIONS>", "AGENTS.md"),
    ("<environment_context>", "environment context"),
    ("<permissions instructions>", "developer instructions"),
    ("<collaboration_mode>", "developer instructions"),
    ("<skills_instructions>", "skill catalogue"),
    ("<plugins_instructions>", "skill catalogue"),
    ("<apps_instructions>", "skill catalogue"),
)
# event_msg types that repeat a response item or carry bookkeeping: type -> reason.
EVENT_TELEMETRY = {
    "token_count": "token count",
    "task_started": "task status",
    "task_complete": "task status",
    "turn_aborted": "task status",
    "thread_name_updated": "title",
    "exec_command_begin": "repeated tool event",
    "exec_command_end": "repeated tool event",
    "exec_command_output_delta": "repeated tool event",
    "patch_apply_begin": "repeated tool event",
    "patch_apply_end": "repeated tool event",
    "view_image_tool_call": "repeated tool event",
    "mcp_tool_call_begin": "repeated tool event",
    "mcp_tool_call_end": "repeated tool event",
    "web_search_begin": "repeated tool event",
    "web_search_end": "repeated tool event",
    "turn_diff": "repeated tool event",
    "background_event": "background event",
    "session_configured": "session metadata",
    "plan_update": "repeated tool event",
    "entered_review_mode": "mode",
    "exited_review_mode": "mode",
    "context_compacted": "compaction notice",
}


def injected(text: str) -> str | None:
    """The reason a user message text is context Codex injected, by its opening."""
    head = text.lstrip()
    for prefix, reason in INJECTED:
        if head.startswith(prefix):
            return reason
    return None


def _shell(command: Any) -> str:
    """``["bash", "-lc", "ls -la"]`` → ``ls -la``; other argv lists shell-quoted."""
    if isinstance(command, str):
        return command
    if isinstance(command, list) and all(isinstance(c, str) for c in command):
        if len(command) == 3 and command[1] in ("-lc", "-c"):
            return str(command[2])
        return shlex.join(command)
    return compact_json(command)


def render_call(name: str, arguments: Any, body: Any = None) -> str:
    """One ``→ name: key args`` line (plus the body for patches and plans); ``body``
    renders a long argument (the readers' head + tail rule; whole without)."""
    cap = body if body is not None else (lambda text: text)
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
            rest = {k: v for k, v in args.items()
                    if k not in ("command", "cmd", "workdir") and v not in (None, "", [], {})}
            return (f"→ {name}: {cap(_shell(cmd))}" + (f"  [in {where}]" if where else "")
                    + (f"  {compact_json(rest)}" if rest and body is not None else ""))
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


def output_text(output: Any) -> str:
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
        return "\n".join(content_text(output))
    return "" if output is None else compact_json(output)


def content_text(content: Any) -> list[str]:
    """The text of a message's content parts (images and files as a note, unknown parts
    as JSON: nothing silently left behind)."""
    if isinstance(content, str):
        return [content]
    out: list[str] = []
    if isinstance(content, list):
        for p in content:
            if isinstance(p, str):
                out.append(p)
            elif isinstance(p, dict):
                ptype = str(p.get("type", ""))
                if isinstance(p.get("text"), str):
                    out.append(p["text"])
                elif ptype.endswith("image"):
                    out.append("[image]")
                elif ptype.endswith("file"):
                    name = (as_str(p.get("filename")) or as_str(p.get("file_id"))
                            or as_str(p.get("file_url")) or "")
                    out.append(f"[file{': ' + name if name else ''}]")
                elif ptype:
                    rest = {k: v for k, v in p.items() if k != "type"}
                    out.append(f"[{ptype}] {compact_json(rest)}")
    return out


@dataclass(slots=True)
class _Rec:
    """A record waiting for the end of the file, when duplicates and injections are known."""

    line: int
    ts: str | None
    role: str
    label: str
    cls: str
    reason: str
    parts: list[str]
    event: str = ""
    raw: JsonObj | None = None


class _Reader:
    def __init__(self, path: Path, options: RenderOptions) -> None:
        self.part = Part(path=path, kind="codex")
        self.options = options
        self.calls: dict[str, str] = {}
        self.recs: list[_Rec] = []
        self.unknown: Counter[str] = Counter()
        self.unknown_first: dict[str, int] = {}
        self.meta: JsonObj = {}

    def body(self, line: int, what: str = "tool input") -> Any:
        limit = self.options.tool_output_limit
        return lambda text: elide(text, limit, self.part.tally, line, what)

    def run(self) -> Part:
        part = self.part
        for line_no, d in iter_jsonl(part.path, part.bad, part.tally):
            self.record(line_no, d)
        self.finish()
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
        self.part.tally.dropped(line_no, f"unknown type {t!r}", "unknown")

    def add(self, line: int, ts: str | None, shown: Shown, text: str,
            raw: JsonObj | None = None) -> None:
        self.recs.append(_Rec(line, ts, shown.role, shown.label or shown.role, shown.cls,
                              shown.reason, [text], raw=raw if self.options.messages else None))

    def drop(self, line: int, cls: str, reason: str, d: JsonObj, ts: str | None) -> None:
        """A harness or telemetry record: rendered as JSON only when its class is included."""
        if self.options.keeps(cls):
            text = elide(compact_json(d), self.options.tool_output_limit, self.part.tally, line)
            self.add(line, ts, Shown(cls, cls, reason, f"{cls} · {reason}"), text)
        else:
            self.part.count(line, cls, False, reason)

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
                self.part.tally.malformed(line_no)
                return
            if t == "session_meta":
                self.meta = payload
                self.part.saw_time(norm_ts(payload.get("timestamp")))
                self.session_meta(line_no, payload, ts, "base_instructions")
            elif t == "response_item":
                self.item(line_no, payload, ts)
            elif t == "event_msg":
                self.event(line_no, payload, ts)
            elif t == "compacted":
                text = as_str(payload.get("message")) or ""
                if text.strip():
                    summary = Shown("summary", "conversation", label="compaction summary")
                    self.add(line_no, ts, summary, text)
                else:
                    self.drop(line_no, "telemetry", "compaction notice", payload, ts)
            else:
                self.drop(line_no, "telemetry", "turn context", payload, ts)
        elif isinstance(t, str) and t in ITEM_TYPES | QUIET_ITEMS:
            self.item(line_no, d, ts)  # legacy rollout: items are top-level lines
        elif t is None and "instructions" in d and "id" in d:
            self.meta = d  # legacy rollout header
            self.session_meta(line_no, d, ts, "instructions")
        elif isinstance(t, str):
            self.skip_unknown(line_no, t)
        else:
            self.part.bad(line_no, "record has no 'type'")
            self.part.tally.malformed(line_no)

    def session_meta(self, line_no: int, p: JsonObj, ts: str | None, key: str) -> None:
        base = p.get(key)
        text = as_str(base) or (as_str(base.get("text")) if isinstance(base, dict) else None)
        if not text or not text.strip():
            self.drop(line_no, "telemetry", "session metadata", p, ts)
        elif self.options.harness:
            self.add(line_no, ts, Shown("harness", "harness", "base instructions",
                                           "harness · base instructions"),
                     text, {"role": "system", "content": text})
        else:
            self.part.count(line_no, "harness", False, "base instructions")

    def item(self, line_no: int, p: JsonObj, ts: str | None) -> None:
        part = self.part
        kind = as_str(p.get("type"))
        if kind == "message":
            role = as_str(p.get("role")) or "unknown"
            content = p.get("content")
            if not isinstance(content, str | list):
                part.bad(line_no, f"message content is {json_type(content)}, not text or a list")
                part.tally.malformed(line_no)
                return
            texts = content_text(content)
            if role in ("developer", "system"):
                reason = "developer instructions" if role == "developer" else "system prompt"
                if self.options.harness:
                    self.recs.append(_Rec(line_no, ts, "harness", f"harness · {role}",
                                          "harness", reason, texts,
                                          raw=_message_raw(role, texts, self.options)))
                else:
                    part.count(line_no, "harness", False, reason)
                return
            cls = "conversation"
            self.recs.append(_Rec(line_no, ts, role, role, cls, "", texts, "item",
                                  _message_raw(role, texts, self.options)))
        elif kind in ("function_call", "custom_tool_call"):
            name = as_str(p.get("name")) or "tool"
            call_id = p.get("call_id")
            if isinstance(call_id, str):
                self.calls[call_id] = name
            args = p.get("arguments") if kind == "function_call" else p.get("input")
            self.add(line_no, ts, Shown("assistant", "tool"),
                     render_call(name, args, self.body(line_no)),
                     raw=_call_raw(p, name, args))
        elif kind == "local_shell_call":
            action = p.get("action")
            cmd = action.get("command") if isinstance(action, dict) else None
            call_id = p.get("call_id")
            if isinstance(call_id, str):
                self.calls[call_id] = "shell"
            text = f"→ shell: {self.body(line_no)(_shell(cmd))}"
            self.add(line_no, ts, Shown("assistant", "tool"), text,
                     raw=_call_raw(p, "shell", action))
        elif kind in ("function_call_output", "custom_tool_call_output"):
            call_id = p.get("call_id")
            name = self.calls.get(call_id, "tool") if isinstance(call_id, str) else "tool"
            body = elide(output_text(p.get("output")), self.options.tool_output_limit,
                         part.tally, line_no)
            text = f"← {name} result\n{body}" if body else f"← {name} result: (empty)"
            self.add(line_no, ts, Shown("tool", "tool"), text,
                     raw={"role": "tool", "tool_call_id": str(call_id or ""),
                          "content": output_text(p.get("output"))})
        elif kind == "reasoning":
            texts = content_text(p.get("summary")) + content_text(p.get("content"))
            thought = "\n".join(t for t in texts if t.strip())
            if not self.options.thinking:
                part.count(line_no, "thinking", False, "thinking")
            elif not thought:
                part.count(line_no, "thinking", False, "empty thinking")
            else:
                self.add(line_no, ts, Shown("assistant", "thinking", label="assistant"),
                         f"[thinking]\n{thought}")
        elif kind == "web_search_call":
            action = p.get("action")
            query = as_str(action.get("query")) if isinstance(action, dict) else None
            text = f"→ web_search: {query}" if query else f"→ web_search: {compact_json(action)}"
            self.add(line_no, ts, Shown("assistant", "tool"), text)
        elif kind in QUIET_ITEMS:
            self.drop(line_no, "telemetry", kind.replace("_", " "), p, ts)
        else:
            self.skip_unknown(line_no, f"response_item/{kind}")

    def event(self, line_no: int, p: JsonObj, ts: str | None) -> None:
        kind = as_str(p.get("type")) or ""
        msg = as_str(p.get("message"))
        if kind in ("user_message", "agent_message"):
            role = "user" if kind == "user_message" else "assistant"
            self.recs.append(_Rec(line_no, ts, role, role, "conversation", "",
                                  [msg or ""], kind, _message_raw(role, [msg or ""],
                                                                  self.options)))
        elif kind in ("agent_reasoning", "agent_reasoning_raw_content"):
            text = as_str(p.get("text")) or ""
            self.recs.append(_Rec(line_no, ts, "assistant", "assistant", "thinking", "",
                                  [f"[thinking]\n{text}" if text.strip() else ""], kind))
        elif kind in ("error", "stream_error", "warning"):
            text = msg or compact_json({k: v for k, v in p.items() if k != "type"})
            self.add(line_no, ts, Shown("system", "conversation", label="system"),
                     f"[{kind}] {text}")
        elif kind in EVENT_TELEMETRY:
            self.drop(line_no, "telemetry", EVENT_TELEMETRY[kind], p, ts)
        else:
            self.skip_unknown(line_no, f"event_msg/{kind or '?'}")

    def finish(self) -> None:
        """Resolve duplicates and injections, then render and count in file order."""
        said: dict[str, set[str]] = {"user": set(), "assistant": set(), "thinking": set()}
        typed: set[str] = set()
        for r in self.recs:
            if r.event == "item":
                bucket = said.setdefault(r.role, set())
                bucket.update(t.strip() for t in r.parts)
                bucket.add("\n".join(r.parts).strip())
            elif r.event == "user_message":
                typed.add(r.parts[0].strip())
            elif r.cls == "thinking" and not r.event:
                said["thinking"].add(r.parts[0].strip())
        part = self.part
        for r in self.recs:
            parts = r.parts
            cls, reason = r.cls, r.reason
            if r.event in ("user_message", "agent_message"):
                if parts[0].strip() in said.get(r.role, set()):
                    cls, reason = "telemetry", "repeated message"
            elif r.event.startswith("agent_reasoning"):
                if parts[0].strip() in said["thinking"] or not self.options.thinking:
                    repeated = parts[0].strip() in said["thinking"]
                    cls = "telemetry" if repeated else "thinking"
                    reason = "repeated message" if repeated else "thinking"
            elif r.event == "item" and r.role == "user":
                kept, dropped = [], []
                for t in parts:
                    why = injected(t)
                    if why is not None and t.strip() not in typed:
                        dropped.append((t, why))
                    else:
                        kept.append(t)
                if dropped and not kept:
                    cls, reason = "harness", dropped[0][1]
                if dropped and kept and not self.options.harness:
                    parts = kept
                    for _t, why in dropped:
                        part.tally.part_dropped(r.line, why)
                elif dropped and self.options.harness and not kept:
                    r.label = "harness"
            text = "\n".join(t for t in parts if t.strip())
            if not self.options.keeps(cls):
                part.count(r.line, cls, False, reason or cls)
            elif not text.strip():
                part.count(r.line, cls, False, "empty")
            else:
                label = r.label if cls != "harness" or r.label.startswith("harness") else (
                    f"harness · {reason}")
                part.add(Entry(f"{header(label, [], r.ts)}\n{text}",
                         r.role if cls != "harness" else "harness", r.ts, "", r.line,
                         raw=r.raw if r.raw is None or parts is r.parts
                         else {**r.raw, "content": text}))
                part.count(r.line, cls, True)
        self.recs = []


def _message_raw(role: str, texts: list[str], options: RenderOptions) -> JsonObj | None:
    """A message as the model saw it (OpenAI style), when the load keeps messages."""
    return {"role": role, "content": "\n".join(texts)} if options.messages else None


def _call_raw(p: JsonObj, name: str, args: Any) -> JsonObj:
    """A tool call as the OpenAI-style assistant message that made it."""
    return {"role": "assistant", "content": None, "tool_calls": [{
        "id": str(p.get("call_id") or p.get("id") or ""), "type": "function",
        "function": {"name": name, "arguments": args if isinstance(args, str)
                     else json.dumps(args, ensure_ascii=False)}}]}


def load_file(path: Path, *, include_thinking: bool = False,
              options: RenderOptions | None = None) -> Part:
    """One rollout file. Raises ``OSError`` if it cannot be read."""
    return _Reader(path, options or RenderOptions.make(thinking=include_thinking)).run()


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


def detect(sample: Sample) -> float:
    """A record of a rollout among the file's first lines (the earlier, the surer)."""
    return sample.record_score(classify)
