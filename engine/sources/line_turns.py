"""Chat histories in text whose turns are opened by the line itself, learned from the text.

Some tools save a conversation as lines whose opening says who speaks, the words following
on the same line — no heading, no bold label. Two such structures are learned here, never
by a tool's name:

- a *stamp* (a date and a time, in brackets or followed by a dash), a name and a colon:
  ``[20/04/2024, 10:00:14] Lena: …``, ``3/12/24, 2:05 PM - Sam: …`` (a locale's short word
  may join the date and the time: ``20/04/2024 à 10:02 - …``) — a messaging app's export;
  or a stamp (a time alone will do) and a nick in angle brackets: ``18:10 <sam> …``
  — a chat client's log, whose other stamped lines (joins, quits, actions) are notices.
  A client that writes columns (``2024-06-03 18:10:11<TAB>sam<TAB>…``, the time alone
  under a day's date line) puts the sender between tabs; a messenger may bracket the
  sender, then the time (``[Lena] [10:03 AM] …``); a column without a letter or a digit
  (``-->``, ``--``, `` *``) is a notice's.
  Two names that take turns and hold most of the stamped lines are the two sides — or, in
  a group of three voices or more (:mod:`.group_voices`), every voice is a side; a line
  without a stamp continues the message above it; a stamped line without a name, of a
  name that is no side, or whose words open with an invisible format character (the app
  writing, ``‎image omitted``) is a notice, not someone's words.
- a *symbol* and a space opening a line at its first column (``> …`` / ``⏺ …``) — an
  agent's terminal transcript. Two distinct symbols must take turns over many turns and
  open nearly every line that starts at the first column after the first of them (what
  continues a turn is indented): a document that quotes with ``> `` has paragraphs between
  its quotes and stays a document. Under a turn, an indented block opened by another
  symbol is what a tool printed, and the turn whose words are a call (``Read(app/x.py)``)
  above such a block is that tool's.

Which side is the person: a role word in a name says so; else the side that asks (more of
its turns hold a question); else the side whose turns are shorter (asks against answers);
else the side that speaks first.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from gapless.engine.core.account import Tally
from gapless.engine.sources.chat_shape import AGENT, PERSON, are_names, tokens
from gapless.engine.sources.group_voices import group_sides
from gapless.engine.sources.log_records import severity_voices

_DATE = r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}"
_TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \u202f\u00a0]?[APap]\.?[ \u202f]?[Mm]\.?)?"
# between the date and the time a comma, or a short word of the locale's (``20/04/2024 à
# 10:02``: a preposition of one to three letters, never a digit)
_JOIN = r"(?:,|[ \u202f][^\W\d_]{1,3})?[ \u202f]"
_STAMP = re.compile(
    rf"^[\u200e\u200f\ufeff]?(?:\[(?P<b>{_DATE}{_JOIN}{_TIME})\][ \t]?"
    rf"|(?P<d>{_DATE}{_JOIN}{_TIME})[ \t]+[-\u2013][ \t])(?P<rest>.*)$")
# a sender: a name of a few words (or a telephone number), then a colon
_SENDER = re.compile(r"^(?P<name>[^\W\d_][^:\n]{0,39}?|\+\d[\d \-]{5,20}):(?:[ \t](?P<said>.*)|$)")
# a chat log's line: a time of day alone (bracketed or not), then the sender's nick in angle
# brackets (a channel mode's sign before it) — any other line after a time is a notice
# (a month's word and the day may open it: ``Apr 20 10:00:14 <sam>``)
_CLOCK = re.compile(rf"^\[?(?P<t>(?:[^\W\d_]{{3,9}}\.?[ ]{{1,2}}\d{{1,2}}[ ])?{_TIME})\]?"
                    rf"[ \t]+(?P<rest>.*)$")
_NICK = re.compile(r"^<[@+%~&]?(?P<name>[^\s<>]{1,40})>(?:[ \t](?P<said>.*)|$)")
# an instant messenger's line: a time of day alone in parentheses, then the sender and a
# colon (``(10:00:12 AM) sam: …``); any other line after such a time is a notice
# (or the time since the chat began, in units: ``( 1m 7s ) Lena: …``)
_ELAPSED = r"(?:\d{1,3}h[ ]?)?(?:\d{1,2}m[ ]?)?\d{1,2}s"
_PAREN_CLOCK = re.compile(rf"^\([ ]?(?P<t>{_TIME}|{_ELAPSED})[ ]?\)[ \t]+(?P<rest>.*)$")
# a chat log in columns: a time (a date before it, or on a line of its own), a tab, the
# sender (a mode's sign before it), a tab
_TABBED = re.compile(rf"^(?P<t>(?:{_DATE}[ T])?{_TIME})\t(?P<who>[^\t]{{0,40}})\t(?P<said>.*)$")
# a messenger's line that brackets the sender, then the time of day (a word of the day's
# half before it): ``[Lena Hoffmann] [10:03 AM] …``
_BRACKETED = re.compile(rf"^\[(?P<name>[^\[\]\n]{{1,40}})\][ \t]"
                        rf"\[(?P<t>(?:[^\W\d_]{{1,4}}[ \u202f])?{_TIME})\](?:[ \t](?P<said>.*)|$)")
_MODE_SIGN = "@+%~&"
_NAME_WORDS = 4
_CALL = re.compile(r"^(?P<name>[A-Za-z_][\w.:-]{0,40})\((?P<args>.*)\)\s*$")  # ``Read(a.py)``
# symbols that open a document's own lines: lists, headings, tables, code, emphasis, rules
_DOCUMENT_SYMBOLS = frozenset("-*+#|`~=_")
_FORMAT = "Cf"  # the Unicode category of invisible format characters (a direction mark)
MIN_SYMBOL_TURNS = 3  # lines each symbol opens, at least
MIN_CHANGES = 2  # turns handed over each way, at least
SYMBOL_COVER = 0.8  # of the lines at the first column after the first turn
STAMP_ALTERNATION = 0.5  # of the two names' turns that change hands
STAMP_SHARE = 0.75  # of the named stamped lines the two names hold
MAX_PREAMBLE_SHARE = 0.2


@dataclass
class LineTurns:
    """The learned structure: ``kind`` (``stamp`` or ``symbol``, or another reader's) and
    each side's role by its key (a name, or a symbol)."""

    kind: str
    roles: dict[str, str] = field(default_factory=dict)
    shape: tuple[str, ...] = ()  # what else a reader learned (an HTML chat's classes)


@dataclass
class LineTurn:
    """One turn: its role, its first line, its lines as ``(file line, text)``, and a note
    for its header (the sender's name and stamp)."""

    role: str
    line: int
    body: list[tuple[int, str]] = field(default_factory=list)
    note: str = ""


def _symbol(line: str) -> str | None:
    """The symbol that opens a line at its first column, followed by a space, else None."""
    if len(line) < 2 or line[1] not in " \t" or line[0] in _DOCUMENT_SYMBOLS:
        return None
    cat = unicodedata.category(line[0])
    return line[0] if cat[0] in "SP" else None


def _stamped(line: str) -> tuple[str, str, str] | None:
    """``(stamp, name, words)`` of a stamped line (``name`` "" for a notice), else None."""
    m = _STAMP.match(line)
    if m is None and (tab := _TABBED.match(line)) is not None:
        who = tab.group("who").strip().lstrip(_MODE_SIGN)
        named = any(ch.isalnum() for ch in who) and len(who.split()) <= _NAME_WORDS
        return tab.group("t"), who if named else "", tab.group("said")
    if m is None and (br := _BRACKETED.match(line)) is not None:
        name = br.group("name").strip()
        named = any(ch.isalpha() for ch in name) and len(name.split()) <= _NAME_WORDS
        return br.group("t"), name if named else "", br.group("said") or ""
    if m is None and (p := _PAREN_CLOCK.match(line)) is not None:
        s = _SENDER.match(p.group("rest"))
        if s is None or len(s.group("name").split()) > _NAME_WORDS:
            return p.group("t"), "", p.group("rest")
        return p.group("t"), s.group("name").strip(), s.group("said") or ""
    if m is None:
        c = _CLOCK.match(line)
        if c is None:
            return None
        nick = _NICK.match(c.group("rest"))
        if nick is None:
            return c.group("t"), "", c.group("rest")
        return c.group("t"), nick.group("name"), nick.group("said") or ""
    stamp, rest = m.group("b") or m.group("d") or "", m.group("rest")
    nick = _NICK.match(rest)
    if nick is not None:
        return stamp, nick.group("name"), nick.group("said") or ""
    s = _SENDER.match(rest)
    if s is None or len(s.group("name").split()) > _NAME_WORDS:
        return stamp, "", rest
    return stamp, s.group("name").strip(), s.group("said") or ""


def _notice(words: str) -> bool:
    """Words the app wrote, not the sender: opened by an invisible format character."""
    return bool(words) and unicodedata.category(words[0]) == _FORMAT


def learn_line_turns(text: str) -> LineTurns | None:
    """The line-opening turn structure of ``text``, or None when it has none."""
    lines = text.split("\n")
    return _learn_stamps(text, lines) or _learn_symbols(text, lines)


def _learn_stamps(text: str, lines: list[str]) -> LineTurns | None:
    said: dict[str, list[str]] = {}
    seq: list[str] = []
    stamped = named = first_at = 0
    pos = 0
    for line in lines:
        got = _stamped(line) if line[:1] and not line[:1].isspace() else None
        if got is not None:
            if not stamped:
                first_at = pos
            stamped += 1
            _stamp, name, words = got
            if name and not _notice(words.strip()):
                named += 1
                seq.append(name)
                said.setdefault(name, []).append(words)
        elif seq and line.strip():
            said[seq[-1]][-1] += "\n" + line
        pos += len(line) + 1
    if first_at > len(text) * MAX_PREAMBLE_SHARE or severity_voices(seq):
        return None  # (names that are severities: a log's level field, no voices)
    group = group_sides(seq, said)
    if group is not None:  # three voices or more: every voice a side, none a notice
        return LineTurns("stamp", group)
    turns = taking_turns(seq)
    if turns is None:
        return None
    top, two = turns
    person = person_of(top[0], top[1], said, two[0])
    return LineTurns("stamp", {k: "user" if k == person else "assistant" for k in top})


def taking_turns(seq: list[str]) -> tuple[list[str], list[str]] | None:
    """The two commonest keys of ``seq`` (names, labels, classes) when they take turns as
    two voices do: each twice or more, the two nearly all of ``seq``, changing hands on at
    least half their turns: (the two, ``seq`` of the two alone); None otherwise."""
    counts = Counter(seq)
    top = [k for k, _c in counts.most_common(2)]
    if len(top) < 2 or min(counts[k] for k in top) < 2:
        return None
    if counts[top[0]] + counts[top[1]] < STAMP_SHARE * len(seq):
        return None
    two = [k for k in seq if k in top]
    changes = sum(1 for a, b in itertools.pairwise(two) if a != b)
    if changes < STAMP_ALTERNATION * (len(two) - 1) or changes < MIN_CHANGES:
        return None
    return top, two


def _learn_symbols(text: str, lines: list[str]) -> LineTurns | None:
    seq: list[tuple[str | None, int]] = []  # each first-column line's symbol, where it is
    in_code = False
    pos = 0
    for line in lines:
        s = line.strip()
        if s.startswith(("```", "~~~")):
            in_code = not in_code
        elif s and not in_code and not line[0].isspace():
            seq.append((_symbol(line), pos))
        pos += len(line) + 1
    counts = Counter(k for k, _ in seq if k is not None)
    ranked = [k for k, c in counts.most_common(6) if c >= MIN_SYMBOL_TURNS]
    for a, b in itertools.permutations(ranked, 2):
        sub = [k for k, _ in seq if k in (a, b)]
        if sub[0] != a:
            continue
        there = sum(1 for x, y in itertools.pairwise(sub) if (x, y) == (a, b))
        back = sum(1 for x, y in itertools.pairwise(sub) if (x, y) == (b, a))
        start = next(i for i, (k, _) in enumerate(seq) if k in (a, b))
        after = seq[start:]
        cover = sum(1 for k, _ in after if k in (a, b)) / len(after)
        if (there < MIN_CHANGES or back < MIN_CHANGES or cover < SYMBOL_COVER
                or seq[start][1] > len(text) * MAX_PREAMBLE_SHARE):
            continue
        said: dict[str, list[str]] = {a: [], b: []}
        for turn in _split_symbols(lines, (a, b)):
            said[turn.role].append("\n".join(t for _n, t in turn.body))
        person = person_of(a, b, said, a)
        return LineTurns("symbol", {a: "user" if a == person else "assistant",
                                    b: "user" if b == person else "assistant"})
    return None


def person_of(a: str, b: str, said: dict[str, list[str]], first: str) -> str:
    """Of two sides, the person: named by a role word unless the sides are names
    (:func:`.chat_shape.are_names`: a word inside a name says nothing), else the one that
    asks more, else the one whose turns are shorter, else the one that speaks first."""
    for side, other in ((a, b), (b, a)):
        if not are_names(a, b) and (tokens(side) & PERSON or tokens(other) & AGENT):
            return side
    asks = {k: sum("?" in t for t in said.get(k, [])) / max(1, len(said.get(k, [])))
            for k in (a, b)}
    if asks[a] != asks[b]:
        return a if asks[a] > asks[b] else b
    size = {k: sum(map(len, said.get(k, []))) / max(1, len(said.get(k, []))) for k in (a, b)}
    if size[a] != size[b]:
        return a if size[a] < size[b] else b
    return first


def _split_symbols(lines: list[str], keys: tuple[str, ...]) -> list[LineTurn]:
    """The turns of a symbol-opened transcript with their symbol as ``role`` (the roles
    are not known yet), the words only: what a tool printed under a turn is left out."""
    out: list[LineTurn] = []
    nested = False
    for n, line in enumerate(lines, 1):
        key = _symbol(line) if line[:1] and not line[0].isspace() else None
        if key in keys:
            assert key is not None
            out.append(LineTurn(key, n, [(n, line[2:].strip())]))
            nested = False
        elif out and line.strip():
            body = line.lstrip()
            if line[0].isspace() and _symbol(body) is not None:
                nested = True
            if not nested:
                out[-1].body.append((n, body))
    return out


def read_line_turns(text: str, tally: Tally, learned: LineTurns
                    ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    """The preamble and the turns of ``text`` by the learned structure; every non-empty
    line counted once in ``tally``."""
    if learned.kind == "stamp":
        return _read_stamps(text, tally, learned)
    return _read_symbols(text, tally, learned)


def _read_stamps(text: str, tally: Tally, learned: LineTurns
                 ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    preamble: list[tuple[int, str]] = []
    turns: list[LineTurn] = []
    for n, line in enumerate(text.splitlines(), 1):
        got = _stamped(line) if line[:1] and not line[:1].isspace() else None
        if got is not None:
            stamp, name, words = got
            role = learned.roles.get(name, "")
            if role and not _notice(words.strip()):
                turns.append(LineTurn(role, n, [(n, words)], f" · {name} · {stamp}"))
                tally.rendered(n, "conversation")
            else:  # the app's notice, or a voice that is neither side
                shown = words.lstrip("\u200e\u200f")
                turns.append(LineTurn("system", n, [(n, shown)],
                                      f" · {name} · {stamp}" if name else f" · {stamp}"))
                tally.rendered(n, "harness")
        elif turns:
            turns[-1].body.append((n, line))
            if line.strip():
                tally.rendered(n, "harness" if turns[-1].role == "system" else "conversation")
        elif line.strip():
            preamble.append((n, line))
            tally.rendered(n, "conversation")
    return preamble, turns


def _read_symbols(text: str, tally: Tally, learned: LineTurns
                  ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    preamble: list[tuple[int, str]] = []
    turns: list[LineTurn] = []
    column = 0  # where a tool's output starts on its lines
    for n, line in enumerate(text.splitlines(), 1):
        key = _symbol(line) if line[:1] and not line[0].isspace() else None
        if key is not None and key in learned.roles:
            turns.append(LineTurn(learned.roles[key], n, [(n, line[2:].strip())]))
            tally.rendered(n, "conversation")
            continue
        if not turns:
            if line.strip():
                preamble.append((n, line))
                tally.rendered(n, "conversation")
            continue
        turn = turns[-1]
        body = line.lstrip()
        if line[:1].isspace() and (mark := _symbol(body)) is not None and turn.role != "tool":
            # what a tool printed: the turn above is the call when its words are one
            call = _CALL.match(turn.body[0][1]) if len(turn.body) == 1 else None
            if call is not None and turn.role != "user":
                turn.role = "tool"
                turn.body = [(turn.line, f"→ {call.group('name')}: {call.group('args')}")]
            else:
                turn = LineTurn("tool", n)
                turns.append(turn)
            after = body[len(mark):]
            column = len(line) - len(body) + len(mark) + len(after) - len(after.lstrip())
            turn.body.append((n, "← result"))
            body = after.strip()
        elif turn.role == "tool":  # the output's own indentation kept, the block's taken off
            body = line[min(column, len(line) - len(body)):]
        else:
            body = line.strip()
        turn.body.append((n, body))
        if line.strip():
            tally.rendered(n, "tool" if turn.role == "tool" else "conversation")
    return preamble, turns
