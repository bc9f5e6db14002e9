"""Rendering a conversation found by its structure (:mod:`engine.sources.chat_shape`).

Each record is rendered under its speaker's role and counted once: the person's and the
agent's words are conversation; a record of a tool's voice, or one that holds only tool
calls and results, is tool; the harness's voice is harness and bookkeeping voices are
telemetry (both left out unless included). Inside a record, strings under a tool call are
``→`` lines of the agent's message, tool results a ``tool`` message of their own (never the
person's words), thoughts are thinking, and base64 blobs are counted as attachments left
out — so none of them can be taken for an ask or an answer. Words kept only as HTML are
read as the text between the tags (:mod:`engine.sources.markup`). A field's kind is read
below the envelope the message is wrapped in (:mod:`.record_frame`), a record flagged
hidden is the harness's (:mod:`.hidden_flag`), a record whose words are the app narrating
its sender is a notice (:mod:`.narrated_notice`), as is one whose words are a template the
record's own fields fill (:mod:`.filled_template`) or one of a rare kind whose words narrate a
member by name (:mod:`.member_notice`), a field each voice carries one value of is its label
(:mod:`.voice_labels`), words written byte by byte are decoded
again (:mod:`.mojibake`), and another voice's words a record carries again are a quote of
them, not its own (:mod:`.echoed_words`). A reply's other takes listed beside its words were
never said (:mod:`.other_takes`), and a paragraph the harness adds to most of the person's
turns is no ask (:mod:`.repeated_blocks`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from gapless.engine.sources.chat_shape import (
    ATTACHMENT,
    CALL,
    HEXISH,
    ID,
    ISO,
    META,
    RESULT,
    THOUGHT,
    TIME,
    Speaker,
    is_blob,
    leaves,
    tokens,
)
from gapless.engine.sources.common import Entry, Part, RenderOptions, elide, header, norm_ts
from gapless.engine.sources.echoed_words import Echoes
from gapless.engine.sources.filled_template import fills_template
from gapless.engine.sources.group_voices import PEER
from gapless.engine.sources.hidden_flag import marked_hidden
from gapless.engine.sources.markup import is_markup, markup_words
from gapless.engine.sources.member_notice import RareKinds, narrates_member
from gapless.engine.sources.mojibake import repaired
from gapless.engine.sources.narrated_notice import narrates
from gapless.engine.sources.other_takes import other_takes, words_field
from gapless.engine.sources.preview_fields import previews, shows
from gapless.engine.sources.record_frame import inner
from gapless.engine.sources.repeated_blocks import repeated_blocks, without_blocks
from gapless.engine.sources.result_parts import result_strings
from gapless.engine.sources.thought_parts import thought_strings
from gapless.engine.sources.voice_labels import VoiceValues

_SPACE = re.compile(r"\s")
_LINK = re.compile(r"^[a-z][a-z0-9+.-]*://\S+$", re.IGNORECASE)
PROSE_FIELDS = 50  # strings of a record compared for renditions (bounded work)
_CLASS = {"user": "conversation", "assistant": "conversation", PEER: "conversation",
          "tool": "tool", "system": "harness", "event": "telemetry"}
_SAYS = ("user", "assistant", PEER)  # the roles of words said to someone


class ShapeReader:
    """Renders the records of one file whose speaker field is known."""

    def __init__(self, part: Part, options: RenderOptions, speaker: Speaker,
                 items: Sequence[Any]) -> None:
        self.part = part
        self.options = options
        self.speaker = speaker
        self._leaves: dict[int, list[tuple[str, Any]]] = {}
        self.enums, self.renditions, self.ids, self.names = _path_stats(speaker, items,
                                                                        self._leaves)
        self.kinds = RareKinds(self.enums)  # (:mod:`.member_notice`)
        for found in self._leaves.values():
            for path, v in found:
                if isinstance(v, str):
                    self.kinds.see(path, v)
        self._fields: dict[str, str] = {}
        self.echoes = Echoes()
        self.primed: set[int] = set()  # records of the harness's priming exchange
        self._items = items
        self._said_outputs: set[str] | None = None
        self.answers: set[int] = set()  # the person's role answering calls (:mod:`.answered_calls`)
        self.words = words_field(items, self._leaves_of)  # (:mod:`.other_takes`)
        self._repeated: frozenset[str] | None = None  # (:mod:`.repeated_blocks`)

    def record(self, n: int, item: Any, session: str = "") -> None:
        """One record: its text by kind of field, rendered under its role, counted once."""
        part = self.part
        if not isinstance(item, dict):
            part.bad(n, f"record {n} is not an object")
            part.tally.malformed(n)
            return
        value = self.speaker.of(item)
        role = self.speaker.roles.get(value or "", "event")
        found = self._leaves.pop(id(item), None) or leaves(item)
        if value is None and not any(isinstance(v, str) and " " in v for _p, v in found):
            part.count(n, "telemetry", False, "record without a speaker")
            return
        ts = _time(found)
        part.saw_time(ts)
        hidden = role in _SAYS and marked_hidden(found)  # (:mod:`.hidden_flag`)
        if hidden or id(item) in self.primed:
            role = "system"
        elif id(item) in self.answers:
            role = "tool"
        # thoughts (:mod:`.thought_parts`); a reply's other takes (:mod:`.other_takes`);
        # a tool's results nested in typed parts (:mod:`.result_parts`)
        pieces = self.pieces(n, found, thought_strings(item), other_takes(item, self.words),
                             result_strings(item))
        # the app telling what the sender did (:mod:`.narrated_notice`)
        notice = role in _SAYS and bool(pieces["text"]) and (narrates(
            value, pieces["text"][0], [v for _p, v in found if isinstance(v, str)])
            or fills_template(pieces["text"][0], found)  # (:mod:`.filled_template`)
            or (self.kinds.rare(found) and narrates_member(pieces["text"][0], self.names)))
        if notice:
            role = "event"
        cls = _CLASS[role]
        if not self.options.keeps(cls):
            part.count(n, cls, False, "notice" if notice else f"{value or 'unnamed'} record"
                       if cls == "telemetry" else "hidden message" if hidden else "system prompt")
            return
        if role == PEER:
            self.peer(n, f"{value}", found, (ts, session))
            return
        words, calls, results = pieces["text"], pieces["call"], pieces["result"]
        words = self.echoes.own(value or "", words)  # (:mod:`.echoed_words`)
        if role == "user" and words:  # the harness's words in every ask (:mod:`.repeated_blocks`)
            kept = [w for w in (without_blocks(w, self.repeated()) for w in words) if w.strip()]
            if kept != words:
                part.tally.part_dropped(n, "repeated instructions")
            words = kept
        if role == "tool":  # a tool's voice: what it was called with, then what it gave
            words, calls, results = [], calls, words + results
        elif role in _SAYS and not words and not calls and results and self.outputs_said(
                found):
            words, results = results, []
        if self.options.thinking and pieces["thinking"]:
            words = ["[thinking]\n" + "\n".join(pieces["thinking"]), *words]
        body = "\n".join([*words, *calls])
        said = bool(body.strip())
        if said:
            part.add(Entry(f"{header(role, [], ts)}\n{body}", role, ts, session, n))
        if results:
            text = elide("\n".join(results), self.options.tool_output_limit, part.tally, n)
            part.add(Entry(f"{header('tool', [], ts)}\n← result\n{text}", "tool", ts, session, n))
        if not said and not results:
            part.count(n, cls, False, "empty")
        else:
            part.count(n, cls if words else "tool", True)

    def repeated(self) -> frozenset[str]:
        """The paragraphs the harness repeats in most of the person's turns, found once."""
        if self._repeated is None:
            turns = [[v for path, v in self._leaves_of(item) if self.kind(path, v) == "text"]
                     for item in self._items if self.role(item) == "user"]
            self._repeated = repeated_blocks(turns)
        return self._repeated

    def _leaves_of(self, item: Any) -> list[tuple[str, Any]]:
        return self._leaves.get(id(item)) or leaves(item)

    def outputs_said(self, found: list[tuple[str, Any]]) -> bool:
        """Whether a record's result strings are words said: a framework logging every
        message as a step writes the person's words and the assistant's in the same
        result-named field (``output``), the only words of both voices' records; a tool's
        result sits in a field of its own that only one voice's records hold."""
        if self._said_outputs is None:
            voices: dict[str, set[str]] = {}
            for item in self._items:
                role = self.role(item)
                if role not in ("user", "assistant"):
                    continue
                got = self._leaves.get(id(item)) or leaves(item)
                kinds = [(path, self.kind(path, v)) for path, v in got]
                if any(k in ("text", "call") for _p, k in kinds):
                    continue
                for path, k in kinds:
                    if k == "result":
                        voices.setdefault(path, set()).add(role)
            self._said_outputs = {p for p, roles in voices.items() if len(roles) == 2}
        return any(path in self._said_outputs for path, v in found
                   if self.kind(path, v) == "result")

    def role(self, item: Any) -> str:
        """A record's role, from its speaker value."""
        return self.speaker.roles.get(self.speaker.of(item) or "", "event") if isinstance(
            item, dict) else "event"

    def ends_in_call(self, item: Any) -> bool:
        """Whether a record's last words are a tool call: nothing said after it. Words and
        calls in fields of one object have no order (an object's keys may come in any);
        only items of one list do (a message's parts) — so a record that says words in a
        field of their own beside its calls said them to the person, whatever their order,
        unless its words write the call out (the call's own string among them)."""
        found = self._leaves.get(id(item)) or leaves(item)
        said = [(path, k, v) for path, v in found
                if (k := self.kind(path, v)) in ("text", "call")]
        if not said or said[-1][1] != "call":
            return False
        words = [(path, v) for path, k, v in said if k == "text"]
        call_path, call = said[-1][0], str(said[-1][2]).strip()
        return not words or _one_list(words[-1][0], call_path) or call in str(words[-1][1])

    def peer(self, n: int, name: str, found: list[tuple[str, Any]],
             at: tuple[str | None, str]) -> None:
        """A peer's message in a discussion: each line of its words field said under its
        name (``Name: words``, as a meeting's turns are), so it is minuted rather than read
        as asks and answers; the rest of the record (ids, times, reactions, a thread's
        bookkeeping) is no words of its."""
        lines = []
        for path, v in found:
            if path != self.speaker.words or not isinstance(v, str):
                continue
            said = markup_words(v) if is_markup(v) else v
            lines += [f"{name}: {line.strip()}" for line in repaired(said).splitlines()
                      if line.strip()]
        if lines:
            self.part.add(Entry("\n".join(lines), "text", at[0], at[1], n))
        self.part.count(n, "conversation", bool(lines), "empty")

    def pieces(self, n: int, found: list[tuple[str, Any]], thought: set[int] | None = None,
               takes: set[int] | None = None, results: set[int] | None = None
               ) -> dict[str, list[str]]:
        """The record's strings by kind: text, call, result, thinking (blobs counted); the
        strings whose identities are in ``thought`` are thinking whatever their field, those
        in ``results`` a tool's result, those in ``takes`` other takes of the words, never
        said (counted, left out)."""
        out: dict[str, list[str]] = {"text": [], "call": [], "result": [], "thinking": []}
        calls: list[tuple[str, str]] = []
        taken: set[str] = set()
        for path, v in found:
            if takes and id(v) in takes:
                self.part.tally.part_dropped(n, "another take")
                continue
            kind = self.kind(path, v)
            if kind and thought and id(v) in thought:
                kind = "thinking"
            elif kind in ("text", "call") and results and id(v) in results:
                kind = "result"
            if kind in out and kind != "call":
                if v.strip() in taken:  # the same words again (an editor's copy of them)
                    continue
                taken.add(v.strip())
            if kind == "blob":
                self.part.tally.part_dropped(n, "attachment (base64)")
            elif kind == "attachment":
                self.part.tally.part_dropped(n, "attachment")
            elif kind == "thinking" and not self.options.thinking:
                self.part.tally.part_dropped(n, "thinking")
            elif kind == "call":
                calls.append((path, str(v)))
            elif kind == "text" and is_markup(v):
                if words := markup_words(v):  # HTML: the text between its tags
                    out[kind].append(repaired(words))
            elif kind:
                out[kind].append(repaired(str(v)))  # (:mod:`.mojibake`)
        out["call"] = self.call_lines(n, calls)
        return out

    def call_lines(self, n: int, leaves_: list[tuple[str, str]]) -> list[str]:
        """Tool calls as ``→ name: arguments`` lines: a call's strings run until a field
        repeats; its name is the one field named a name (the first string otherwise)."""
        groups: list[list[tuple[str, str]]] = []
        for path, v in leaves_:
            if not groups or any(p == path for p, _ in groups[-1]):
                groups.append([])
            groups[-1].append((path, v))
        lines = []
        for g in groups:
            named = next((v for p, v in g if "name" in tokens(p.rsplit(".", 1)[-1])
                          and not any(c.isspace() for c in v)), None)
            name = named or g[0][1][:60]
            rest = " · ".join(dict.fromkeys(v for _p, v in g if v is not named))
            limit = self.options.tool_output_limit
            shown = elide(rest, limit, self.part.tally, n, "tool input")
            lines.append(f"→ {name}: {shown}" if rest else f"→ {name}")
        return lines

    def kind(self, path: str, v: Any) -> str:
        """What a string at ``path`` is: "" (not text), text, call, result, thinking,
        attachment, blob."""
        if not isinstance(v, str) or not v.strip():
            return ""
        field_kind = self._fields.get(path)
        if field_kind is None:
            field_kind = self._fields[path] = self.field_kind(path)
        if not field_kind or _id_like(v) or v in self.ids or _LINK.match(v):
            return ""  # an id, a link to one, an address
        if v in self.speaker.roles and not _SPACE.search(v):
            return ""  # a speaker's handle named in a record (its creator, a mention)
        if is_blob(v):
            return "blob"
        if field_kind == "attachment" and not _SPACE.search(v.strip()):
            return ""  # an attachment's name, type or address: not its content
        return field_kind

    def field_kind(self, path: str) -> str:
        """What the strings of a field are, from its name and its values over the records."""
        last = tokens(path.rsplit(".", 1)[-1])
        words = tokens(inner(path, self.speaker.path))  # (:mod:`.record_frame`)
        if path == self.speaker.path or last & (ID | TIME) or words & META \
                or path in self.renditions:
            return ""
        if path in self.enums and not (words & CALL and "name" in last):
            return ""  # a status, a type: the same few values on record after record
        if words & THOUGHT:
            return "thinking"
        if words & RESULT:
            return "result"
        return "call" if words & CALL else "attachment" if words & ATTACHMENT else "text"


def _one_list(a: str, b: str) -> bool:
    """Whether two fields' paths lie in items of one list (``content[].text`` and
    ``content[].input.command``): their order there is the order they were said in."""
    at = a.find("[]")
    while at >= 0:
        if b[:at + 2] == a[:at + 2]:
            return True
        at = a.find("[]", at + 2)
    return False


def _id_like(v: str) -> bool:
    return not any(c.isspace() for c in v) and bool(HEXISH.match(v) or ISO.match(v))


def _time(found: list[tuple[str, Any]]) -> str | None:
    for path, v in found:
        if path.count(".") <= 2 and tokens(path.rsplit(".", 1)[-1]) & TIME:
            ts = norm_ts(v)
            if ts is not None and ts[:1].isdigit():
                return ts
    return None


def _path_stats(speaker: Speaker, items: Sequence[Any], keep: dict[int, list[tuple[str, Any]]]
                ) -> tuple[set[str], set[str], set[str], frozenset[str]]:
    """Fields whose values repeat across the records (enumerations: a status, a type),
    fields that hold another field's string of the same record (a rendition of it), and
    the records' ids (a string equal to one is a link: a parent, a child)."""
    fields: dict[str, _Field] = {}
    renditions: set[str] = set()
    ids: set[str] = set()
    proses: list[list[tuple[str, str]]] = []
    voiced: dict[str, VoiceValues] = {}  # (:mod:`.voice_labels`)
    for item in items:
        if not isinstance(item, dict):
            continue
        prose: list[tuple[str, str]] = []
        found = keep[id(item)] = leaves(item)
        who = speaker.of(item)
        for path, v in found:
            if not isinstance(v, str) or not v.strip():
                continue
            f = fields.get(path)
            if f is None:
                f = fields[path] = _Field(path, inner(path, speaker.path))
            f.see(v)
            voiced.setdefault(path, VoiceValues()).see(who, v)
            if f.is_id:
                ids.add(v)
            elif f.prose and len(prose) < PROSE_FIELDS:
                prose.append((path, v.strip()))
        proses.append(prose)
    cut = previews(proses)  # (:mod:`.preview_fields`)
    for prose in proses:
        for pa, a in prose:
            if len(a) < 20 or not _SPACE.search(a) or pa in cut:
                continue
            for pb, b in prose:
                if pb != pa and len(b) > len(a) and (a in b or shows(b, a)) \
                        and pb != speaker.path:
                    renditions.add(pb)
    renditions |= cut
    labels = {p: vv for p, vv in voiced.items() if vv.label}
    enums = {p for p, f in fields.items() if f.enum} | set(labels)
    names = frozenset(v for vv in labels.values() for vs in vv.by_voice.values() for v in vs
                      if any(ch.isalpha() for ch in v))  # each voice's (:mod:`.member_notice`)
    return enums, renditions, ids, names


class _Field:
    """What the values of one field look like over the records."""

    __slots__ = ("count", "distinct", "is_id", "prose", "wordy")

    def __init__(self, path: str, own: str) -> None:
        self.is_id = bool(tokens(path.rsplit(".", 1)[-1]) & ID)
        self.prose = not tokens(own) & (CALL | RESULT | META | THOUGHT)
        self.count = 0
        self.distinct: set[str] = set()
        self.wordy = False  # a value with a space, or longer than a name

    def see(self, v: str) -> None:
        self.count += 1
        if not self.wordy:
            self.wordy = len(v) > 40 or bool(_SPACE.search(v))
        if len(self.distinct) <= WORDY_VALUES or not self.wordy:
            self.distinct.add(v)

    @property
    def enum(self) -> bool:
        """Few values over many records (a status, a type), or one or two short values
        that come back on every record (a model's name, even of several words; a message's
        style, each voice's own: ``font-family: Helvetica; font-size: 12pt;``)."""
        if self.wordy:
            return (len(self.distinct) <= WORDY_VALUES
                    and self.count >= WORDY_REPEATS * len(self.distinct)
                    and all(len(v) <= 60 for v in self.distinct))
        return self.count >= 2 and len(self.distinct) * 2 <= self.count


WORDY_VALUES = 2  # values of several words a field may take and still be an enumeration
WORDY_REPEATS = 3  # records for each of them at least (words said are not repeated so)
