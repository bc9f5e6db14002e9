"""Claude Code session JSONL (``~/.claude/projects/<project>/<session>.jsonl``).

Every line is one record, sorted into a class and counted (``Part.tally``):

- conversation: user and assistant text, queued prompts, slash commands *with* arguments
  (rendered ``/name args``), session and compaction summaries, API errors, compaction
  boundaries;
- tool: ``tool_use`` calls (one ``→ Tool`` line with the key arguments) and their results
  (``← Tool result`` and the output), file attachments, background-task notifications,
  ``!`` shell turns;
- harness (left out unless included): hook output, skill and agent listings, system
  reminders, CLAUDE.md injections, IDE context, ``isMeta`` injections, slash-command
  boilerplate, local-command output, notices, away summaries;
- telemetry (left out unless included): progress, queue operations, file-history
  snapshots, titles, modes, turn durations, session init and other bookkeeping lines;
- thinking (left out unless included): thinking blocks;
- malformed: lines that are not JSON objects or have no usable shape.

A harness record is recognised by its *type* (attachment type, system subtype,
``isMeta``) or by a harness envelope around the whole text (``<system-reminder>…``,
``<command-name>…``), never by what a person wrote: a user who quotes a system reminder
inside a question stays conversation. Unknown line types are counted, reported as
malformed notes, and left out. Long bodies (tool results, Write contents, Edit strings,
scripts) follow the head + tail rule of :func:`engine.sources.common.elide`::

    ### assistant · agent a2013704b26e00c11 · 2026-06-06T05:47:18Z
    I'll check the image list.
    → Bash (List SDK 36 images): sdkmanager --list | grep android-36

Subagent transcripts in ``<session>/subagents/**/agent-*.jsonl`` are attached *after* the
parent session, each in start-time order and each message marked ``agent <id>``: the parent
stays one readable narrative and each agent's work stays contiguous.

How a content block reads (the harness envelopes around a user's text included) is shared
with the other readers in :mod:`engine.sources.content_blocks`, how a tool call reads in
:mod:`engine.sources.tool_calls`.
"""

from __future__ import annotations

import json
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
    flat,
    header,
    iter_jsonl,
    json_type,
    norm_ts,
)
from gapless.engine.sources.content_blocks import BlockRenderer, classify_user_text
from gapless.engine.sources.sample import EMPTY, JSONL_EXT, Sample

# Bookkeeping lines: telemetry, with the reason they are counted under.
TELEMETRY_TYPES: dict[str, str] = {
    "progress": "progress",
    "queue-operation": "queue operation",
    "file-history-snapshot": "file-history snapshot",
    "ai-title": "title",
    "custom-title": "title",
    "last-prompt": "last prompt",
    "mode": "mode",
    "permission-mode": "mode",
    "tag": "tag",
    "agent-name": "agent name",
    "pr-link": "pr link",
    "worktree-state": "worktree state",
}
SKIP_TYPES = frozenset(TELEMETRY_TYPES)
MESSAGE_TYPES = frozenset({"user", "assistant"})
# Line types that, when seen in a sniff, mark a file as Claude Code.
KNOWN_TYPES = SKIP_TYPES | MESSAGE_TYPES | {"system", "summary", "attachment"}
# Keys every line carries: left out when a telemetry record is rendered.
_ENVELOPE_KEYS = frozenset({"parentUuid", "isSidechain", "userType", "cwd", "sessionId",
                            "version", "gitBranch", "uuid", "timestamp", "entrypoint", "slug",
                            "promptId"})

# System line subtypes: subtype -> (class, reason).
SYSTEM_SUBTYPES: dict[str, tuple[str, str]] = {
    "compact_boundary": ("conversation", ""),
    "microcompact_boundary": ("conversation", ""),
    "api_error": ("conversation", ""),
    "stop_hook_summary": ("harness", "hook output"),
    "away_summary": ("harness", "away summary"),
    "informational": ("harness", "notice"),
    "local_command": ("harness", "slash command"),
    "turn_duration": ("telemetry", "turn duration"),
    "init": ("telemetry", "session init"),
}


def attachment_class(atype: str) -> tuple[str, str]:
    """(class, reason) of an attachment by its type."""
    t = atype.lower()
    if t == "queued_command":
        return "conversation", ""
    if "hook" in t:
        return "harness", "hook output"
    if "skill" in t and ("listing" in t or "delta" in t):
        return "harness", "skill listing"
    if "listing" in t or t.endswith("_delta"):
        return "harness", "tool listing"
    if "reminder" in t:
        return "harness", "system reminder"
    if "memory" in t or "claude_md" in t or "claudemd" in t:
        return "harness", "CLAUDE.md"
    if t.startswith("plan_mode") or t in ("mode", "output_style", "ultrathink_effort"):
        return "harness", "mode notice"
    if "ide" in t.split("_") or t in ("opened_file_in_ide", "selected_lines_in_ide"):
        return "harness", "IDE context"
    if "token" in t or "usage" in t or "budget" in t or t == "date_change":
        return "telemetry", t.replace("_", " ")
    return "tool", ""


@dataclass(frozen=True, slots=True)
class Agent:
    """Which subagent a file belongs to (from its name and its ``.meta.json``)."""

    agent_id: str
    agent_type: str = ""
    description: str = ""
    workflow: str = ""


# ------------------------------------------------------------------------------ files


class _Reader:
    """Turns one Claude Code JSONL file into a ``Part``."""

    def __init__(self, path: Path, options: RenderOptions, agent: Agent | None) -> None:
        self.part = Part(path=path, kind="claude-code")
        self.options = options
        self.agent = agent
        self.render = BlockRenderer(options=options, tally=self.part.tally)
        self.sessions: list[str] = []
        self.unknown: Counter[str] = Counter()
        self.unknown_first: dict[str, int] = {}
        self.seen_message = False
        self.cwd = ""
        self.branch = ""

    def run(self) -> Part:
        part = self.part
        for line_no, d in iter_jsonl(part.path, part.bad, part.tally):
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
            bits.append(flat(a.description))
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

    def emit(self, line: int, d: JsonObj, shown: Shown, text: str,
             markers: list[str] | None = None, raw: JsonObj | None = None) -> None:
        """Render one record as ``shown`` (when its class is included) and count it;
        ``raw``: the message the model saw for it, when it saw one."""
        cls = shown.cls
        keep = self.options.keeps(cls)
        if keep and text.strip():
            ts = norm_ts(d.get("timestamp"))
            head = header(shown.label or shown.role,
                          [*(markers if markers is not None else self.markers(d))], ts)
            self.part.add(Entry(f"{head}\n{text}", shown.role, ts,
                                as_str(d.get("sessionId")) or "", line,
                                raw=raw if self.options.messages else None))
            self.part.count(line, cls, True)
        elif not keep:
            self.part.count(line, cls, False, shown.reason or cls)
        else:
            self.part.count(line, cls, False, "empty")

    def record(self, line_no: int, d: JsonObj) -> None:
        part = self.part
        t = d.get("type")
        if not isinstance(t, str):
            part.bad(line_no, "record has no 'type'")
            part.tally.malformed(line_no)
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
            self.system(line_no, d)
        elif t == "attachment":
            self.attachment(line_no, d)
        elif t == "summary":
            if not self.seen_message and isinstance(d.get("leafUuid"), str):
                part.refs.append(d["leafUuid"])
            text = as_str(d.get("summary"))
            if text is None:
                part.bad(line_no, "summary line has no 'summary' text")
                part.tally.malformed(line_no)
            else:
                self.emit(line_no, d, Shown("summary", "conversation", "empty",
                                            "session summary"), text, [])
        elif t in TELEMETRY_TYPES:
            self.telemetry(line_no, d, TELEMETRY_TYPES[t])
        else:
            self.unknown[t] += 1
            self.unknown_first.setdefault(t, line_no)
            part.tally.dropped(line_no, f"unknown type {t!r}", "unknown")

    def telemetry(self, line_no: int, d: JsonObj, reason: str) -> None:
        text = ""
        if self.options.telemetry:
            self.render.line = line_no
            rest = {k: v for k, v in d.items() if k not in _ENVELOPE_KEYS}
            text = self.render.output(compact_json(rest))
        self.emit(line_no, d, Shown("telemetry", "telemetry", reason, f"telemetry · {reason}"),
                  text, [])

    def message(self, line_no: int, d: JsonObj, t: str, ts: str | None) -> None:
        part = self.part
        msg = d.get("message")
        if not isinstance(msg, dict):
            part.bad(line_no, f"{t} line: 'message' is not an object (got {json_type(msg)})")
            part.tally.malformed(line_no)
            return
        if "content" not in msg:
            part.bad(line_no, f"{t} line: message has no 'content'")
            part.tally.malformed(line_no)
            return
        content = msg["content"]
        user = t == "user"
        meta = d.get("isMeta") is True and user
        render = self.render
        render.line = line_no
        if isinstance(content, str):
            render.left_out = []
            if meta:
                text, kind = content, "harness"
            elif user:
                text, kind = render.text(content)
            else:
                text, kind = content, "text"
            pieces, kinds = ([text], {kind}) if text.strip() else ([], set())
        elif isinstance(content, list):
            pieces, kinds = render.blocks(content, line_no, part.bad, user=user and not meta)
            if meta and pieces:
                kinds = {"harness"}
        else:
            part.bad(line_no, f"{t} line: content is {json_type(content)}, not text or a list")
            part.tally.malformed(line_no)
            return
        left_out = list(render.left_out)
        if meta and not self.options.harness:
            pieces, left_out = [], [("harness", "meta message")]
        if not any(p.strip() for p in pieces):
            cls, reason = left_out[0] if left_out else ("conversation", "empty")
            part.count(line_no, cls, False, reason)
            return
        for _cls, reason in left_out:
            part.tally.part_dropped(line_no, reason)
        session = as_str(d.get("sessionId")) or ""
        markers = self.markers(d)
        if t == "assistant":
            role, label = "assistant", "assistant"
        elif d.get("isCompactSummary") is True:
            role, label = "summary", "compaction summary"
        elif kinds <= {"tool_result", "tool"}:
            role, label = "tool", "tool"
        elif kinds == {"harness"}:
            role, label = "harness", "harness"
        else:
            role, label = "user", "user"
        if kinds & {"text", "other"}:
            cls = "conversation"
        elif kinds & {"tool_use", "tool_result", "tool"}:
            cls = "tool"
        elif "harness" in kinds:
            cls = "harness"
        else:
            cls = "thinking"
        text = header(label, markers, ts) + "\n" + "\n".join(pieces)
        raw: JsonObj | None = None
        if self.options.messages:
            said = msg.get("role") if msg.get("role") in ("user", "assistant") else t
            raw = {"role": said, "content": content}
        part.add(Entry(text, role, ts, session, line_no, raw=raw, key=as_str(msg.get("id")) or ""))
        part.count(line_no, cls, True)

    def system(self, line_no: int, d: JsonObj) -> None:
        sub = as_str(d.get("subtype")) or ""
        cls, reason = SYSTEM_SUBTYPES.get(sub, ("harness", "system note"))
        content = d.get("content")
        text = content if isinstance(content, str) else (
            compact_json(content) if content not in (None, "", [], {}) else "")
        if sub in ("compact_boundary", "microcompact_boundary"):
            meta = d.get("compactMetadata") or d.get("microcompactMetadata")
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
            body = f"[API error] {flat(detail or compact_json(err))}"
        elif sub == "local_command":
            kind, _why, shown, _rest = classify_user_text(text)
            if kind == "conversation":
                cls, reason = "conversation", ""
                text = shown
            body = f"[{sub}] {text}" if text.strip() else ""
        elif cls == "telemetry" or (cls == "harness" and not text.strip()):
            rest = {k: v for k, v in d.items() if k not in _ENVELOPE_KEYS}
            body = f"[{sub or 'system'}] {self.render.output(compact_json(rest))}"
        else:
            self.render.line = line_no
            body = f"[{sub or 'system'}] {self.render.output(text)}" if text.strip() else ""
        if sub not in SYSTEM_SUBTYPES:
            reason = f"system note ({sub})" if sub else "system note"
        self.emit(line_no, d, Shown("system", cls, reason), body)

    def attachment(self, line_no: int, d: JsonObj) -> None:
        att = d.get("attachment")
        if not isinstance(att, dict):
            self.part.bad(line_no, f"attachment is {json_type(att)}, not an object")
            self.part.tally.malformed(line_no)
            return
        atype = as_str(att.get("type")) or "attachment"
        cls, reason = attachment_class(atype)
        markers = self.markers(d)
        if atype == "queued_command" and isinstance(att.get("prompt"), str):
            self.emit(line_no, d, Shown("user", "conversation", "empty"), att["prompt"],
                      [*markers, "queued"], {"role": "user", "content": att["prompt"]})
            return
        self.render.line = line_no
        if not self.options.keeps(cls):
            self.part.count(line_no, cls, False, reason)
            return
        carried = _attachment_text(att).strip()
        if carried in ("", "{}", "[]"):
            rest = {k: v for k, v in att.items() if k != "type" and v not in (None, "", [], {})}
            carried = compact_json(rest) if rest else ""
        if not carried:
            self.part.count(line_no, cls, False, reason or "empty")
            return
        name = as_str(att.get("hookName")) or as_str(att.get("filename")) or ""
        note = f"[{atype}{': ' + name if name else ''}] {self.render.output(carried)}"
        # what an attachment carries reaches the model in the user's turn
        self.emit(line_no, d, Shown("attachment", cls, reason), note, markers,
                  {"role": "user", "content": note})


def _attachment_text(att: JsonObj) -> str:
    """Every human-readable text an attachment carries, joined (none left behind)."""
    found: list[str] = []
    for key in ("content", "prompt", "text", "addedLines", "stdout", "stderr", "snippet"):
        v = att.get(key)
        if isinstance(v, str) and v.strip():
            found.append(v)
        elif isinstance(v, list):
            joined = "\n".join(filter(None, (_item_text(x) for x in v)))
            if joined.strip():
                found.append(joined)
        elif isinstance(v, dict) and isinstance(v.get("content"), str):
            found.append(str(v["content"]))
    resp = att.get("response")
    if isinstance(resp, dict):
        hook = resp.get("hookSpecificOutput")
        if isinstance(hook, dict) and isinstance(hook.get("additionalContext"), str):
            found.append(str(hook["additionalContext"]))
    return "\n".join(dict.fromkeys(found))


def _item_text(item: Any) -> str | None:
    if isinstance(item, str):
        return item
    return as_str(item.get("text")) if isinstance(item, dict) else None


def load_file(path: Path, *, include_thinking: bool = False, agent: Agent | None = None,
              options: RenderOptions | None = None) -> Part:
    """One JSONL file, no subagents. Raises ``OSError`` if it cannot be read."""
    if agent is None:
        agent = agent_for(path)
    opts = options or RenderOptions.make(thinking=include_thinking)
    return _Reader(path, opts, agent).run()


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


def load_session(path: Path, *, include_thinking: bool = False,
                 options: RenderOptions | None = None) -> Part:
    """A session file plus the subagent transcripts in its ``<stem>/subagents/`` folder."""
    opts = options or RenderOptions.make(thinking=include_thinking)
    part = load_file(path, options=opts)
    sub = path.with_suffix("") / "subagents"
    if sub.is_dir():
        part.children = load_subagents(sub, part, opts)
    return part


def load_subagents(folder: Path, parent: Part, options: RenderOptions) -> list[Part]:
    """Every agent transcript below ``folder``, in start-time order; the workflow journals
    and ``.meta.json`` labels beside them are listed as passed over."""
    found: list[Part] = []
    try:
        every = sorted(p for p in folder.rglob("*") if p.is_file())
    except OSError as exc:
        parent.bad(0, f"could not list {folder}: {exc.strerror or exc}")
        return found
    for f in every:
        if f.name.endswith(".meta.json") and f.with_name(
                f.name.removesuffix(".meta.json") + ".jsonl").is_file():
            continue  # read by agent_for as the agent's label
        if f.suffix != ".jsonl" or f.name == "journal.jsonl":
            parent.skipped.append((str(f), _subagent_side_file(f), _size(f)))
            continue
        try:
            found.append(load_file(f, options=options))
        except OSError as exc:
            parent.bad(0, f"could not read subagent file {f}: {exc.strerror or exc}")
    return sorted(found, key=lambda p: p.sort_key)


def _subagent_side_file(f: Path) -> str:
    if f.name == "journal.jsonl":
        return "workflow journal (bookkeeping of the workflow's agents, not a transcript)"
    if f.name.endswith(".meta.json"):
        return "subagent metadata (read as the agent's label)"
    return "not a subagent transcript"


def _size(f: Path) -> int:
    try:
        return f.stat().st_size
    except OSError:
        return 0


def classify(d: JsonObj) -> bool:
    """Does this parsed line look like Claude Code (used by format sniffing)?"""
    t = d.get("type")
    if isinstance(t, str) and t in KNOWN_TYPES and "payload" not in d and _own_shape(t, d):
        return True
    # a session id alone is a field of many formats (a bot's logs, an API's records): it
    # claims a line only beside a type this reader knows
    return any(k in d for k in ("parentUuid", "leafUuid", "isSidechain")) or (
        "sessionId" in d and isinstance(t, str) and t in KNOWN_TYPES)


def _own_shape(t: str, d: JsonObj) -> bool:
    """A line of a type this reader knows holds what the reader reads for it: a message
    its ``message`` object. A record whose payload is an object under its type's own name
    (``{"type": X, X: {…}}``, where this reader reads no such object) is a tagged record of
    another format that happens to share a type's word, not a line of a session."""
    if t in MESSAGE_TYPES:
        return isinstance(d.get("message"), dict)
    return t == "attachment" or not isinstance(d.get(t), dict)


def detect(sample: Sample) -> float:
    """A record of a session among the file's first lines; an empty JSON-lines file is an
    empty session."""
    if sample.empty:
        return EMPTY if sample.ext in JSONL_EXT else 0.0
    return sample.record_score(classify)
