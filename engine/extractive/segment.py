"""Segmentation into messages and roles: who said each line.

Rendered message headers, role prefixes, tool-call lines, ``[thinking]`` blocks, code fences
and speaker turns set the role; text before the first header belongs to an unseen message.
The transcript is only read here, never followed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gapless.engine.extractive.conversation import (
    clean_command,
    edited_path,
    patch_path,
    shell_written,
)
from gapless.engine.extractive.display import shorten
from gapless.engine.extractive.json_lines import JSON_SYSTEM, parse_json_line
from gapless.engine.extractive.line_entities import scan_line_entities
from gapless.engine.extractive.noise import META_START, line_noise
from gapless.engine.extractive.sentences import add_units
from gapless.engine.extractive.turns import Turns, learn_turns
from gapless.engine.extractive.units import ROLE_WEIGHT, OrderedSet, Parsed, Said

# A heading that is only a speaker name ("## User", "### Assistant:"): a message header in
# hand-written or other tools' transcripts. Gapless's own renderer always writes " · ".
_ROLE_HEADER = re.compile(
    r"^#{1,4}\s*\[?(user|human|assistant|claude|codex|system|developer|"
    r"tool(?: (?:call|use|result|output))?)\]?\s*:?\s*$",
    re.IGNORECASE,
)
# A bold line that is only a role word, perhaps with its time or model in brackets
# ("**User**", "_**Agent (model 2026-01-23T17:24Z)**_"): a chat export's turn, whatever the
# tool that saved it (role words only: a leaf that holds one such line knows whose turn it is)
_BOLD_ROLE = re.compile(r"^_?\*\*\s*(user|human|assistant|agent|ai|model)\b(?:\s*\([^)\n]{0,80}\))?"
                        r"\s*\*\*_?\s*:?\s*$", re.IGNORECASE)
_MESSAGE_HEADER = re.compile(r"^#{2,4} ([^·\n]{1,40}?) · ")
# the header a rendering opens a session with: "## Codex session <id> · <cwd> · <tool>"
_SESSION_HEADER = re.compile(r"^## (?:Claude Code|Codex) session \S+(?: · |$)")
_TOOL_CALL = re.compile(r"^(?:→|->)\s*([\w.:-]+)(?: \((.*?)\))?(?::\s*(.*))?$")
_SHELL_TOOLS = frozenset(("Bash", "bash", "shell", "Shell", "exec_command", "local_shell",
                          "run_command", "terminal", "container.exec", "shell_command"))
_ROLE_PREFIX = re.compile(
    r"^\s*\[?(user|human|assistant|claude|ai|system|tool(?: result| output)?)\]?\s*:\s+",
    re.IGNORECASE,
)

_FENCE = re.compile(r"^\s*(```|~~~)\s*([\w+-]*)")

# ``Name:``, ``Project Manager:``, ``Hon. Chrystia Freeland:``, ``Mr. Angelo Iacono (Alfred-Pellan,
# Lib.):`` (a committee's: up to four capitalised words, then an affiliation in brackets, which
# may hold one more pair); group 1 is the name without the brackets.
SPEAKER = re.compile(
    r"^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s*)?"
    r"([A-Z][\w.'-]{0,20}(?: [A-Z][\w.'-]{0,20}){0,3})"
    r"(?: \((?:[^()\n]|\([^()\n]{0,60}\)){1,80}\))?"
    r"\s*:\s+(?=\S)"
)


# a role header on a line of its own, wherever it stands in a text
_ROLE_HEADER_LINE = re.compile(_ROLE_HEADER.pattern, re.IGNORECASE | re.MULTILINE)


def states_turns(text: str) -> bool:
    """Whether ``text`` marks its turns itself with headers that are only a role word, the
    user's and the other side's (``### user`` … ``### assistant``): then every other heading
    (``# Open Tabs`` in a block a harness adds to each message) is inside a message's
    text, never a turn of its own, so no markers are learned from them."""
    sides = {_role_of(m.group(1)) for m in _ROLE_HEADER_LINE.finditer(text)}
    return {"user", "assistant"} <= sides


def _role_of(label: str, default: str = "text") -> str:
    """Normalise a rendered speaker label (``assistant thinking``, ``tool``, ``attachment`` …)."""
    w = label.lower().replace("_", " ").replace("-", " ")
    first = w.split()[0] if w.split() else ""
    if "think" in w or "reason" in w:
        return "thinking"
    if first in ("user", "human"):
        return "user"
    if first in ("assistant", "claude", "codex", "gemini", "model", "ai"):
        return "assistant" if not any(k in w for k in ("tool", "result", "output")) else "tool"
    if any(k in w for k in ("tool", "function", "result", "output", "bash", "command")):
        return "tool"
    if first in ("system", "developer", "attachment", "hook", "meta"):
        return "system"
    if "summary" in w:
        return "text"
    return default


def parse_text(text: str) -> Parsed:
    """Cut ``text`` into scored-to-be units and collect line-level entities."""
    # a chat export's own turn markers ("## kekyo", "**User**"), when it has no rendered ones
    turns = (learn_turns(text) if ("#" in text or "**" in text)
             and _MESSAGE_HEADER.search(text[:100_000]) is None
             and not states_turns(text[:100_000]) else None)
    reader = _Reader(text, Parsed([], {}, [], [], [], 0, set()), turns)
    n = len(text)
    while reader.pos < n:
        nl = text.find("\n", reader.pos)
        if nl < 0:
            nl = n
        line_start = reader.pos
        reader.pos = nl + 1
        reader.read_line(text[line_start:nl], line_start)
    parsed = reader.parsed
    parsed.commands = reader.commands.items
    parsed.errors = reader.errors.items
    parsed.changed = reader.changed.items
    parsed.messages = reader.msg
    return parsed


@dataclass(slots=True)
class _Reader:
    """The line reader's state: whose turn it is, which message, inside code or not."""

    text: str
    parsed: Parsed
    turns: Turns | None
    commands: OrderedSet = field(default_factory=OrderedSet)
    errors: OrderedSet = field(default_factory=OrderedSet)
    changed: OrderedSet = field(default_factory=OrderedSet)
    role: str = "text"
    msg: int = 0
    headed: bool = False  # a message header has been seen
    msg_lines: int = 0  # content lines seen in the current message
    meta: bool = False
    in_code: bool = False
    shell_fence: bool = False
    pos: int = 0  # where the next line starts
    replying: bool = False  # after an ask written as a heading: its answer

    def new_message(self, role: str) -> None:
        self.role = role
        self.parsed.roles_seen.add(role)
        self.msg += 1
        self.msg_lines = 0

    def read_line(self, line: str, line_start: int) -> None:
        stripped = line.strip()
        if not stripped:
            if self.role == "text" and self.msg_lines:
                self.msg += 1  # paragraphs of plain text count as turns
                self.msg_lines = 0
            return
        if stripped[0] == "#" and not self.in_code and _SESSION_HEADER.match(stripped):
            return  # the rendering's own line naming the session: no one said it
        if self._turn_marker(line, line_start, stripped):
            return
        fence = _FENCE.match(line)
        if fence:
            self.in_code = not self.in_code
            self.shell_fence = self.in_code and fence.group(2).lower() in (
                "bash", "sh", "shell", "console", "zsh", "terminal", "powershell", "cmd",
            )
            return
        if stripped[0] == "*" and (path := patch_path(stripped)) is not None:
            self.changed.add(path)
        is_json = stripped[0] in "{[" and '":' in stripped
        if not self.meta and not (is_json and JSON_SYSTEM.search(line[:2000])):
            # Hook output and injected skill text name files nobody worked on: skip them.
            scan_line_entities(line, self.parsed, self.commands, self.errors,
                               self.shell_fence, ROLE_WEIGHT.get(self.role, 1.0))
        if not self.in_code and stripped[0] in "→-[":
            call = _TOOL_CALL.match(stripped) if stripped[0] != "[" else None
            if call:
                self._tool_call(call)
            elif stripped == "[thinking]":
                self.role = "thinking"
                return
        prefix = None if self.in_code else _ROLE_PREFIX.match(line)
        if prefix:
            self.new_message(_role_of(prefix.group(1)))
            self.meta = False
        if self.msg_lines == 0 and self.role in ("user", "text") and META_START.match(stripped):
            self.meta = True
        self.msg_lines += 1
        units = self.parsed.units
        if self.in_code:
            add_units(units, self.text, (line_start, line_start + len(line)),
                      Said(self.role, self.msg, 0.15, self.meta))
            return
        if is_json:
            self.msg += 1  # one JSON record, one message
            parse_json_line(self.text, line, line_start, self.role, self.msg, self.parsed)
            return
        noise = line_noise(stripped)
        if noise <= 0.0:
            return
        self._prose(line, line_start, prefix, noise)

    def _turn_marker(self, line: str, line_start: int, stripped: str) -> bool:
        """A message header or a chat export's turn marker sets whose turn it is; True when
        the line is taken (a header, or an ask written as a heading)."""
        label = (_message_label(stripped) if stripped[0] in "#*_" and not self.in_code
                 else None)
        ask = False
        turns = self.turns
        if label is None and turns is not None and not self.in_code and stripped[0] in "#*_":
            marked = turns.role(stripped)
            if marked is not None:
                label, ask = marked
        elif turns is not None and turns.ask_style is not None and self.replying \
                and not self.in_code:
            if stripped[0] == ">":
                self.role = "tool"  # what the tool printed under the answer
            elif self.role != "assistant":
                self.new_message("assistant")
        if label is None and not self.parsed.units and _TITLE.match(line):
            self.parsed.titled = True  # a document's own title: its headline
        if ask:  # the heading is the user's ask itself: its text is a unit of the user's
            self.new_message("user")
            self.headed = self.replying = True
            self.msg_lines = 1
            body = line.lstrip().lstrip("#").lstrip()
            add_units(self.parsed.units, self.text,
                      (line_start + len(line) - len(body), line_start + len(line)),
                      Said(self.role, self.msg, max(0.5, line_noise(body.strip() or stripped))))
            return True
        if label is not None:
            if not self.headed and self.parsed.units:
                # The text began inside a message whose header (and speaker) we never saw.
                for u in self.parsed.units:
                    if u.role == "text":
                        u.role = "continuation"
            self.headed = True
            self.new_message(_role_of(label))
            self.meta = False
            return True
        return False

    def _tool_call(self, call: re.Match[str]) -> None:
        """A rendered tool call: the call and its body belong to the tool, not prose."""
        self.role = "tool"
        if call.group(1) in _SHELL_TOOLS and call.group(3):
            cmd = clean_command(call.group(3))
            if cmd:
                self.commands.add(shorten(cmd, 160))
                for path in shell_written(cmd):
                    self.changed.add(path)
        elif call.group(3):
            edited = edited_path(call.group(1), call.group(3))
            if edited is not None:
                self.changed.add(edited)

    def _prose(self, line: str, line_start: int, prefix: re.Match[str] | None,
               noise: float) -> None:
        """A line of prose (a speaker's turn, or a paragraph with its wrapped lines)."""
        text, role = self.text, self.role
        body_start = line_start + (prefix.end() if prefix else 0)
        speaker = SPEAKER.match(line, body_start - line_start) if not prefix else None
        spoken = False
        if speaker is not None and role == "text" and len(speaker.group(1)) < 30:
            spoken = True
            self.parsed.speaker_turns += 1
            body_start = line_start + speaker.end()
            if self.msg_lines > 1:
                self.msg += 1  # a new speaker turn
                self.msg_lines = 1
        end = line_start + len(line)
        if role in ("text", "continuation") and not spoken:
            # a hard-wrapped paragraph or list item of a plain document ("* ... floating pane
            # that\n    does not overlap ..."): its lines read as one, so no sentence is cut
            # at a line end
            wrap = _wrap_column(line)
            n = len(text)
            while wrap is not None and self.pos < n:
                nxt = text.find("\n", self.pos)
                nxt = n if nxt < 0 else nxt
                more = text[self.pos:nxt]
                if not _continues(more, wrap) or line_noise(more.strip()) < 0.5:
                    break  # (a listing or a log record is a line of its own, never prose)
                scan_line_entities(more, self.parsed, self.commands, self.errors,
                                   self.shell_fence, ROLE_WEIGHT.get(role, 1.0))
                end, self.pos = nxt, nxt + 1
                if len(more.strip()) < _WRAPPED_LINE:
                    break  # a short line ends its paragraph
        add_units(self.parsed.units, text, (body_start, end),
                  Said(role, self.msg, noise, self.meta), spoken=spoken)


# a document's title: a markdown heading of the first or second level
_TITLE = re.compile(r"^#{1,2} +\S")
# a list item's marker: "* ", "- ", "+ ", "• ", "1. ", "2) " (after any indentation)
_ITEM = re.compile(r"^(\s*)(?:[-*+•]|\d{1,3}[.)])\s+(?=\S)")


_WRAPPED_LINE = 40  # a line this long may go on on the next; a shorter one ends its paragraph
_BLOCK_START = "|`#>"  # a table row, a fence, a heading, a quote: never a wrapped line


def _wrap_column(line: str) -> int | None:
    """The column the wrapped lines of ``line`` start at: a list item's text column, a
    paragraph line's own indentation; None for a line that stands alone (short, a heading,
    a table row, a speaker's turn, indented code)."""
    m = _ITEM.match(line)
    if m:
        return len(line[:m.end()].expandtabs(8))
    line = line.expandtabs(8)  # a tab indents as far as the terminal shows it
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    if (len(body) < _WRAPPED_LINE or indent >= 4 or body[0] in _BLOCK_START
            or SPEAKER.match(line) is not None):
        return None
    return indent


def _continues(line: str, column: int) -> bool:
    """``line`` is a wrapped line of the paragraph or item whose text starts at ``column``:
    indented to that column (not further, which would be a nested block), and not an item,
    a block or a speaker's turn of its own."""
    line = line.expandtabs(8)
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    return (bool(body) and indent == column and _ITEM.match(line) is None
            and body[0] not in _BLOCK_START and SPEAKER.match(line) is None)


def _message_label(stripped: str) -> str | None:
    """The speaker label of a rendered message header (``### user · agent 1a2b · <time>``),
    or None for an ordinary markdown heading."""
    m = _MESSAGE_HEADER.match(stripped)
    if m:
        return m.group(1)
    if stripped[0] != "#":
        b = _BOLD_ROLE.match(stripped)
        if b is None:
            return None
        return "user" if b.group(1).lower() in ("user", "human") else "assistant"
    m = _ROLE_HEADER.match(stripped)
    return m.group(1) if m else None
