"""A file read as the list of messages a model saw — through the same reader as ``summarize``.

Compaction works on messages (it outputs the recent tail as it was), the other verbs on the
rendered transcript; both come from one load here. The file's reader (chosen by the
registry, :mod:`engine.sources.detect`) renders it into a :class:`Part`; its entries become
the transcript exactly as ``summarize`` renders it, and each entry becomes one message: the
object the reader kept for it (``Entry.raw``: a record's ``{"role", "content", ...}``) or,
for a format with no message objects, its rendered text under its role (in a format with
message objects, a rendered record without one — a title line, a notice — rides with the
message before it: read and summarized with it, never output as a message). The records
of one model turn written over several records (one message id, or a run of tool results)
are one message. Every record of the file is counted once in the transcript's account, as for
``summarize``; a session's subagent transcripts are not in the agent's context and are
listed as passed over.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gapless.engine.core.transcript import Transcript, TranscriptBuilder
from gapless.engine.registry import load
from gapless.engine.sources.common import (
    Entry,
    JsonObj,
    Part,
    RenderOptions,
    emit,
    os_error,
    stat_regular_file,
)
from gapless.engine.sources.detect import detect_format, reader
from gapless.engine.sources.plaintext import load_text

__all__ = ["MODEL_ROLES", "Turn", "Turns", "read_turns"]

# Roles a model's message list knows; any other rendered role is a user-side injection.
MODEL_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})
SUBAGENT = "subagent transcript: not in the agent's context"


@dataclass
class Turn:
    """One message: the object a model saw, its role, its rendering and where it starts."""

    raw: JsonObj
    role: str
    text: str
    start: int
    records: int = 1  # records of the file it holds
    entries: list[Entry] = field(default_factory=list, repr=False)
    # records rendered with it that were no message of the model's (a title line, a notice
    # in a format whose messages are objects): read and summarized, never output
    riders: int = 0


@dataclass
class Turns:
    """A file as messages: the transcript ``summarize`` renders, and the message list."""

    path: Path
    kind: str
    transcript: Transcript
    turns: list[Turn]
    malformed: int = 0
    cwd: str = ""

    @property
    def starts(self) -> list[int]:
        return [t.start for t in self.turns]


def read_turns(path: str | Path, options: RenderOptions | None = None,
               fmt: str = "auto") -> Turns:
    """The messages of the conversation in ``path`` and its rendered transcript."""
    p = Path(path).expanduser()
    stat_regular_file(p)
    opts = dataclasses.replace(options or RenderOptions(), messages=True)
    entry = reader(detect_format(p) if fmt == "auto" else fmt)
    try:
        if entry.render is not None:  # text: rendered as summarize renders it
            return _text_turns(p, load_text(p, opts, entry.name, load(entry.render)))
        assert entry.read is not None
        part: Part = load(entry.read)(p, options=opts)
    except OSError as exc:
        raise os_error(p, exc) from exc
    children, part.children = part.children, []
    entries = list(part.entries)
    builder = TranscriptBuilder(kind=part.kind, name=p.name, path=str(p),
                                include=tuple(sorted(opts.include)),
                                tool_output_limit=opts.tool_output_limit)
    emit(builder, part)
    for child in children:
        _pass_over(builder, child)
    transcript = builder.build()
    refs = list(transcript.messages)
    if part.title and entries:
        refs = refs[1:]
    turns: list[Turn] = []
    seen: set[int] = set()
    objects = any(e.raw is not None for e in entries)
    early = 0  # riders before the first message
    for e, ref in zip(entries, refs, strict=True):
        # a record rendered as two messages (words, then its tool's output) counts once
        n = 0 if e.line and e.line in seen else _records(e)
        seen.add(e.line)
        if objects and e.raw is None:  # no message of the model's: it rides along
            if turns:
                turns[-1].riders += n
            else:
                early += n
            continue
        _join(turns, e, ref.start, n)
    if turns:
        turns[0].start = 0  # the title (and what came before) belongs to the first message
        turns[0].riders += early
    return Turns(p, part.kind, transcript, turns, len(part.malformed), part.cwd)


def _text_turns(p: Path, t: Transcript) -> Turns:
    """A text rendered as what it holds: each rendered message one turn under its role."""
    turns: list[Turn] = []
    for ref in t.messages:
        e = Entry(t.text(ref.start, ref.end), ref.role, verbatim=ref.verbatim)
        _join(turns, e, ref.start, _records(e))
    if turns:
        turns[0].start = 0
    return Turns(p, t.kind, t, turns, len(t.malformed))


def _pass_over(builder: TranscriptBuilder, child: Part) -> None:
    for grandchild in child.children:
        _pass_over(builder, grandchild)
    builder.skipped(str(child.path), SUBAGENT, child.tally.size)


def _join(turns: list[Turn], e: Entry, start: int, records: int) -> None:
    """Add entry ``e`` (holding ``records`` records of the file) as a message, or to the
    last one when both are one model turn."""
    raw = e.raw if e.raw is not None else {"role": _role(e.role), "content": _body(e)}
    last = turns[-1] if turns else None
    if last is not None and _same_turn(last, raw, e):
        content = last.raw.get("content")
        more = raw.get("content")
        if isinstance(content, list) and isinstance(more, list):
            last.raw = {**last.raw, "content": [*content, *more]}
            last.text += "\n" + _body(e)
            last.records += records
            last.entries.append(e)
            return
    turns.append(Turn(raw, str(raw.get("role") or _role(e.role)), _body(e), start,
                      records, [e]))


def _same_turn(last: Turn, raw: JsonObj, e: Entry) -> bool:
    """Records of one model turn: one message id, or consecutive tool results."""
    if last.raw.get("role") != raw.get("role") or not last.entries:
        return False
    if e.key and last.entries[-1].key == e.key:
        return True
    return _all_results(last.raw.get("content")) and _all_results(raw.get("content"))


def _all_results(content: Any) -> bool:
    return isinstance(content, list) and bool(content) and all(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in content)


def _role(role: str) -> str:
    return role if role in MODEL_ROLES else "user"


def _body(e: Entry) -> str:
    """An entry's text without the ``### role`` line the readers open a message with."""
    text = e.text.rstrip("\n")
    if text.startswith("### ") and not e.verbatim:
        return text.partition("\n")[2]
    return text


def _records(e: Entry) -> int:
    """The records of the file an entry renders: one, or a text chunk's non-blank lines."""
    if not e.verbatim:
        return 1
    return sum(1 for line in e.text.splitlines() if line.strip()) or 1

