"""Chat histories in text whose messages sit under a header line: a stamp and who spoke.

Many exporters write a message as a *header* — a date and a time with the sender's name,
nothing else — and the words on the lines below it, up to the next header:
``[6/3/2024 6:10 PM] sam`` (the stamp first), ``Sam Ortiz  6:10 PM`` (the name first, the
stamp after a wide gap), ``00:12:00 From Lena to Everyone:`` (a time alone will do), or a
stamp alone on its line with the name on the next. The structure is learned, never a tool's
name: the header's text without the stamp is the sender's key, and two keys that recur,
take turns and hold most of the headers are the two sides — a third voice is shown as a
notice, unless three voices or more take turns as a group (:mod:`.group_voices`), each then
a side. A stamp alone whose next line is no recurring key continues the sender above (a
follow-up under its time). Logs and agendas stay text: most headers must have words under
them, and a log's stamped lines follow one another. Before the first header there may be a
title block of a few short lines; a longer preamble must be a small share of the text.
"""

from __future__ import annotations

import re
from collections import Counter

from gapless.engine.core.account import Tally
from gapless.engine.sources.aside_lines import split_asides
from gapless.engine.sources.group_voices import group_sides, is_group
from gapless.engine.sources.line_turns import (
    LineTurn,
    LineTurns,
    person_of,
    taking_turns,
)

_DATE = (r"(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4}"
         r"|\d{1,2} [A-Z][a-z]{2,8}\.? \d{4})")
_TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \u202f\u00a0]?[APap]\.?[ \u202f]?[Mm]\.?)?"
_STAMP = rf"(?:{_DATE},?[ T\u202f](?:at )?{_TIME}|{_TIME})"
# the stamp first (bracketed or not), else the name first and the stamp after a wide gap
_FIRST = re.compile(rf"^\[?(?P<s>{_STAMP})\]?(?:[ \t]+(?P<rest>.*))?$")
_LAST = re.compile(rf"^(?P<rest>\S.*?)(?:[ \t]{{2,}}|\t)\[?(?P<s>{_STAMP})\]?$")
_IN_KEY = re.compile(rf"{_DATE}|(?<!\d){_TIME}")
_BRACKETED = re.compile(r"\s*[(\[][^)\]]*[)\]]")
_KEY_WORDS = 6  # a header's sender, at most (a sentence is words, not a header)
_KEY_CHARS = 60
MIN_BODY_SHARE = 0.6  # of the headers with words under them
MAX_PREAMBLE_SHARE = 0.2
TITLE_LINES, TITLE_CHARS = 8, 320  # an export's title block before the first header, at most


def _key(rest: str) -> str | None:
    """The sender's key in a header's text (no bracketed part, no closing colon), None when
    the text is too long to be a name."""
    key = " ".join(_BRACKETED.sub("", rest).split()).rstrip(":").strip()
    if not key or len(key) > _KEY_CHARS or len(key.split()) > _KEY_WORDS:
        return None
    if key[-1] in ".?!" or not any(ch.isalnum() for ch in key):
        return None
    if ": " in key or _IN_KEY.search(key):  # a label and a value, or a stamp: no name
        return None
    return key


def _header(line: str) -> tuple[str, str] | None:
    """``(stamp, sender's text)`` of a header line ("" for a stamp alone), else None."""
    s = line.strip()
    if not s or line[0].isspace():
        return None
    m = _FIRST.match(s) or _LAST.match(s)
    if m is None:
        return None
    rest = (m.group("rest") or "").strip()
    return m.group("s"), rest


def _scan(lines: list[str], known: set[str] | None) -> list[tuple[int, str | None, int]]:
    """The headers: ``(line index, key, lines the header takes)``; key None for a stamp
    alone that continues the sender above. With ``known`` None every short line under a
    stamp alone is taken as a key (to count them)."""
    out: list[tuple[int, str | None, int]] = []
    i = 0
    while i < len(lines):
        got = _header(lines[i])
        if got is None:
            i += 1
            continue
        _stamp, rest = got
        if _BRACKETED.sub("", rest).strip():  # (a note in brackets alone names nobody)
            key = _key(rest)
            if key is not None:
                out.append((i, key, 1))
            i += 1
            continue
        under = lines[i + 1].strip() if i + 1 < len(lines) else ""
        key = _key(under) if under and _header(lines[i + 1]) is None else None
        if key is not None and (known is None or key in known):
            out.append((i, key, 2))
            i += 2
        else:
            out.append((i, None, 1))
            i += 1
    return out


def _bodied(lines: list[str], heads: list[tuple[int, str | None, int]]) -> float:
    """The share of headers with words before the next header (a line that opens with a
    stamp of its own is no header's words: a log's record whose message is too long to be
    a name)."""
    starts = [i for i, _k, _n in heads] + [len(lines)]
    full = sum(1 for (i, _k, n), nxt in zip(heads, starts[1:], strict=True)
               if any(x.strip() and _header(x) is None for x in lines[i + n:nxt]))
    return full / len(heads) if heads else 0.0


def _long_preamble(lines: list[str], size: int) -> bool:
    """Whether the text before the first header is more than an export's title block (a
    few short lines: the chat's name, rules, a label and its value) and a large share of
    the text: a document with a chat in it, not a chat."""
    chars = sum(len(x) + 1 for x in lines)
    if len(lines) <= TITLE_LINES and chars <= TITLE_CHARS:
        return False
    return chars > size * MAX_PREAMBLE_SHARE


def learn_header_turns(text: str) -> LineTurns | None:
    """The header structure of ``text`` (kind ``header``, each side's key), or None."""
    lines = text.split("\n")
    known = set(_known(lines))
    if len(known) < 2:
        return None
    heads = _scan(lines, known)
    seq = [k for _i, k, _n in heads if k is not None]
    turns = taking_turns(seq)
    group = is_group(seq)
    if turns is None and not group:
        return None
    if _bodied(lines, heads) < MIN_BODY_SHARE:
        return None
    if _long_preamble(lines[:heads[0][0]], len(text)):
        return None
    said: dict[str, list[str]] = {}
    for turn in _turns(lines, heads):
        said.setdefault(turn.note, []).append("\n".join(t for _n, t in turn.body))
    sides = group_sides(seq, said) if group else None
    if sides is not None:  # three voices or more: every voice a side (:mod:`.group_voices`)
        return LineTurns("header", sides)
    if turns is None:
        return None
    top, two = turns
    person = person_of(top[0], top[1], said, two[0])
    return LineTurns("header", {k: "user" if k == person else "assistant" for k in top})


def _turns(lines: list[str], heads: list[tuple[int, str | None, int]]) -> list[LineTurn]:
    """The messages with their key as ``note`` (roles not known yet): the words under each
    header, without their indentation."""
    out: list[LineTurn] = []
    bounds = [i for i, _k, _n in heads] + [len(lines)]
    sender = ""
    for (i, key, n), nxt in zip(heads, bounds[1:], strict=True):
        sender = key if key is not None else sender
        body = [(j + 1, lines[j].strip()) for j in range(i + n, nxt)]
        while body and not body[-1][1]:
            body.pop()
        while body and not body[0][1]:
            body.pop(0)
        out.append(LineTurn("", i + 1, body, sender))
    return out


def read_header_turns(text: str, tally: Tally, learned: LineTurns
                      ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    """The preamble and the turns of ``text`` by the learned headers; every non-empty line
    counted once in ``tally`` (a third voice's words as a notice)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    heads = _scan(lines, set(_known(lines)))
    preamble = [(j + 1, lines[j]) for j in range(heads[0][0] if heads else len(lines))
                if lines[j].strip()]
    for n, _t in preamble:
        tally.rendered(n, "conversation")
    out: list[LineTurn] = []
    earlier: list[str] = []
    for turn, (i, _k, n) in zip(_turns(lines, heads), heads, strict=True):
        stamp = (_header(lines[i]) or ("", ""))[0]
        role = learned.roles.get(turn.note, "system")
        cls = "harness" if role == "system" else "conversation"
        for j in range(i, i + n):
            if lines[j].strip():
                tally.rendered(j + 1, cls)
        note = f" · {turn.note} · {stamp}"
        out.extend(split_asides(LineTurn(role, turn.line, turn.body, note), earlier, tally))
        earlier.append("\n".join(w for _m, w in turn.body))
    return preamble, out


def _known(lines: list[str]) -> list[str]:
    """The keys that recur (a line under a stamp alone that names nobody is words)."""
    first = Counter(k for _i, k, _n in _scan(lines, None) if k is not None)
    return [k for k, c in first.items() if c >= 2]
