"""OpenAI-style chat JSON: ``[{"role", "content"}, ...]`` or ``{"messages": [...]}``.

Also accepted: one message object per line (chat JSONL, including exports of their own
shape such as ``{"type": "message", "role", "timestamp", "text"}`` lines with ``title`` and
notice lines beside them), Anthropic content blocks inside ``content``, ``tool_calls``,
tool calls exported as ``[tool_use:Name {json}]`` text, and a list of conversations that
each hold ``messages`` or ``chat_messages``. For a JSON document each message is a record
and its "line" is the 1-based message number, since a parsed document has no line numbers.

Chat histories of any other schema — the messages of a tree linked by child ids, records
whose speaker field has another name or sits deeper, event logs of an agent's CLI — are
read by their structure (:mod:`engine.sources.chat_shape`, rendered by
:mod:`engine.sources.chat_records`; records whose keys are dotted paths as the objects they
spell, :mod:`engine.sources.dotted_keys`), and a tool's output a harness wrote into the user's
turn as ``[name for 'arg'] Result:`` text (or a program's output opened by its exit
status, ``exit code: 0`` or ``<returncode>0</returncode>``) is that tool's result, not an
ask. A role no role list knows whose first word names a tool (``tool-call``,
``tool-response``) is the tool's — save a result that hands back, whole, a quoted argument
of the call before it: the agent's answer passed on (:mod:`engine.sources.handed_answer`).

Messages that name their senders the other way round from their roles (a person's proxy
saved as ``assistant``) are read by the names (:mod:`engine.sources.role_view`).
Messages of a group of agents whose roles say nothing of who spoke (all ``user``, the
agent only in ``name``) are read by who opens and asks (:mod:`engine.sources.group_view`).

Classes: user and assistant text is conversation, tool calls and ``tool`` messages are
tool, ``system`` / ``developer`` messages are harness (left out unless included), titles
and export notices are telemetry, reasoning is thinking.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

from gapless.engine.core.errors import parser_exhausted
from gapless.engine.sources.answered_calls import call_answers
from gapless.engine.sources.assigned_json import assigned_document
from gapless.engine.sources.attribute_pairs import paired_objects
from gapless.engine.sources.bar_rows import bar_records
from gapless.engine.sources.chat_records import ShapeReader
from gapless.engine.sources.chat_shape import (
    Found,
    find_conversations,
    find_speaker,
    role_word,
)
from gapless.engine.sources.common import (
    Entry,
    JsonObj,
    Part,
    RenderOptions,
    SourceError,
    as_str,
    compact_json,
    elide,
    header,
    iter_jsonl,
    json_type,
    norm_ts,
    read_regular,
)
from gapless.engine.sources.content_blocks import BlockRenderer
from gapless.engine.sources.csv_rows import csv_records
from gapless.engine.sources.dotted_keys import unflattened
from gapless.engine.sources.group_view import group_roles
from gapless.engine.sources.handed_answer import handed_words
from gapless.engine.sources.handed_results import EXIT_TEXT as _EXIT_TEXT
from gapless.engine.sources.handed_results import RESULT_TEXT as _RESULT_TEXT
from gapless.engine.sources.json_strings import strings_decoded
from gapless.engine.sources.log_records import severity_field
from gapless.engine.sources.plaintext import chunk_ends
from gapless.engine.sources.priming_turn import priming
from gapless.engine.sources.result_reply import reply_in
from gapless.engine.sources.role_view import SWAP, roles_swapped
from gapless.engine.sources.sample import DOCUMENT, DOCUMENT_BYTES, EMPTY, JSON_EXT, Sample
from gapless.engine.sources.snapshots import EARLIER, earlier_states
from gapless.engine.sources.token_turns import token_conversations
from gapless.engine.sources.tool_calls import render_tool_call, result_text
from gapless.engine.sources.wrapped_messages import unwrapped_messages
from gapless.engine.sources.xml_records import xml_document

TIME_KEYS = ("timestamp", "created_at", "create_time", "time", "date")
HARNESS_ROLES = {"system": "system prompt", "developer": "developer instructions"}
# Lines of an export that are not messages: type -> reason (telemetry).
EXPORT_LINES = {"title": "title", "sanitization_notice": "export notice", "summary": "title",
                "meta": "export notice", "metadata": "export notice"}
_TOOL_TEXT = re.compile(r"^\s*\[tool_(use|result):([^\s\]]+)\s?(.*)\]\s*$", re.DOTALL)


class _Reader:
    def __init__(self, path: Path, options: RenderOptions) -> None:
        self.part = Part(path=path, kind="chat-json", session=path.stem)
        self.options = options
        self.include_thinking = options.thinking
        self.render = BlockRenderer(options=options, tally=self.part.tally)
        self.call_names: dict[str, str] = {}
        self.swapped = False  # roles written from the other side's view (:mod:`.role_view`)
        self.voices: dict[str, str] | None = None  # a group's roles by name (:mod:`.group_view`)
        self.last_tool = ""  # the words of the last message in a tool's own voice
        self.last_said = ""  # the last assistant message, as rendered

    def body(self, n: int) -> Any:
        limit = self.options.tool_output_limit
        return lambda text: elide(text, limit, self.part.tally, n, "tool input")

    def record(self, n: int, m: Any, session: str = "") -> None:
        """One line of chat JSONL: a message, or a title / notice line of an export."""
        if isinstance(m, dict) and m.get("type") in EXPORT_LINES and "role" not in m:
            reason = EXPORT_LINES[str(m["type"])]
            if self.options.telemetry:
                text = f"{header(f'telemetry · {reason}', [], None)}\n{compact_json(m)}"
                self.part.add(Entry(text, "telemetry", None, session, n))
                self.part.count(n, "telemetry", True)
            else:
                self.part.count(n, "telemetry", False, reason)
            title = as_str(m.get("title"))
            if title and not self.part.title:
                self.part.title = f"## {title}"
            return
        self.message(n, m, session)

    def message(self, n: int, m: Any, session: str = "") -> None:
        """One message: its role, its content's pieces, then its reasoning and tool calls,
        rendered under its header and counted once in its class."""
        part = self.part
        if not isinstance(m, dict):
            part.bad(n, f"message {n} is {json_type(m)}, not an object")
            part.tally.malformed(n)
            return
        role = self._role(n, m)
        ts = next((norm_ts(m[k]) for k in TIME_KEYS if k in m), None)
        part.saw_time(ts)
        self.render.left_out = []
        self.render.line = n
        content = m.get("content", m.get("text"))
        pieces, kinds = self._content(n, content)
        self._reasoning_and_calls(n, m, pieces, kinds)
        label = role
        if role in ("tool", "function"):
            pieces = [self._tool_result(n, m, pieces, content)]
            kinds, label = {"tool_result"}, "tool"
        elif role_word(role) == "tool":
            # a role of a tool's own (``tool-call``, ``tool-response``): the tool's, as written
            kinds, label = {"tool"}, "tool"
            voiced = "\n".join(pieces)
            if (passed := handed_words(voiced, self.last_tool)) is not None:
                # the agent's answer handed on through a call (:mod:`.handed_answer`)
                pieces, kinds, label = [passed], {"text"}, "assistant"
            self.last_tool = voiced
        elif as_str(m.get("name")):
            label = f"{role} ({m['name']})"
        handed: list[str] = []  # tool results handed back beside the person's words
        if role == "user" and "tool_result" in kinds:
            handed = [p for p in pieces if p.startswith("← ")]
            words = [p for p in pieces if not p.startswith("← ")]
            if any(p.strip() for p in words):
                pieces = words
            else:
                handed, label = [], "tool"
        if role == "user" and (results := _results_in(pieces)) is not None:
            # a tool's output the harness handed back in the user's turn, not an ask
            pieces, said = results
            reply = None if said else self._reply(pieces[-1])
            if reply is not None:  # the person's answer to a call addressed to them
                handed, pieces, said = [*handed, pieces[-1]], [reply], True
            kinds = (kinds - {"text"}) | {"tool_result"} if not said else kinds | {
                "tool_result"}
            label = label if said else "tool"
        cls, reason = self._class(role, kinds)
        text = "\n".join(pieces)
        if role == "assistant":
            self.last_said = text
        if self.options.keeps(cls) and text.strip():
            for _c, why in self.render.left_out:
                part.tally.part_dropped(n, why)
            if handed:
                part.add(Entry(f"{header('tool', [], ts)}\n" + "\n".join(handed), "tool", ts,
                               session, n))
            part.add(Entry(f"{header(label, [], ts)}\n{text}", label.split()[0], ts, session, n,
                     raw=m if self.options.messages else None))
            part.count(n, cls, True)
        else:
            part.count(n, cls, False, reason or (cls if not self.options.keeps(cls)
                                                 else "empty"))

    def _reply(self, result: str) -> str | None:
        """The person's words in a rendered result (``← name result``) of a call the last
        assistant message addressed to them (:mod:`.result_reply`)."""
        head, _, body = result.partition("\n")
        name = head.removeprefix("← ").removesuffix(" result")
        return reply_in(name, body, self.last_said) if name != head else None

    def _role(self, n: int, m: JsonObj) -> str:
        """``role``, ``sender`` or ``author.role``; ``unknown`` (noted) when none is there."""
        role = as_str(m.get("role")) or as_str(m.get("sender"))
        author = m.get("author")
        if role is None and isinstance(author, dict):
            role = as_str(author.get("role"))
        if role is None:
            self.part.bad(n, f"message {n} has no 'role' (kept as 'unknown')")
            role = "unknown"
        if self.voices is not None and role in ("user", "assistant") \
                and isinstance(m.get("name"), str):
            return self.voices.get(m["name"], role)
        return SWAP.get(role, role) if self.swapped else role

    def _content(self, n: int, content: Any) -> tuple[list[str], set[str]]:
        """The pieces a message's content renders to, and their kinds: text (or a tool call
        an export wrote as text), content blocks, ChatGPT-style ``parts``, or other JSON."""
        pieces: list[str] = []
        kinds: set[str] = set()
        if isinstance(content, str):
            tool = _TOOL_TEXT.match(content)
            if tool is not None:
                pieces.append(self.tool_text(n, tool.group(1), tool.group(2), tool.group(3)))
                kinds.add("tool")
            else:
                pieces.append(content)
                kinds.add("text")
        elif isinstance(content, list):
            got, got_kinds = self.render.blocks(content, n, self.part.bad, user=False)
            pieces.extend(got)
            kinds |= got_kinds
        elif isinstance(content, dict) and isinstance(content.get("parts"), list):
            for p in content["parts"]:
                pieces.append(p if isinstance(p, str) else compact_json(p))
            kinds.add("text")
        elif content is not None:
            self.part.bad(n, f"message {n}: content is {json_type(content)}, not text or a "
                          "list (kept as JSON)")
            pieces.append(compact_json(content))
            kinds.add("other")
        return pieces, kinds

    def _reasoning_and_calls(self, n: int, m: JsonObj, pieces: list[str],
                             kinds: set[str]) -> None:
        """Add a message's reasoning (first, when thinking is included) and its tool calls
        (``tool_calls``, the older ``function_call``) to its pieces."""
        reasoning = as_str(m.get("reasoning_content")) or as_str(m.get("reasoning"))
        if reasoning and reasoning.strip():
            if self.include_thinking:
                pieces.insert(0, f"[thinking]\n{reasoning}")
                kinds.add("thinking")
            else:
                self.render.left_out.append(("thinking", "thinking"))
        calls = m.get("tool_calls")
        if isinstance(calls, list):
            pieces.extend(self.tool_call(call, n) for call in calls)
            if calls:
                kinds.add("tool_use")
        elif calls is not None:
            self.part.bad(n, f"message {n}: tool_calls is {json_type(calls)}, not a list "
                          "(kept as JSON)")
            pieces.append(compact_json(calls))
        if isinstance(m.get("function_call"), dict):
            pieces.append(self.tool_call({"function": m["function_call"]}, n))
            kinds.add("tool_use")

    def _tool_result(self, n: int, m: JsonObj, pieces: list[str], content: Any) -> str:
        """A tool's message as ``← name result`` and its body (head + tail when long); the
        name from the message or from the call it answers."""
        call_id = as_str(m.get("tool_call_id")) or ""
        name = as_str(m.get("name")) or self.call_names.get(call_id, "tool")
        body = "\n".join(pieces) if pieces else result_text(content)
        body = elide(body, self.options.tool_output_limit, self.part.tally, n)
        return f"← {name} result\n{body}" if body else f"← {name} result: (empty)"

    def _class(self, role: str, kinds: set[str]) -> tuple[str, str]:
        """The record's class (and the reason when it is left out) from its role and the
        kinds of its pieces."""
        if role in HARNESS_ROLES:
            return "harness", HARNESS_ROLES[role]
        if kinds & {"text", "other"}:
            return "conversation", ""
        if kinds & {"tool", "tool_use", "tool_result"}:
            return "tool", ""
        if kinds:
            return "thinking", ""
        return self.render.left_out[0] if self.render.left_out else ("conversation", "empty")

    def tool_text(self, n: int, which: str, name: str, args: str) -> str:
        """``[tool_use:Name {json}]`` as an export writes a tool call (or a result)."""
        parsed: Any = args
        with contextlib.suppress(ValueError, RecursionError):
            parsed = json.loads(args) if args.strip() else None
        if which == "use":
            return render_tool_call(name, parsed, self.body(n))
        body = result_text(parsed) if not isinstance(parsed, str) else parsed
        body = elide(body, self.options.tool_output_limit, self.part.tally, n)
        return f"← {name} result\n{body}"

    def tool_call(self, call: Any, n: int) -> str:
        if not isinstance(call, dict):
            return render_tool_call("tool", call, self.body(n))
        fn = call.get("function")
        fn = fn if isinstance(fn, dict) else call
        name = as_str(fn.get("name")) or "tool"
        if isinstance(call.get("id"), str):
            self.call_names[call["id"]] = name
        args: Any = fn.get("arguments", fn.get("input"))
        if isinstance(args, str):
            with contextlib.suppress(ValueError, RecursionError):
                args = json.loads(args)
        return render_tool_call(name, args, self.body(n))

    def document(self, doc: Any) -> None:
        """Messages from a parsed document (one conversation, or a list of them)."""
        if isinstance(doc, dict):
            convs: list[Any] = [doc]
        elif isinstance(doc, list) and doc and all(_is_conversation(x) for x in doc):
            convs = doc
        elif isinstance(doc, list):
            self.swapped = roles_swapped(doc)
            self.voices = group_roles(doc, _ran)
            for n, m in enumerate(doc, 1):
                self.message(n, m)
            return
        else:
            self.part.bad(1, f"document is {json_type(doc)}, not a list or an object")
            self.part.tally.malformed(1)
            return
        n = 0
        for conv in convs:
            msgs = conv.get("messages", conv.get("chat_messages"))
            if not isinstance(msgs, list):
                self.part.bad(n + 1, "conversation has no 'messages' list")
                self.part.tally.malformed(n + 1)
                continue
            self.swapped = roles_swapped(msgs)
            self.voices = group_roles(msgs, _ran)
            sid = as_str(conv.get("id")) or as_str(conv.get("uuid")) or ""
            if len(convs) == 1:
                self.part.session = sid or self.part.session
                title = as_str(conv.get("title")) or as_str(conv.get("name"))
                if title:
                    self.part.title = f"## {title}"
                sid = ""
            for m in msgs:
                n += 1
                self.message(n, m, sid)


def _results_in(pieces: list[str]) -> tuple[list[str], bool] | None:
    """A user turn's pieces with the tool result a harness wrote into it as text (``[name
    for 'arg'] Result:`` opening a piece, and what follows it; or a program's output opened
    by its exit status, ``exitcode: 0``) rendered as a result, and
    whether words of the person come before it; None when there is no such result."""
    at = next((i for i, p in enumerate(pieces) if _RESULT_TEXT.match(p)), None)
    if at is None:
        ran = next((i for i, p in enumerate(pieces) if _EXIT_TEXT.match(p)), None)
        if ran is None:
            return None
        said = pieces[:ran]
        body = "\n".join(pieces[ran:]).strip()
        return [*said, f"← run result\n{body}"], any(p.strip() for p in said)
    head = _RESULT_TEXT.match(pieces[at])
    assert head is not None
    body = "\n".join([pieces[at][head.end():].lstrip("\n"), *pieces[at + 1:]]).strip()
    said = pieces[:at]
    result = f"← {head.group(1)} result\n{body}" if body else f"← {head.group(1)} result"
    return [*said, result], any(p.strip() for p in said)


def _ran(text: str) -> bool:
    """A program's run handed back as text: its exit status opens it."""
    return bool(_EXIT_TEXT.match(text))


def _is_conversation(x: Any) -> bool:
    return isinstance(x, dict) and isinstance(x.get("messages", x.get("chat_messages")), list)


def load_file(path: Path, *, include_thinking: bool = False,
              options: RenderOptions | None = None) -> Part:
    """A chat JSON (or chat JSONL) file. Raises ``OSError`` if it cannot be read."""
    reader = _Reader(path, options or RenderOptions.make(thinking=include_thinking))
    part = reader.part
    raw = read_regular(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("utf-8", errors="replace")
        part.bad(1, "invalid UTF-8 (bad bytes replaced)")
    opening = text.lstrip("\ufeff \t\r\n")[:1]
    if opening == "<" and (tree := xml_document(text)) is not None:
        _read_document(path, part, reader, tree)  # XML's elements (:mod:`.xml_records`)
        return part
    if opening not in ("{", "[") and (rows := csv_records(text) or bar_records(text)
                                      ) is not None:
        # a table of rows (:mod:`.csv_rows`), or of lines cut by bars (:mod:`.bar_rows`)
        _read_document(path, part, reader, rows)
        return part
    try:
        doc = json.loads(assigned_document(text) or text)  # (:mod:`.assigned_json`)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # several documents: one message per line
            lines = list(iter_jsonl(path, part.bad, part.tally))
            objs = [obj for _n, obj in lines]
            if not any(classify(o) for o in objs[:40]) and (
                    marked := token_conversations(objs)) is not None:
                _read_document(path, part, reader, marked)  # (:mod:`.token_turns`)
                return part
            shaped = _by_structure(part, reader.options, objs)
            if shaped is None and _conversation_lines(objs):
                # one conversation a line: the lines are the document's list of them
                _read_document(path, part, reader, objs)
                return part
            for line_no, obj in lines:
                (shaped or reader).record(line_no, obj)
            return part
        part.bad(exc.lineno, f"invalid JSON ({exc.msg}); kept as plain text")
        _as_text(part, text)
        return part
    except (RecursionError, MemoryError) as exc:
        raise SourceError(parser_exhausted(path, exc)) from exc
    except ValueError as exc:
        part.bad(1, f"invalid JSON ({exc}); kept as plain text")
        _as_text(part, text)
        return part
    _read_document(path, part, reader, doc)
    return part if _read_some(part) else _kept_as_text(path, reader.options, text)


def _read_some(part: Part) -> bool:
    """Did the document give a message, or a record left out for what it is (a system
    prompt, a notice) — anything but malformed records and ones with no words where
    messages keep them?"""
    return bool(part.entries or part.children or set(part.tally.dropped_by) - {"empty"})


def _kept_as_text(path: Path, options: RenderOptions, text: str) -> Part:
    """A well-formed JSON document in which no conversation was found: its text is still
    read (a request recording, a configuration that names roles), never rendered as
    nothing."""
    part = _Reader(path, options).part
    part.kind = "text"  # (a folder passes over JSON that is not a chat, as it says)
    part.bad(1, "no conversation found in this JSON; kept as plain text")
    _as_text(part, text)
    return part


def _read_document(path: Path, part: Part, reader: _Reader, doc: Any) -> None:
    """A parsed document's conversations: of messages this reader knows by their roles, or
    found by their structure."""
    try:
        doc = unwrapped_messages(doc, _known_message)  # (:mod:`.wrapped_messages`)
        found = None if _role_shaped(doc) and not _written_again(doc) else _found_within(doc)
        if found is not None:
            _read_found(part, reader.options, found)
        else:
            reader.document(doc)
    except RecursionError as exc:
        raise SourceError(f"{path} nests its messages deeper than Gapless can render "
                          "(Python ran out of recursion depth)") from exc


def _found_within(doc: Any) -> Found | None:
    """The conversations of a document found by their structure, as it stands (or as its
    dotted keys spell it, when that reads a better speaker) or else with its strings that
    hold JSON decoded (:mod:`.json_strings`)."""
    found = find_conversations(doc)
    if found is not None and (nested := unflattened(doc)) is not None:
        found = _spelled(found, find_conversations(nested))  # (:mod:`.dotted_keys`)
    if found is None and (inner := strings_decoded(doc)) is not None:
        found = find_conversations(inner)
    return found if found is not None else _paired(doc)


def _spelled(found: Found, nested: Found | None) -> Found:
    """Of the conversations found in a document with dotted keys as written and in the
    objects its keys spell, the ones whose speaker can be read and scores better."""
    if nested is None:
        return found
    return nested if not _speaks(found) or nested.speaker.score > found.speaker.score \
        else found


def _speaks(found: Found) -> bool:
    """Whether the speaker field found can be read on a record (not a key that holds a
    dot, read as a path)."""
    return any(found.speaker.of(x) is not None for conv in found.conversations for _n, x in conv)


def _paired(doc: Any) -> Found | None:
    """The conversations of the objects a document spells as key / value pairs
    (:mod:`.attribute_pairs`)."""
    objs = paired_objects(doc)
    return find_conversations(objs) if objs is not None else None


def _written_again(doc: Any) -> bool:
    """A list of conversations each of which holds the one before it whole (a log of
    requests, each the history so far): read by structure, which keeps only the last
    state and the answer logged beside it (:mod:`.snapshots`)."""
    if not (isinstance(doc, list) and len(doc) > 1 and all(_is_conversation(x) for x in doc)):
        return False
    return bool(earlier_states([(x, x.get("messages", x.get("chat_messages"))) for x in doc]))


def _conversation_lines(objs: list[JsonObj]) -> bool:
    """JSON lines that each hold a conversation (a list of messages), none a message."""
    if not objs or any(classify(o) for o in objs[:40]):
        return False
    return _role_shaped(objs) or find_conversations(objs) is not None or (
        _paired(objs) is not None)


def _role_shaped(doc: Any) -> bool:
    """Messages this reader knows by their ``role`` (``sender``, ``author.role``) fields."""
    convs = doc if isinstance(doc, list) and doc and all(_is_conversation(x) for x in doc) \
        else [doc]
    for conv in convs:
        msgs = conv.get("messages", conv.get("chat_messages")) if isinstance(conv, dict) \
            else conv
        sample = [m for m in msgs[:50] if isinstance(m, dict)] if isinstance(msgs, list) \
            else []
        if any(_known_message(m) for m in sample) and not _unnamed_voice(sample):
            return True
    return False


def _unnamed_voice(msgs: list[JsonObj]) -> bool:
    """Whether one of two voices of messages keyed by ``role`` (``sender``) is written in
    a word that names no role (``User`` beside ``Machine``): which side that voice is, is
    then read from the structure, as for any other speaker field."""
    values = {m.get("role", m.get("sender")) for m in msgs}
    named = {v for v in values if isinstance(v, str) and role_word(v)}
    return len(values) == 2 and len(named) == 1


def _known_message(m: JsonObj) -> bool:
    """A message whose ``role`` (``sender``, ``author.role``) names a role and whose words
    are where this reader looks for them (a sender that is a person's name is not a role)."""
    author = m.get("author")
    role = m.get("role", m.get("sender", author.get("role") if isinstance(author, dict)
                                else None))
    return isinstance(role, str) and bool(role_word(role)) and any(
        k in m for k in ("content", "text", "tool_calls", "function_call"))


def _by_structure(part: Part, options: RenderOptions, lines: list[JsonObj]
                  ) -> ShapeReader | None:
    """Chat JSON lines of an unknown schema: a reader by their speaker field, or None when
    the lines are messages this reader knows (or no conversation)."""
    if any(classify(obj) for obj in lines[:40]):
        return None
    speaker = find_speaker(lines)
    if speaker is not None and (nested := unflattened(lines)) is not None and (
            spelled := find_conversations(nested)) is not None \
            and spelled.speaker.score > speaker.score:
        return None  # read as the objects their dotted keys spell (:mod:`.dotted_keys`)
    return ShapeReader(part, options, speaker, lines) if speaker is not None else None


def _read_found(part: Part, options: RenderOptions, found: Found) -> None:
    """The conversations of a document found by their structure, each record counted."""
    shaped = ShapeReader(part, options, found.speaker,
                         [item for conv in found.conversations for _n, item in conv])
    many = len(found.conversations) > 1
    if not many and found.titles and found.titles[0]:
        part.title = f"## {found.titles[0]}"
    for i, conv in enumerate(found.conversations):
        title = found.titles[i] if i < len(found.titles) else ""
        if many and conv and title:
            part.add(Entry(f"## {title}", "meta", None, line=conv[0][0]))
        # the harness priming the model as the person (:mod:`.priming_turn`)
        shaped.primed.update(id(x) for x in priming([x for _n, x in conv], found.speaker.of,
                                                     found.speaker.person))
        # the person's role answering the agent's calls (:mod:`.answered_calls`)
        shaped.answers.update(id(x) for x in call_answers([x for _n, x in conv], shaped.role,
                                                          shaped.ends_in_call))
        for n, item in conv:
            shaped.record(n, item, f"conversation {i + 1}" if many else "")
    for n in found.earlier:  # the conversation written again whole later (:mod:`.snapshots`)
        part.count(n, "conversation", False, EARLIER)


def _as_text(part: Part, text: str) -> None:
    """A broken document kept as plain text: every non-empty line rendered."""
    data = text.encode("utf-8")
    start = 0
    for end in chunk_ends(data):
        line = 1 + data.count(b"\n", 0, start)
        part.add(Entry(data[start:end].decode("utf-8"), "text", None, line=line, verbatim=True))
        start = end
    for n, raw in enumerate(data.splitlines(), 1):
        if raw.strip():
            part.tally.rendered(n, "conversation")


def classify(d: JsonObj) -> bool:
    """Does this parsed line look like a chat message (used by format sniffing)?"""
    return (
        "role" in d and ("content" in d or "tool_calls" in d or isinstance(d.get("text"), str))
        and d.get("type") in (None, "message")
    )


_CHAT_DOC = re.compile(rb'"(role|sender)"\s*:')
_CHAT_LIST = re.compile(rb'^\s*\[\s*\{|"(messages|chat_messages)"\s*:\s*\[')


def detect(sample: Sample) -> float:
    """A chat message among the file's first JSON lines, or a JSON document that opens
    with a list of objects holding roles; an empty ``.json`` is an empty chat."""
    body = sample.body
    if not body:
        return EMPTY if sample.ext in JSON_EXT else 0.0
    score = sample.record_score(classify)
    if not score and body[:1] in (b"[", b"{") and _CHAT_DOC.search(body) \
            and _CHAT_LIST.search(body):
        score = DOCUMENT
    if not score and _shaped(sample):
        score = DOCUMENT
    return score


def _shaped(sample: Sample) -> bool:
    """A conversation of another schema, found by its structure (lines or a document); never
    records that carry a level field (a log's: :mod:`.log_records`)."""
    records = [r for r in sample.records if r]
    if len(records) > 1:
        if severity_field(records) is not None:
            return False
        return (find_speaker(records) is not None or find_conversations(records) is not None
                or token_conversations(records) is not None or _paired(records) is not None)
    doc = sample.document
    if doc is None and sample.body.startswith(b"<"):
        doc = _xml(sample)  # XML's elements (:mod:`.xml_records`)
    elif doc is None and not sample.body.startswith((b"{", b"[")):
        # a table of rows (:mod:`.csv_rows`), or of lines cut by bars (:mod:`.bar_rows`)
        doc = csv_records(sample.text, partial=True) or bar_records(sample.text, partial=True)
    if isinstance(doc, list) and severity_field(doc) is not None:
        return False
    return doc is not None and _found_within(doc) is not None


def _xml(sample: Sample) -> Any:
    """The sampled file as XML's nested objects (None when it is none, or too large)."""
    try:
        if sample.path.stat().st_size > DOCUMENT_BYTES:
            return None
        return xml_document(sample.path.read_bytes().decode("utf-8", errors="replace"))
    except OSError:
        return None
