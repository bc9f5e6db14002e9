"""Conversations with an agent: the outcome as headline, a summary in sections, and the files
changed, commands run and errors met as lists.

A conversation's summary reads as short sections of bullets, in this order::

    Asked:
    - what the user asked for
    Done:
    - what the agent did or found
    Decided:
    - what was chosen
    Left open:
    - questions nobody answered

Each bullet is one summary piece (its anchor's label names its first words), so a fold cuts a
child's summary back into pieces and their sections exactly, as it does for prose. The files
an agent changed come from its edit tools (``→ Edit: path``, ``→ Write: path``), patches
(``*** Update File: path``) and shell writes (``> path``, ``tee path``, ``sed -i … path``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.cues import (
    CONCLUSION,
    DECISION,
    FILLER,
    PLAN,
    QUESTION_END,
    is_outcome,
)
from gapless.engine.extractive.display import as_sentence, shorten
from gapless.engine.extractive.limits import HEADLINE_CHARS
from gapless.engine.extractive.noise import is_machine_text
from gapless.engine.extractive.units import Parsed, Unit, is_voiced

ASKED, DONE, DECIDED, OPEN = "Asked", "Done", "Decided", "Left open"
SECTIONS = (ASKED, DONE, DECIDED, OPEN)
_REQUEST_START = re.compile(r"^(?:let's|let us|please|can you|could you|now)\b", re.IGNORECASE)
_NOT_A_RESULT = re.compile(r"^(?:i apologi[sz]e|sorry|apologies|thanks|thank you)\b",
                           re.IGNORECASE)
_SECTION_LINE = re.compile(r"^(Asked|Done|Decided|Left open):\s*$")
_BULLET = re.compile(r"^[-*•]\s+")

MAX_FILES = 12
MAX_COMMANDS = 8
MAX_ERRORS = 6

# Tools that write the file named in their argument (Claude Code, Codex, editors' MCPs).
EDIT_TOOLS = frozenset((
    "Edit", "Write", "MultiEdit", "NotebookEdit", "str_replace_based_edit_tool",
    "str_replace_editor", "create_file", "edit_file", "write_file", "replace_in_file",
))
_PATCH_LINE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (\S.*?)\s*$"
                         r"|^\*\*\* Move to: (\S.*?)\s*$")
_REDIRECT = re.compile(r"(?<![0-9&<>])>>?\s*([^\s;&|<>()`'\"]+)")
_TEE = re.compile(r"\btee\s+(?:-a\s+)?([^\s;&|<>()`'\"]+)")
_SED_INPLACE = re.compile(r"\bsed\s+-i\S*\s+(?:'[^']*'|\"[^\"]*\"|\S+)\s+([^\s;&|<>()`'\"]+)")
_TOUCH = re.compile(r"\btouch\s+([^\s;&|<>()`'\"]+)")
_COPY = re.compile(r"\b(?:cp|mv|Copy-Item|Move-Item)\s+(?:-\w+\s+)*[^\s;&|<>]+\s+"
                   r"([^\s;&|<>()`'\"]+)")


def is_conversation(parsed: Parsed) -> bool:
    """A transcript with a user, an agent or its tools speaking in it (rendered or prefixed
    messages): a stretch of tool output is part of the conversation around it."""
    return bool(parsed.roles_seen & {"user", "assistant", "tool"})


def edited_path(tool: str, arg: str) -> str | None:
    """The file an edit tool call writes (``→ Write: path  [12 lines]``), else None."""
    if tool not in EDIT_TOOLS or not arg:
        return None
    path = re.split(r"\s{2,}", arg.strip(), maxsplit=1)[0].strip()
    if not path or path[0] in "{[" or len(path) > 240:
        return None
    return path


def patch_path(stripped: str) -> str | None:
    """The file a patch line names (``*** Update File: lib/format.ts``), else None."""
    if not stripped.startswith("*** "):
        return None
    m = _PATCH_LINE.match(stripped)
    if m is None:
        return None
    return (m.group(1) or m.group(2) or "").strip() or None


def shell_written(cmd: str) -> list[str]:
    """Files a shell command writes: redirect targets, ``tee``, ``sed -i``, ``touch``."""
    out: list[str] = []
    body = re.sub(r"<<-?\s*['\"]?\w+['\"]?", " ", cmd)  # a heredoc's marker, not a file
    for pattern in (_REDIRECT, _TEE, _SED_INPLACE, _TOUCH, _COPY):
        for m in pattern.finditer(body):
            path = m.group(1).rstrip(".,")
            if pattern in (_REDIRECT, _TEE) and (path.startswith("/tmp/") or path.endswith(".log")):
                continue  # output captured to look at, not a file of the work
            if (path.startswith(("/dev/", "&")) or path in ("-", "/dev/null")
                    or "$(" in path or len(path) < 2 or not re.search(r"[\w]", path)):
                continue
            if "/" not in path and "." not in path:
                continue  # ``> out`` in a one-liner: a scratch name, not a file of the work
            out.append(path)
    return out


def clean_command(cmd: str) -> str:
    """A rendered shell call without its working directory and options suffix."""
    return re.split(r"\s{2}(?:\[in |\[timeout |\{)", cmd, maxsplit=1)[0].strip()


def section_of(u: Unit) -> str:
    """Where a chosen piece goes: a stated choice is decided; else the user's words were
    asked; the rest (the agent's work and findings, a document's text, and what a harness
    put in the user's turn, such as the summary a session continued from) was done."""
    decided = DECISION.search(u.text) and not QUESTION_END.search(u.text)
    if u.role == "user" and not u.meta:  # "please …": a request, unless it settles a choice
        return DECIDED if decided and not _REQUEST_START.match(u.text) else ASKED
    return DECIDED if decided else DONE


def compose(pieces: Sequence[tuple[str, str]], questions: Sequence[str], budget: int) -> str:
    """Sections of bullets, pieces in order within each, within ``budget`` characters (the
    open questions only as far as they fit; ``pieces`` must fit with their bullets)."""
    lines: list[str] = []
    for section in SECTIONS[:3]:
        items = [text for sec, text in pieces if sec == section]
        if items:
            lines.append(f"{section}:")
            lines.extend(f"- {text}" for text in items)
    text = "\n".join(lines)
    shown = [q for q in questions if q.strip()]
    if shown:
        header = f"\n{OPEN}:"
        extra = ""
        for q in shown[-2:]:
            line = f"\n- {q}"
            if len(text) + len(header) + len(extra) + len(line) <= budget:
                extra += line
        if extra:
            text += header + extra
    return text


def open_reserve(questions: Sequence[str], budget: int) -> int:
    """Characters kept back for the ``Left open`` section (the last question, within a
    sixth of the budget; nothing for a small budget)."""
    if not questions or budget < 400:
        return 0
    return min(len(questions[-1]) + len(OPEN) + 6, budget // 6)


def reading_order(sections: Sequence[str]) -> list[int]:
    """Indices of the pieces in the order the summary shows them (by section, stable)."""
    rank = {s: i for i, s in enumerate(SECTIONS)}
    return sorted(range(len(sections)), key=lambda i: (rank.get(sections[i], 1), i))


def layout_cost(sections: Sequence[str]) -> int:
    """Characters the layout adds to its pieces' own text (bullets, headers, newlines)."""
    return 3 * len(sections) + sum(len(s) + 2 for s in set(sections))


def fit(sections: Sequence[str], texts: Sequence[str], scores: Sequence[float],
        budget: int) -> list[int]:
    """The indices of the pieces kept (in order) once the lowest-scored are dropped until
    the laid-out summary fits ``budget``."""
    kept = list(range(len(texts)))
    while len(kept) > 1 and (sum(len(texts[i]) for i in kept)
                             + layout_cost([sections[i] for i in kept])) > budget:
        kept.remove(min(kept, key=lambda i: (scores[i], -i)))
    return kept


def parse(summary: str) -> tuple[str, list[tuple[int, str]], dict[str, list[str]]]:
    """A summary's prose joined in one line (bullets, section headers and the open questions
    taken out), where each section starts in it, and the items of old ``Files:`` / ``Commands:`` /
    ``Errors:`` lines (summaries written before these were fields, or by a model)."""
    prose: list[str] = []
    starts: list[tuple[int, str]] = []
    trailer: dict[str, list[str]] = {"Files": [], "Commands": [], "Errors": []}
    section = ""
    pos = 0
    for raw in summary.splitlines():
        line = raw.strip()
        if not line:
            continue
        head = _SECTION_LINE.match(line)
        if head:
            section = head.group(1)
            continue
        if section == OPEN:
            continue  # the open questions, which the extraction carries as a list
        m = _TRAILER.match(line)
        if m:
            if m.group(1) == "Commands":
                items = re.findall(r"`([^`]+)`", m.group(2))
            else:
                sep = ", " if m.group(1) == "Files" else "; "
                items = [x.strip() for x in m.group(2).split(sep) if x.strip()]
            trailer[m.group(1)].extend(items)
            continue
        line = _BULLET.sub("", line)
        if section:
            starts.append((pos, section))
        prose.append(line)
        pos += len(line) + 1
    return " ".join(prose), starts, trailer


_TRAILER = re.compile(r"^(Files|Errors|Commands):\s*(.*)$")


def is_section_header(line: str) -> bool:
    """Whether a summary line is a section's header ("Done:"), not what was said."""
    return _SECTION_LINE.match(line.strip()) is not None


def is_sectioned(summary: str) -> bool:
    """Whether a summary is laid out in this module's sections."""
    return any(_SECTION_LINE.match(line.strip()) for line in summary.splitlines())


def section_at(starts: Sequence[tuple[int, str]], offset: int) -> str:
    """The section of the prose at ``offset`` ("" for prose outside any section)."""
    found = ""
    for start, section in starts:
        if start > offset:
            break
        found = section
    return found


def outcome_unit(units: Sequence[Unit]) -> Unit | None:
    """The sentence that states how the conversation ended: in the agent's last reports
    (the last three messages it wrote), a report of work done ("Created …", "tests pass")
    before a conclusion before any other statement; never a plan ("I'll …"), a question or
    a lead-in ("Here's how it works:")."""
    for window in (3, 8):  # further back only when the last reports say nothing usable
        found = _outcome_in(units, window)
        if found is not None:
            return found
    return None


def _outcome_in(units: Sequence[Unit], window: int) -> Unit | None:
    messages: list[int] = []
    for u in reversed(units):
        if u.role == "assistant" and is_voiced(u) and u.msg not in messages:
            messages.append(u.msg)
            if len(messages) >= window:
                break
    if not messages:
        return None
    recency = {m: i for i, m in enumerate(messages)}
    best: tuple[float, int, Unit] | None = None
    for u in units:
        if u.msg not in recency or u.role != "assistant" or not is_voiced(u):
            continue
        text = u.text.strip().replace("\u2019", "'")  # I’ll reads as I'll
        cjk = any("\u4e00" <= ch <= "\u9fff" for ch in text)
        if (len(u.terms) < 3 and not (cjk and len(u.terms) >= 2)) or len(text) < 12:
            continue
        if (FILLER.match(text) or PLAN.match(text) or QUESTION_END.search(text)
                or _NOT_A_RESULT.match(text)):
            continue
        if is_machine_text(text):
            continue
        done = is_outcome(text)
        if text.endswith(":") and not done:
            continue
        score = 3.0 if done else 2.0 if CONCLUSION.search(text) else 1.0
        score -= 0.8 * recency[u.msg]
        if best is None or score > best[0] + 1e-9:
            best = (score, -u.order, u)
    return best[2] if best is not None else None


def outcome_headline(units: Sequence[Unit], u: Unit) -> tuple[str, int]:
    """The outcome as a headline: its sentence (with the next one of the same message when
    it is short), markdown links reduced to their text, within the headline limit; and the
    character offset where the quoted text ends."""
    text, end = _tidy(u.text), u.end
    nxt = units[u.order + 1] if u.order + 1 < len(units) else None
    if (len(text) < 60 and nxt is not None and nxt.msg == u.msg and nxt.role == u.role
            and len(nxt.terms) >= 2 and not FILLER.match(nxt.text)
            and not is_machine_text(nxt.text)):
        text, end = as_sentence(text) + " " + _tidy(nxt.text), nxt.end
    return shorten(text, HEADLINE_CHARS), end


# How a session was cut off, when its rendering says so after its last report: the user
# interrupted the agent, or the provider refused it (a rate or usage limit).
_INTERRUPTED = re.compile(r"^### user\b[^\n]*\n\[Request interrupted by user[^\]\n]*\][ \t]*$",
                          re.MULTILINE)
_API_ERROR = re.compile(r"^### assistant\b[^\n]*\nAPI Error:[ \t]*([^\n]*)", re.MULTILINE)
# the same in raw JSONL records (as `gapless read` hands a session over)
_INTERRUPTED_RAW = re.compile(r'"(?:text|content)"\s*:\s*"\[Request interrupted by user[^\]"]*\]"')
_API_ERROR_RAW = re.compile(r'"(?:text|content)"\s*:\s*"API Error:\s*([^"\n]{0,200})')
_STATUS = re.compile(r"\((\d{3})\)|\bcode=(\d{3})\b")


def cut_off(text: str, after: int) -> str | None:
    """How the conversation was cut off after character ``after`` (its outcome's end):
    "Interrupted by the user", "Stopped by an API error (429)", or None when it was not."""
    last: tuple[int, str] | None = None
    for pattern in (_INTERRUPTED, _INTERRUPTED_RAW):
        for m in pattern.finditer(text, after):
            if last is None or m.start() > last[0]:
                last = (m.start(), "Interrupted by the user")
    for m in (*_API_ERROR.finditer(text, after), *_API_ERROR_RAW.finditer(text, after)):
        if last is None or m.start() > last[0]:
            status = _STATUS.search(m.group(1))
            code = next((g for g in status.groups() if g), "") if status else ""
            last = (m.start(), "Stopped by an API error" + (f" ({code})" if code else ""))
    return last[1] if last is not None else None


def cut_off_headline(how: str, headline: str) -> str:
    """The headline of a conversation that was cut off: how, then its last report."""
    return shorten(f"{how} after: {headline.rstrip('…')}", HEADLINE_CHARS)


def _tidy(text: str) -> str:
    """Markdown links reduced to their text, no dangling colon."""
    text = re.sub(r"\[([^\]\n]{1,80})\]\([^)\s]{1,300}\)", r"\1", text.strip())
    return text.rstrip(" :")


def key_files(parsed: Parsed) -> list[str]:
    """The files the conversation changed, in order, without the agent's own scratch files
    (tool-result spills, hook output under ``.claude/``)."""
    out: list[str] = []
    seen: set[str] = set()
    for f in parsed.changed:
        if "/.claude/" in f or "tool-results/" in f or f.lower() in seen:
            continue
        seen.add(f.lower())
        out.append(f)
        if len(out) >= MAX_FILES:
            break
    return out
