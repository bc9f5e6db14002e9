"""A whole conversation kept in one string, its turns marked by a chat template's tokens.

Fine-tuning data sets and prompt logs keep each conversation as one text field, every turn
opened by special tokens and a role (``<|im_start|>user``, a role between
``<|start_header_id|>`` and ``<|end_header_id|>``, ``<start_of_turn>model``, or a token that
is itself the role, ``<|assistant|>``) and closed by another (``<|im_end|>``, ``<|eot_id|>``).
A special token is a word in angle brackets with bars (``<|…|>``) or a ``…_of_turn`` tag.
The text between tokens is a turn when a role word opens it alone on its line, or follows a
token that is a role (or a stretch that is nothing but a role word); the text of a turn is
its words. A string of at least two turns, one the person's and one another's, is a
conversation; records that each hold one such string (and no other words) are a list of
conversations, read as messages of those roles.

A plain prompt text marks its turns the same way with a role word and a colon opening a
paragraph (``\n\nHuman: …`` / ``\n\nAssistant: …``) from its very start. A preference
data set keeps two such strings in a record that share every turn but the last answer
(the one chosen and the one rejected): when every string of words in a record holds a
conversation, the first is read whole and another that opens as the first does is an
alternative ending of it, left out (never shown as an answer given). A role label may be
two words whose first is a role word (``FUNCTION RESPONSE:``: the tool's), and special
tokens closing a turn (``<|endoftext|>``) are no words of it. A string of the record that
opens with a harness's role label and holds no other (``SYSTEM: …``, the prompt kept apart
from the chat) is that one turn, read before the conversation (alone, it is no chat).
"""

from __future__ import annotations

import re
from typing import Any

from gapless.engine.sources.chat_shape import role_word
from gapless.engine.sources.common import JsonObj

_TOKEN = re.compile(r"<\|([^|<>\s]{1,40})\|>|<((?:start|end)_of_turn)>")
_ROLE_LINE = re.compile(r"^[ \t]*([A-Za-z_]{2,20})[ \t]*(?:\n|$)")
# a role word and a colon opening a paragraph (the text's start, or after a blank line)
_LABEL = re.compile(r"(?:\A\s*|\n[ \t]*\n)([A-Za-z]{2,20}(?: [A-Za-z]{2,20})?):[ \t]")
_CLOSING = re.compile(r"(?:\s*<\|[^|<>\s]{1,40}\|>)+\s*$")  # special tokens closing a turn
SAMPLE = 20
SHARE = 0.8  # of the records that hold such a conversation


def token_turns(text: str) -> list[JsonObj]:
    """The turns of ``text`` as ``{"role", "content"}`` messages, or [] when it holds no
    conversation marked by tokens."""
    if "<" not in text:
        return []
    turns: list[JsonObj] = []
    role = ""  # a role a token (or a stretch of only a role word) set for the next words
    pieces: list[tuple[str, str]] = []  # (the token's name, the text after it)
    names = [(m.group(1) or m.group(2) or "", m.start(), m.end()) for m in _TOKEN.finditer(text)]
    if len(names) < 2 or text[:names[0][1]].strip():
        return []  # no tokens, or words before the first: no template's text
    for k, (name, _start, end) in enumerate(names):
        stop = names[k + 1][1] if k + 1 < len(names) else len(text)
        pieces.append((name, text[end:stop]))
    for name, after in pieces:
        if role_word(name) and name.isalpha():
            role = role_word(name)
        if not after.strip():
            continue
        head = _ROLE_LINE.match(after)
        if head and role_word(head.group(1)) and head.group(1).isalpha():
            said = after[head.end():].strip()
            if not said:  # nothing but the role word: it names the next stretch's role
                role = role_word(head.group(1))
                continue
            turns.append({"role": role_word(head.group(1)), "content": said})
            role = ""
        elif role:
            turns.append({"role": role, "content": after.strip()})
            role = ""
        else:
            return []  # words under no role: not a template's turns
    roles = {t["role"] for t in turns}
    return turns if len(turns) >= 2 and "user" in roles and len(roles) >= 2 else []


def label_turns(text: str) -> list[JsonObj]:
    """The turns of a prompt text whose paragraphs open with a role word and a colon from
    its start on, as ``{"role", "content"}`` messages; [] when it holds no such turns (a
    paragraph opened by another word and a colon stays in the turn above)."""
    if ":" not in text:
        return []
    marks = [m for m in _LABEL.finditer(text) if role_word(m.group(1))]
    if len(marks) == 1 and marks[0].start() == 0 and role_word(marks[0].group(1)) == "system":
        return [{"role": "system", "content": text[marks[0].end():].strip()}]  # the prompt
    if len(marks) < 2 or marks[0].start() != 0:
        return []
    turns: list[JsonObj] = []
    for k, m in enumerate(marks):
        stop = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        said = _CLOSING.sub("", text[m.end():stop])  # a turn closed by a token: its words
        turns.append({"role": role_word(m.group(1)), "content": said.strip()})
    roles = {t["role"] for t in turns}
    return turns if "user" in roles and len(roles) >= 2 else []


def _merged(convs: list[list[JsonObj]]) -> list[JsonObj]:
    """One record's conversations: the first whole; another that opens with the first's
    opening turn is an alternative ending of it (a rejected answer), left out; any other is
    read after it."""
    out = list(convs[0])
    for other in convs[1:]:
        if other[0] != convs[0][0]:
            out.extend(other)
    return out


def token_conversations(records: list[Any]) -> list[JsonObj] | None:
    """Records that each hold one conversation as a string of marked turns (in their one
    field of words, or alternatives of it in each of several), as ``{"messages": […]}``
    conversations; None when most do not."""
    dicts = [r for r in records if isinstance(r, dict)]
    if not dicts or len(dicts) < len(records):
        return None
    convs: list[JsonObj] = []
    hits = 0
    for n, r in enumerate(dicts):
        texts = [v for v in r.values() if isinstance(v, str) and len(v.split()) >= 3]
        found = [token_turns(t) or label_turns(t) for t in texts]
        turns = _merged(found) if found and all(found) else []
        if all(t["role"] == "system" for t in turns):
            turns = []  # a prompt alone: no conversation
        hits += bool(turns)
        if n + 1 == SAMPLE and hits < SHARE * SAMPLE:
            return None
        convs.append({"messages": turns})
    return convs if hits >= SHARE * len(dicts) else None
