"""Claude Code session JSONL (``~/.claude/projects/<project>/<session>.jsonl``).

Every user/assistant/system/attachment line that carries content becomes one message::

    ### assistant · agent a2013704b26e00c11 · 2026-06-06T05:47:18Z
    I'll check the image list.
    → Bash (List SDK 36 images): sdkmanager --list | grep android-36

Tool calls are one ``→ Tool`` line with the key arguments (long bodies capped); tool results
are ``← Tool result`` followed by the full output. Subagent transcripts in
``<session>/subagents/**/agent-*.jsonl`` are attached *after* the parent session, each in
start-time order and each message marked ``agent <id>``: the parent stays one readable
narrative and each agent's work stays contiguous.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.sources.common import (
    ARG_LIMIT,
    BadLine,
    JsonObj,
    Part,
    as_str,
    cap,
    compact_json,
    header,
    iter_jsonl,
    json_type,
    norm_ts,
    one_line,
    size_label,
)

# Bookkeeping lines: not content, and not malformed either.
SKIP_TYPES = frozenset(
    {
        "progress",
        "queue-operation",
        "file-history-snapshot",
        "ai-title",
        "last-prompt",
        "mode",
        "permission-mode",
        "custom-title",
        "tag",
        "agent-name",
        "pr-link",
        "worktree-state",
    }
)
MESSAGE_TYPES = frozenset({"user", "assistant"})
# Line types that, when seen in a sniff, mark a file as Claude Code.
KNOWN_TYPES = SKIP_TYPES | MESSAGE_TYPES | {"system", "summary", "attachment"}


@dataclass(frozen=True, slots=True)
class Agent:
    """Which subagent a file belongs to (from its name and its ``.meta.json``)."""

    agent_id: str
    agent_type: str = ""
    description: str = ""
    workflow: str = ""


# ---------------------------------------------------------------------------- tool calls


def _fmt_extras(extras: list[str]) -> str:
    return f"  [{', '.join(extras)}]" if extras else ""


def render_tool_call(name: str, args: Any) -> str:
    """``→ Name (description): key argument [extras]`` plus a capped body when useful."""
    if not isinstance(args, dict):
        if args in (None, "", [], {}):
            return f"→ {name}"
        return f"→ {name}: {cap(args if isinstance(args, str) else compact_json(args))}"
    a: JsonObj = args

    def s(key: str) -> str:
        v = a.get(key)
        return v if isinstance(v, str) else ""

    desc = s("description")
    lead = f"→ {name} ({one_line(desc, 160)})" if desc else f"→ {name}"
    extras: list[str] = []
    body = ""
    if name == "Bash" and s("command"):
        if a.get("run_in_background") is True:
            extras.append("background")
        if isinstance(a.get("timeout"), int | float):
            extras.append(f"timeout {a['timeout']} ms")
        return f"{lead}: {cap(s('command'))}{_fmt_extras(extras)}"
    if name in ("Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead"):
        target = s("file_path") or s("notebook_path") or s("path")
        for key in ("offset", "limit", "pages"):
            if a.get(key) not in (None, ""):
                extras.append(f"{key} {a[key]}")
        if a.get("replace_all") is True:
            extras.append("replace all")
        if name == "Write" and "content" in a:
            content = s("content")
            extras.append(size_label(content))
            body = cap(content)
        elif name == "Edit":
            body = _edit_body(a)
        elif name == "MultiEdit" and isinstance(a.get("edits"), list):
            edits = [e for e in a["edits"] if isinstance(e, dict)]
            extras.append(f"{len(edits)} edit{'s' if len(edits) != 1 else ''}")
            body = "\n".join(_edit_body(e) for e in edits)
        elif name == "NotebookEdit" and s("new_source"):
            body = cap(s("new_source"))
        line = f"{lead}: {target}{_fmt_extras(extras)}" if target else lead
        if not target and not body and a:
            line = f"{lead}: {cap(compact_json(a))}"
        return f"{line}\n{body}" if body else line
    if name in ("Grep", "Glob") and s("pattern"):
        where = f" in {s('path')}" if s("path") else ""
        for key in ("glob", "type", "output_mode", "-i", "-n", "multiline", "head_limit"):
            if a.get(key) not in (None, "", False):
                extras.append(f"{key} {a[key]}")
        return f"{lead}: {json.dumps(s('pattern'), ensure_ascii=False)}{where}{_fmt_extras(extras)}"
    if name == "WebFetch" and s("url"):
        return f"{lead}: {s('url')}" + (f"\n{cap(s('prompt'))}" if s("prompt") else "")
    if name == "WebSearch" and s("query"):
        return f"{lead}: {s('query')}"
    if name in ("Task", "Agent"):
        kind = s("subagent_type")
        line = f"{lead}: {kind}" if kind else lead
        return f"{line}\n{cap(s('prompt'))}" if s("prompt") else line
    if name == "TodoWrite" and isinstance(a.get("todos"), list):
        items = []
        for t in a["todos"]:
            if isinstance(t, dict):
                items.append(f"- [{t.get('status', '?')}] {t.get('content', compact_json(t))}")
            else:
                items.append(f"- {t}")
        return lead + ("\n" + "\n".join(items) if items else "")
    if name == "Skill" and s("skill"):
        return f"{lead}: {s('skill')}" + (f" {s('args')}" if s("args") else "")
    if name in ("Workflow", "ExitPlanMode"):
        text = s("script") or s("plan")
        if text:
            return f"{lead}\n{cap(text)}"
    rest = {k: v for k, v in a.items() if k != "description" or not desc}
    return f"{lead}: {cap(compact_json(rest))}" if rest else lead


def _edit_body(edit: JsonObj) -> str:
    old = edit.get("old_string")
    new = edit.get("new_string")
    old_s = old if isinstance(old, str) else ""
    new_s = new if isinstance(new, str) else ""
    limit = ARG_LIMIT // 2
    new_part = f"+++ new ({size_label(new_s)})\n{cap(new_s, limit)}"
    if not old_s:
        return new_part
    return f"--- old ({size_label(old_s)})\n{cap(old_s, limit)}\n{new_part}"


# ----------------------------------------------------------------------------- blocks


class BlockRenderer:
    """Renders Anthropic-style content blocks; remembers tool names by ``tool_use`` id."""

    def __init__(self, include_thinking: bool) -> None:
        self.include_thinking = include_thinking
        self.tool_names: dict[str, str] = {}

    def blocks(self, content: list[Any], line: int, bad: BadLine) -> tuple[list[str], set[str]]:
        """Rendered pieces and the set of block kinds that produced them."""
        pieces: list[str] = []
        kinds: set[str] = set()
        for i, block in enumerate(content):
            if isinstance(block, str):
                bad(line, f"content block {i} is a string, not an object (kept as text)")
                text, kind = block, "text"
            elif not isinstance(block, dict):
                bad(line, f"content block {i} is not an object (got {json_type(block)})")
                continue
            else:
                text, kind = self.block(block)
            if text.strip():
                pieces.append(text)
                kinds.add(kind)
        return pieces, kinds

    def block(self, b: JsonObj) -> tuple[str, str]:
        btype = b.get("type")
        if btype in ("text", "input_text", "output_text"):
            return as_str(b.get("text")) or "", "text"
        if btype == "thinking":
            thought = as_str(b.get("thinking")) or ""
            if self.include_thinking and thought.strip():
                return f"[thinking]\n{thought.strip()}", "thinking"
            return "", "thinking"
        if btype == "redacted_thinking":
            return ("[thinking redacted]" if self.include_thinking else ""), "thinking"
        if btype in ("tool_use", "server_tool_use", "mcp_tool_use"):
            name = as_str(b.get("name")) or "tool"
            if isinstance(b.get("id"), str):
                self.tool_names[b["id"]] = name
            return render_tool_call(name, b.get("input")), "tool_use"
        if btype in ("tool_result", "mcp_tool_result") or (
            isinstance(btype, str) and btype.endswith("_tool_result")
        ):
            tool_id = b.get("tool_use_id")
            name = self.tool_names.get(tool_id, "tool") if isinstance(tool_id, str) else "tool"
            label = "error" if b.get("is_error") is True else "result"
            body = result_text(b.get("content"))
            return (f"← {name} {label}\n{body}" if body else f"← {name} {label}: (empty)"), (
                "tool_result"
            )
        if btype == "image":
            return f"[image{_media(b)}]", "text"
        if btype == "document":
            title = as_str(b.get("title")) or ""
            src = b.get("source")
            data = src.get("data") if isinstance(src, dict) and src.get("type") == "text" else None
            head = f"[document{': ' + title if title else ''}{_media(b)}]"
            return (f"{head}\n{data}" if isinstance(data, str) else head), "text"
        if isinstance(b.get("text"), str):
            return b["text"], "text"
        return f"[{btype or 'block'}] {cap(compact_json(b))}", "other"


def _media(b: JsonObj) -> str:
    src = b.get("source")
    media = src.get("media_type") if isinstance(src, dict) else None
    return f" {media}" if isinstance(media, str) else ""


def result_text(content: Any) -> str:
    """A tool result's full text: strings as is, block lists joined, images as a note."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        out: list[str] = []
        for part in content:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, dict):
                ptype = part.get("type")
                if isinstance(part.get("text"), str):
                    out.append(part["text"])
                elif ptype == "image":
                    out.append(f"[image{_media(part)}]")
                elif ptype == "tool_reference":
                    out.append(f"[tool reference: {part.get('tool_name', '?')}]")
                else:
                    out.append(compact_json(part))
            else:
                out.append(compact_json(part))
        return "\n".join(out)
    return compact_json(content)


# ------------------------------------------------------------------------------ files


class _Reader:
    """Turns one Claude Code JSONL file into a ``Part``."""

    def __init__(self, path: Path, include_thinking: bool, agent: Agent | None) -> None:
        self.part = Part(path=path, kind="claude-code")
        self.agent = agent
        self.render = BlockRenderer(include_thinking)
        self.sessions: list[str] = []
        self.unknown: Counter[str] = Counter()
        self.unknown_first: dict[str, int] = {}
        self.seen_message = False
        self.cwd = ""
        self.branch = ""

    def run(self) -> Part:
        part = self.part
        for line_no, d in iter_jsonl(part.path, part.bad):
            self.record(line_no, d)
        for t, n in self.unknown.items():
            first = self.unknown_first[t]
            part.bad(
                first, f"{n} line(s) of unrecognised type {t!r} skipped (first at line {first})"
            )
        stem = part.path.stem
        part.session = stem if stem in self.sessions else (self.sessions or [stem])[0]
        part.refs = [
            r for r in dict.fromkeys(part.refs) if r not in part.uuids and r != part.session
        ]
        if self.agent is not None:
            # An agent file belongs to the session its lines name (its parent).
            part.refs = [part.session]
        part.title = self.title()
        part.cwd = self.cwd
        return part

    def title(self) -> str:
        where = f" · {self.cwd}" if self.cwd else ""
        if self.branch:
            where += f" ({self.branch})"
        if self.agent is None:
            return f"## Claude Code session {self.part.session}{where}"
        a = self.agent
        bits = [f"## Subagent {a.agent_id}" + (f" ({a.agent_type})" if a.agent_type else "")]
        if a.workflow:
            bits.append(f"workflow {a.workflow}")
        bits.append(f"of session {self.part.session}")
        if a.description:
            bits.append(one_line(a.description, 200))
        return " · ".join(bits) + where

    def markers(self, d: JsonObj) -> list[str]:
        out: list[str] = []
        if self.agent is not None:
            agent_id = as_str(d.get("agentId")) or self.agent.agent_id
            out.append(f"agent {agent_id}")
        elif d.get("isSidechain") is True:
            out.append("sidechain")
        if d.get("isMeta") is True:
            out.append("meta")
        return out

    def record(self, line_no: int, d: JsonObj) -> None:
        part = self.part
        t = d.get("type")
        if not isinstance(t, str):
            part.bad(line_no, "record has no 'type'")
            return
        ts = norm_ts(d.get("timestamp"))
        part.saw_time(ts)
        uuid = d.get("uuid")
        if isinstance(uuid, str):
            part.uuids.add(uuid)
        sid = d.get("sessionId")
        if isinstance(sid, str) and sid not in self.sessions:
            self.sessions.append(sid)
            if not self.seen_message:
                part.refs.append(sid)
        self.cwd = self.cwd or as_str(d.get("cwd")) or ""
        self.branch = self.branch or as_str(d.get("gitBranch")) or ""
        if t in MESSAGE_TYPES:
            if not self.seen_message:
                self.seen_message = True
                if isinstance(d.get("parentUuid"), str):
                    part.refs.append(d["parentUuid"])
            self.message(line_no, d, t, ts)
        elif t == "system":
            self.system(d, ts)
        elif t == "attachment":
            self.attachment(line_no, d, ts)
        elif t == "summary":
            if not self.seen_message and isinstance(d.get("leafUuid"), str):
                part.refs.append(d["leafUuid"])
            text = as_str(d.get("summary"))
            if text is None:
                part.bad(line_no, "summary line has no 'summary' text")
            else:
                part.add(f"{header('session summary', [], ts)}\n{text}", "summary", ts)
        elif t not in SKIP_TYPES:
            self.unknown[t] += 1
            self.unknown_first.setdefault(t, line_no)

    def message(self, line_no: int, d: JsonObj, t: str, ts: str | None) -> None:
        part = self.part
        msg = d.get("message")
        if not isinstance(msg, dict):
            part.bad(line_no, f"{t} line: 'message' is not an object (got {json_type(msg)})")
            return
        if "content" not in msg:
            part.bad(line_no, f"{t} line: message has no 'content'")
            return
        content = msg["content"]
        if isinstance(content, str):
            pieces, kinds = [content], {"text"}
        elif isinstance(content, list):
            pieces, kinds = self.render.blocks(content, line_no, part.bad)
        else:
            part.bad(line_no, f"{t} line: content is {json_type(content)}, not text or a list")
            return
        if not any(p.strip() for p in pieces):
            return
        session = as_str(d.get("sessionId")) or ""
        markers = self.markers(d)
        if t == "assistant":
            role, label = "assistant", "assistant"
        elif d.get("isCompactSummary") is True:
            role, label = "summary", "compaction summary"
        elif kinds == {"tool_result"}:
            role, label = "tool", "tool"
        else:
            role, label = "user", "user"
        text = header(label, markers, ts) + "\n" + "\n".join(pieces)
        part.add(text, role, ts, session)

    def system(self, d: JsonObj, ts: str | None) -> None:
        sub = as_str(d.get("subtype")) or ""
        markers = self.markers(d)
        if sub == "compact_boundary":
            meta = d.get("compactMetadata")
            info = ""
            if isinstance(meta, dict):
                bits = []
                if isinstance(meta.get("trigger"), str):
                    bits.append(f"trigger {meta['trigger']}")
                if isinstance(meta.get("preTokens"), int):
                    bits.append(f"{meta['preTokens']} tokens before")
                info = f" ({', '.join(bits)})" if bits else ""
            body = f"=== conversation compacted here{info} ==="
        elif sub == "api_error":
            err = d.get("error")
            detail = ""
            if isinstance(err, dict):
                detail = as_str(err.get("formatted")) or as_str(err.get("message")) or ""
            body = f"[API error] {one_line(detail or compact_json(err), 300)}"
        else:
            content = as_str(d.get("content")) or ""
            if not content.strip():
                return
            body = f"[{sub or 'system'}] {content}"
        text = header("system", markers, ts) + "\n" + body
        self.part.add(text, "system", ts, as_str(d.get("sessionId")) or "")

    def attachment(self, line_no: int, d: JsonObj, ts: str | None) -> None:
        att = d.get("attachment")
        if not isinstance(att, dict):
            self.part.bad(line_no, f"attachment is {json_type(att)}, not an object")
            return
        atype = as_str(att.get("type")) or "attachment"
        session = as_str(d.get("sessionId")) or ""
        markers = self.markers(d)
        if atype == "queued_command" and isinstance(att.get("prompt"), str):
            text = header("user", [*markers, "queued"], ts) + "\n" + att["prompt"]
            self.part.add(text, "user", ts, session)
            return
        carried = _attachment_text(att).strip()
        if carried in ("", "{}", "[]"):
            return
        name = as_str(att.get("hookName")) or as_str(att.get("filename")) or ""
        note = f"[{atype}{': ' + name if name else ''}] {one_line(carried)}"
        self.part.add(header("attachment", markers, ts) + "\n" + note, "attachment", ts, session)


def _attachment_text(att: JsonObj) -> str:
    """The human-readable text an attachment carries, if any."""
    for key in ("content", "prompt", "text", "addedLines", "stdout"):
        v = att.get(key)
        if isinstance(v, str) and v.strip():
            return v
        if isinstance(v, list):
            joined = "\n".join(filter(None, (_item_text(x) for x in v)))
            if joined.strip():
                return joined
        if isinstance(v, dict) and isinstance(v.get("content"), str):
            return str(v["content"])
    resp = att.get("response")
    if isinstance(resp, dict):
        hook = resp.get("hookSpecificOutput")
        if isinstance(hook, dict) and isinstance(hook.get("additionalContext"), str):
            return str(hook["additionalContext"])
    return ""


def _item_text(item: Any) -> str | None:
    if isinstance(item, str):
        return item
    return as_str(item.get("text")) if isinstance(item, dict) else None


def load_file(path: Path, *, include_thinking: bool = False, agent: Agent | None = None) -> Part:
    """One JSONL file, no subagents. Raises ``OSError`` if it cannot be read."""
    if agent is None:
        agent = agent_for(path)
    return _Reader(path, include_thinking, agent).run()


def agent_for(path: Path) -> Agent | None:
    """Agent info when ``path`` is a subagent transcript (``agent-*.jsonl`` / ``subagents/``)."""
    if not path.name.startswith("agent-") and "subagents" not in path.parts:
        return None
    agent_id = path.stem.removeprefix("agent-")
    workflow = ""
    if "subagents" in path.parts:
        below = path.parts[len(path.parts) - path.parts[::-1].index("subagents") : -1]
        workflow = below[-1] if below and below[-1] != "workflows" else ""
    agent_type = description = ""
    meta = path.with_name(f"{path.stem}.meta.json")
    try:
        data = json.loads(meta.read_text(encoding="utf-8")) if meta.is_file() else None
    except (OSError, ValueError, RecursionError):
        data = None  # an empty or broken .meta.json only costs us a label
    if isinstance(data, dict):
        agent_type = as_str(data.get("agentType")) or ""
        description = as_str(data.get("description")) or ""
    return Agent(agent_id, agent_type, description, workflow)


def load_session(path: Path, *, include_thinking: bool = False) -> Part:
    """A session file plus the subagent transcripts in its ``<stem>/subagents/`` folder."""
    part = load_file(path, include_thinking=include_thinking)
    sub = path.with_suffix("") / "subagents"
    if sub.is_dir():
        part.children = load_subagents(sub, part, include_thinking)
    return part


def load_subagents(folder: Path, parent: Part, include_thinking: bool) -> list[Part]:
    """Every agent transcript below ``folder``, in start-time order (``journal.jsonl`` skipped)."""
    found: list[Part] = []
    try:
        files = sorted(p for p in folder.rglob("*.jsonl") if p.name != "journal.jsonl")
    except OSError as exc:
        parent.bad(0, f"could not list {folder}: {exc.strerror or exc}")
        return found
    for f in files:
        try:
            found.append(load_file(f, include_thinking=include_thinking))
        except OSError as exc:
            parent.bad(0, f"could not read subagent file {f}: {exc.strerror or exc}")
    return sorted(found, key=lambda p: p.sort_key)


def classify(d: JsonObj) -> bool:
    """Does this parsed line look like Claude Code (used by format sniffing)?"""
    t = d.get("type")
    if isinstance(t, str) and t in KNOWN_TYPES and "payload" not in d:
        return True
    return any(k in d for k in ("sessionId", "parentUuid", "leafUuid", "isSidechain"))
