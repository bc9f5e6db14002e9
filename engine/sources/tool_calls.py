"""How a tool call and a tool result read in a transcript: ``→ Name (description): key
argument [extras]`` with its body where it helps, and a result's full text. Shared by every
reader of Anthropic-style content blocks (Claude Code, chat JSON, markdown exports) and by
compaction, so a call reads the same whichever file it came from."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.sources.common import (
    ARG_LIMIT,
    JsonObj,
    cap,
    compact_json,
    flat,
    size_label,
)

Body = Callable[[str], str]


def _fmt_extras(extras: list[str]) -> str:
    return f"  [{', '.join(extras)}]" if extras else ""


def render_tool_call(name: str, args: Any, body: Body = cap) -> str:
    """``→ Name (description): key argument [extras]`` plus the body when useful.

    ``body`` renders a long argument (a command, Write content, Edit strings, a script):
    the readers pass the head + tail rule; the default caps at ``ARG_LIMIT`` characters
    (kept for compaction, which sizes its own summaries).
    """
    describe = flat if body is not cap else (lambda t: cap(flat(t), 160))
    if not isinstance(args, dict):
        if args in (None, "", [], {}):
            return f"→ {name}"
        return f"→ {name}: {body(args if isinstance(args, str) else compact_json(args))}"
    a: JsonObj = args

    def s(key: str) -> str:
        v = a.get(key)
        return v if isinstance(v, str) else ""

    desc = s("description")
    lead = f"→ {name} ({describe(desc)})" if desc else f"→ {name}"
    extras: list[str] = []
    text = ""
    known: set[str] = {"description"} if desc else set()
    if name == "Bash" and s("command"):
        if a.get("run_in_background") is True:
            extras.append("background")
        if isinstance(a.get("timeout"), int | float):
            extras.append(f"timeout {a['timeout']} ms")
        known |= {"command", "run_in_background", "timeout"}
        return f"{lead}: {body(s('command'))}{_fmt_extras(extras)}{_rest(a, known, body)}"
    if name in ("Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead"):
        target = s("file_path") or s("notebook_path") or s("path")
        known |= {"file_path", "notebook_path", "path"} if target else set()
        for key in ("offset", "limit", "pages"):
            if a.get(key) not in (None, ""):
                extras.append(f"{key} {a[key]}")
                known.add(key)
        if a.get("replace_all") is True:
            extras.append("replace all")
            known.add("replace_all")
        if name == "Write" and "content" in a:
            content = s("content")
            extras.append(size_label(content))
            text = body(content)
            known.add("content")
        elif name == "Edit":
            text = _edit_body(a, body)
            known |= {"old_string", "new_string", "replace_all"}
        elif name == "MultiEdit" and isinstance(a.get("edits"), list):
            edits = [e for e in a["edits"] if isinstance(e, dict)]
            extras.append(f"{len(edits)} edit{'s' if len(edits) != 1 else ''}")
            text = "\n".join(_edit_body(e, body) for e in edits)
            known.add("edits")
        elif name == "NotebookEdit" and s("new_source"):
            text = body(s("new_source"))
            known.add("new_source")
        line = f"{lead}: {target}{_fmt_extras(extras)}" if target else lead
        if not target and not text and a:
            return f"{lead}: {body(compact_json(a))}"
        line += _rest(a, known, body)
        return f"{line}\n{text}" if text else line
    if name in ("Grep", "Glob") and s("pattern"):
        where = f" in {s('path')}" if s("path") else ""
        known |= {"pattern", "path"}
        for key in ("glob", "type", "output_mode", "-i", "-n", "multiline", "head_limit"):
            if a.get(key) not in (None, "", False):
                extras.append(f"{key} {a[key]}")
            known.add(key)
        return (f"{lead}: {json.dumps(s('pattern'), ensure_ascii=False)}{where}"
                f"{_fmt_extras(extras)}{_rest(a, known, body)}")
    if name == "WebFetch" and s("url"):
        known |= {"url", "prompt"}
        return (f"{lead}: {s('url')}{_rest(a, known, body)}"
                + (f"\n{body(s('prompt'))}" if s("prompt") else ""))
    if name == "WebSearch" and s("query"):
        known.add("query")
        return f"{lead}: {s('query')}{_rest(a, known, body)}"
    if name in ("Task", "Agent"):
        kind = s("subagent_type")
        known |= {"subagent_type", "prompt"}
        line = (f"{lead}: {kind}" if kind else lead) + _rest(a, known, body)
        return f"{line}\n{body(s('prompt'))}" if s("prompt") else line
    if name == "TodoWrite" and isinstance(a.get("todos"), list):
        items = []
        for t in a["todos"]:
            if isinstance(t, dict):
                items.append(f"- [{t.get('status', '?')}] {t.get('content', compact_json(t))}")
            else:
                items.append(f"- {t}")
        known.add("todos")
        return lead + _rest(a, known, body) + ("\n" + "\n".join(items) if items else "")
    if name == "Skill" and s("skill"):
        known |= {"skill", "args"}
        return (f"{lead}: {s('skill')}" + (f" {s('args')}" if s("args") else "")
                + _rest(a, known, body))
    if name in ("Workflow", "ExitPlanMode"):
        key = "script" if s("script") else "plan"
        if s(key):
            known.add(key)
            return f"{lead}{_rest(a, known, body)}\n{body(s(key))}"
    rest = {k: v for k, v in a.items() if k != "description" or not desc}
    return f"{lead}: {body(compact_json(rest))}" if rest else lead


def _rest(a: JsonObj, known: set[str], body: Body) -> str:
    """The arguments a tool-specific rendering did not show (none are lost).

    With the legacy ``cap`` body (compaction) they stay out, as before."""
    if body is cap:
        return ""
    rest = {k: v for k, v in a.items() if k not in known and v not in (None, "", [], {})}
    return f"  {body(compact_json(rest))}" if rest else ""


def _edit_body(edit: JsonObj, body: Body = cap) -> str:
    old = edit.get("old_string")
    new = edit.get("new_string")
    old_s = old if isinstance(old, str) else ""
    new_s = new if isinstance(new, str) else ""

    def side(text: str) -> str:
        return cap(text, ARG_LIMIT // 2) if body is cap else body(text)

    new_part = f"+++ new ({size_label(new_s)})\n{side(new_s)}"
    if not old_s:
        return new_part
    return f"--- old ({size_label(old_s)})\n{side(old_s)}\n{new_part}"



def media(b: JsonObj) -> str:
    """`` media/type`` of an image or document block, or ""."""
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
                    out.append(f"[image{media(part)}]")
                elif ptype == "tool_reference":
                    out.append(f"[tool reference: {part.get('tool_name', '?')}]")
                else:
                    out.append(compact_json(part))
            else:
                out.append(compact_json(part))
        return "\n".join(out)
    return compact_json(content)


