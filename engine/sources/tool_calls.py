"""How a tool call and a tool result read in a transcript: ``→ Name (description): key
argument [extras]`` with its body where it helps, and a result's full text. Shared by every
reader of Anthropic-style content blocks (Claude Code, chat JSON, markdown exports) and by
compaction, so a call reads the same whichever file it came from."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gapless.engine.sources.common import (
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
    (kept for compaction, which sizes its own summaries). A tool without a rendering of its
    own (or whose key argument is missing) shows its arguments as compact JSON.
    """
    describe = flat if body is not cap else (lambda t: cap(flat(t), 160))
    if not isinstance(args, dict):
        if args in (None, "", [], {}):
            return f"→ {name}"
        return f"→ {name}: {body(args if isinstance(args, str) else compact_json(args))}"
    desc = args.get("description") if isinstance(args.get("description"), str) else ""
    call = _Call(name, args, f"→ {name} ({describe(desc)})" if desc else f"→ {name}", body,
                 {"description"} if desc else set())
    render = _RENDERINGS.get(name)
    shown = render(call) if render is not None else None
    if shown is not None:
        return shown
    rest = {k: v for k, v in args.items() if k != "description" or not desc}
    return f"{call.lead}: {body(compact_json(rest))}" if rest else call.lead


@dataclass
class _Call:
    """One call being rendered: what its rendering has shown so far (``known``), so that
    :func:`_rest` can add every argument it did not (none are lost)."""

    name: str
    a: JsonObj
    lead: str
    body: Body
    known: set[str]
    extras: list[str] = field(default_factory=list)

    def s(self, key: str) -> str:
        v = self.a.get(key)
        return v if isinstance(v, str) else ""

    def rest(self) -> str:
        return _rest(self.a, self.known, self.body)


def _bash(c: _Call) -> str | None:
    if not c.s("command"):
        return None
    if c.a.get("run_in_background") is True:
        c.extras.append("background")
    if isinstance(c.a.get("timeout"), int | float):
        c.extras.append(f"timeout {c.a['timeout']} ms")
    c.known |= {"command", "run_in_background", "timeout"}
    return f"{c.lead}: {c.body(c.s('command'))}{_fmt_extras(c.extras)}{c.rest()}"


def _file(c: _Call) -> str | None:
    a = c.a
    target = c.s("file_path") or c.s("notebook_path") or c.s("path")
    c.known |= {"file_path", "notebook_path", "path"} if target else set()
    for key in ("offset", "limit", "pages"):
        if a.get(key) not in (None, ""):
            c.extras.append(f"{key} {a[key]}")
            c.known.add(key)
    if a.get("replace_all") is True:
        c.extras.append("replace all")
        c.known.add("replace_all")
    text = _file_body(c)
    if not target and not text and a:
        return f"{c.lead}: {c.body(compact_json(a))}"
    line = (f"{c.lead}: {target}{_fmt_extras(c.extras)}" if target else c.lead) + c.rest()
    return f"{line}\n{text}" if text else line


def _file_body(c: _Call) -> str:
    """What a file tool writes: Write's content, Edit's strings, a notebook cell's source."""
    a = c.a
    if c.name == "Write" and "content" in a:
        content = c.s("content")
        c.extras.append(size_label(content))
        c.known.add("content")
        return c.body(content)
    if c.name == "Edit":
        c.known |= {"old_string", "new_string", "replace_all"}
        return _edit_body(a, c.body)
    if c.name == "MultiEdit" and isinstance(a.get("edits"), list):
        edits = [e for e in a["edits"] if isinstance(e, dict)]
        c.extras.append(f"{len(edits)} edit{'s' if len(edits) != 1 else ''}")
        c.known.add("edits")
        return "\n".join(_edit_body(e, c.body) for e in edits)
    if c.name == "NotebookEdit" and c.s("new_source"):
        c.known.add("new_source")
        return c.body(c.s("new_source"))
    return ""


def _search(c: _Call) -> str | None:
    if not c.s("pattern"):
        return None
    where = f" in {c.s('path')}" if c.s("path") else ""
    c.known |= {"pattern", "path"}
    for key in ("glob", "type", "output_mode", "-i", "-n", "multiline", "head_limit"):
        if c.a.get(key) not in (None, "", False):
            c.extras.append(f"{key} {c.a[key]}")
        c.known.add(key)
    return (f"{c.lead}: {json.dumps(c.s('pattern'), ensure_ascii=False)}{where}"
            f"{_fmt_extras(c.extras)}{c.rest()}")


def _web_fetch(c: _Call) -> str | None:
    if not c.s("url"):
        return None
    c.known |= {"url", "prompt"}
    return (f"{c.lead}: {c.s('url')}{c.rest()}"
            + (f"\n{c.body(c.s('prompt'))}" if c.s("prompt") else ""))


def _web_search(c: _Call) -> str | None:
    if not c.s("query"):
        return None
    c.known.add("query")
    return f"{c.lead}: {c.s('query')}{c.rest()}"


def _agent(c: _Call) -> str | None:
    kind = c.s("subagent_type")
    c.known |= {"subagent_type", "prompt"}
    line = (f"{c.lead}: {kind}" if kind else c.lead) + c.rest()
    return f"{line}\n{c.body(c.s('prompt'))}" if c.s("prompt") else line


def _todos(c: _Call) -> str | None:
    todos = c.a.get("todos")
    if not isinstance(todos, list):
        return None
    items = [f"- [{t.get('status', '?')}] {t.get('content', compact_json(t))}"
             if isinstance(t, dict) else f"- {t}" for t in todos]
    c.known.add("todos")
    return c.lead + c.rest() + ("\n" + "\n".join(items) if items else "")


def _skill(c: _Call) -> str | None:
    if not c.s("skill"):
        return None
    c.known |= {"skill", "args"}
    return f"{c.lead}: {c.s('skill')}" + (f" {c.s('args')}" if c.s("args") else "") + c.rest()


def _script(c: _Call) -> str | None:
    key = "script" if c.s("script") else "plan"
    if not c.s(key):
        return None
    c.known.add(key)
    return f"{c.lead}{c.rest()}\n{c.body(c.s(key))}"


# the tools with a rendering of their own, by name (Claude Code's tool set)
_RENDERINGS: dict[str, Callable[[_Call], str | None]] = {
    "Bash": _bash,
    **dict.fromkeys(("Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead"),
                    _file),
    "Grep": _search, "Glob": _search,
    "WebFetch": _web_fetch, "WebSearch": _web_search,
    "Task": _agent, "Agent": _agent,
    "TodoWrite": _todos,
    "Skill": _skill,
    "Workflow": _script, "ExitPlanMode": _script,
}


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


