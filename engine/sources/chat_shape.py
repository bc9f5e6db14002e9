"""Conversations in JSON of a schema nobody taught us, found by their structure.

A chat history is a collection of objects — a list, JSON lines, a mapping whose nodes
link to each other by parent and child ids (a tree), replies nested in the message they
answer, or records that only mark where each message starts in one text — in which one
field, under any name and at any depth, holds a small set of values that alternate from
record to record: the speakers. The speaker whose value names a person (``user``,
``human``, …), or a flag named for the person (or for the agent), asks; when the values
are names (two people's, or a person's and one naming an agent) the person is found from
them and from who asks (two voices written as ids, ``sender_id.gaia_id``, are names too;
they take turns in the records that hold words, a sticker or a photo being no turn). The
others answer, run tools, or are the harness and bookkeeping.
A record's text is every string at any depth that is not an id, a time, a link, an
enumeration (a field whose values repeat across the records), a rendition of another
string of the same record (or the same string again), or metadata; strings under a tool
call's or a tool result's fields are tool content, strings under a thought are thinking,
strings under an attachment's fields (a file, an image, context given with a message) and
base64 blobs are attachments — none of them is ever an ask or an answer. Messages that
say who spoke only by the kinds of their parts are read by those kinds
(:mod:`.part_kinds`), the person's newest turn sent beside the list of earlier ones is
the conversation's last (:mod:`.beside_turn`), an opening message kept apart from the list
of replies is its first (:mod:`.opening_turn`), a nested tree whose root is an object of
its own (the replies in its list) starts at that root, and a chat kept as [person, answer]
pairs with no speaker anywhere is read by position (:mod:`.pair_turns`), as are records
that each keep a conversation as a bare list of strings (:mod:`.bare_turns`), and speakers
written as ids are read as the objects a directory of the document keeps for them
(:mod:`.id_directory`). Envelopes of typed parts that mix the person's part with others
are read part by part (:mod:`.joined_parts`). A copy of another record held inside a
record (the message a reply answers, handed back whole) is no part of it
(:mod:`.quoted_records`). A conversation kept as a list of each message's versions is read
by each message's newest version (:mod:`.message_versions`), and records that name no
speaker but carry one of two id fields (the person's account, the character's) are told by
which one they carry (:mod:`.carried_ids`). Two values named by no role word whose would-be
asker's records name the agent by one in an object below them are an agent's kinds of steps
(an inference, a tool's execution), no speaker (:mod:`.agent_steps`). Records of an ask
beside its answer with no time are a data set's rows, unless the two turns are objects each
with an id of its own: a store's exchanges (:mod:`.stored_turns`).

Nothing here names a product or a schema: the field names that matter are found from the
values, and the words used are those of roles and of the parts of a message.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gapless.engine.sources.agent_steps import agent_named_below
from gapless.engine.sources.bare_turns import bare_turns
from gapless.engine.sources.beside_turn import holding_records, next_turn
from gapless.engine.sources.carried_ids import EITHER, carried, id_pair
from gapless.engine.sources.common import JsonObj
from gapless.engine.sources.group_voices import PEER, group_sides, is_group, peer_group
from gapless.engine.sources.id_directory import directory_field, named_by_directory
from gapless.engine.sources.id_parts import IdParts
from gapless.engine.sources.joined_parts import joined_parts
from gapless.engine.sources.keyed_tree import shown_branch
from gapless.engine.sources.lifted_exchange import lifted
from gapless.engine.sources.lone_opener import lone_opener
from gapless.engine.sources.markup import markup_words
from gapless.engine.sources.message_versions import latest_versions
from gapless.engine.sources.opening_turn import opening_turn
from gapless.engine.sources.pair_turns import paired_turns
from gapless.engine.sources.part_kinds import EVERY, kind_fields, kinds_of
from gapless.engine.sources.quoted_records import unquoted
from gapless.engine.sources.sibling_turns import sibling_messages
from gapless.engine.sources.snapshots import earlier_states
from gapless.engine.sources.stored_turns import stored_turns
from gapless.engine.sources.time_order import epoch_fields, newest_first, unwrapped
from gapless.engine.sources.turn_taking import in_random_order, times_in_no_order
from gapless.engine.sources.union_fields import CHOSEN, chosen
from gapless.engine.sources.wordless_kinds import NO_KIND, with_words, worded_records

PERSON = frozenset({"user", "human", "person", "customer", "me"})
AGENT = frozenset({"assistant", "ai", "bot", "model", "agent"})
HARNESS = frozenset({"system", "developer", "instructions"})
TOOL = frozenset({"tool", "tools", "function", "execution", "observation", "ipython"})
THOUGHT = frozenset({"think", "thought", "thoughts", "thinking", "reasoning"})
RESULT = frozenset({"result", "results", "output", "outputs", "response", "observation"})
CALL = frozenset({"call", "calls", "request", "requests", "function", "args", "arguments",
                  "action", "actions",
                  "tool", "tools"})
META = frozenset({"metadata", "meta", "usage", "tokens", "telemetry", "display", "stats"})
ATTACHMENT = frozenset({"attachment", "attachments", "file", "files", "upload", "uploads",
                        "image", "images", "photo", "photos", "media", "context"})
# the fields of a record holding an exchange: the person's words, the answer to them
ASK_FIELD = frozenset({"prompt", "question", "query", "instruction", "ask", "input"})
ANSWER_FIELD = frozenset({"response", "answer", "completion", "reply", "output"})
_TURN, _WORDS = "speaker", "words"  # the fields an exchange's two turns are given
_PAIRS = "[[]]"  # the path of turns read from [person, answer] pairs
TIME = frozenset({"time", "timestamp", "created", "date", "updated", "at"})
ID = frozenset({"id", "ids", "uuid", "hash", "key"})

_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
HEXISH = re.compile(r"^[0-9a-fA-F-]{8,}$|^[A-Za-z]+_[A-Za-z0-9]{12,}$")
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_DATA_URI = re.compile(r"^data:[\w.+/-]+;base64,", re.IGNORECASE)
_B64 = re.compile(r"^[A-Za-z0-9+/_=-]+$")
MAX_DEPTH = 8
MIN_ALTERNATION = 0.15
UNNAMED_ALTERNATION = 0.75  # of two voices no role word names
NOTICE_SHARE = 0.8  # of the records the two voices hold when other values are notices
NAME_WORDS = 4  # words of a speaker's value at most (a person's name)
MAX_NESTED = 200_000  # records of a nested tree read, at most
SAMPLE = 2000  # records a speaker field is found from (its roles are read from all)


@functools.lru_cache(maxsize=8192)
def tokens(name: str) -> frozenset[str]:
    """The words of a field or a value: ``toolCalls`` -> {tool, calls}, ``user.message``."""
    return frozenset(w for w in _SPLIT.split(_CAMEL.sub(r"\1 \2", name).lower()) if w)


def leaves(obj: Any) -> list[tuple[str, Any]]:
    """``(path, value)`` for every scalar below ``obj`` in document order (at most
    ``MAX_DEPTH`` levels down); list items share the path ``[]``."""
    out: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any, int]] = [("", obj, 0)]
    while stack:
        path, node, depth = stack.pop()
        if isinstance(node, dict):
            if depth < MAX_DEPTH:
                stack.extend((f"{path}.{k}" if path else str(k), v, depth + 1)
                             for k, v in reversed(node.items()))
        elif isinstance(node, list):
            if depth < MAX_DEPTH:
                stack.extend((f"{path}[]", v, depth + 1) for v in reversed(node))
        else:
            out.append((path, node))
    return out


def _shallow(obj: JsonObj, path: str = "", depth: int = 0) -> Iterator[tuple[str, Any]]:
    """Scalars below ``obj`` through objects, and through a list that holds one object (a
    message kept as its versions); booleans as ``true`` / ``false``; an object holding one
    of several alternatives as the name of the one that is set (:mod:`.union_fields`)."""
    for k, v in obj.items():
        p = f"{path}.{k}" if path else str(k)
        if isinstance(v, list) and v and isinstance(v[0], dict) and depth < 3:
            yield from kind_fields(p, v)  # the kinds of its parts (:mod:`.part_kinds`)
        if isinstance(v, list) and len(v) == 1 and isinstance(v[0], dict) and depth < 3:
            yield from _shallow(v[0], f"{p}[]", depth + 1)
        elif isinstance(v, dict) and depth < 3:
            if (branch := chosen(v)) is not None:
                yield f"{p}.{CHOSEN}", branch
            yield from _shallow(v, p, depth + 1)
        elif isinstance(v, str):
            yield p, v
        elif isinstance(v, bool):
            yield p, _FLAG[v]


_FLAG = {True: "true", False: "false"}


@dataclass
class Speaker:
    """The field that holds the speaker, its score, the values that are the person and
    each value's role."""

    path: str
    score: float
    person: frozenset[str] = frozenset()
    roles: dict[str, str] = field(default_factory=dict)
    coded: bool = False  # the speakers are integers (a code), read as their digits
    words: str = ""  # a discussion among peers: the field that holds each message's words

    def of(self, item: JsonObj) -> str | None:
        if EITHER in self.path:  # which of two id fields the record carries (:mod:`.carried_ids`)
            return carried(item, self.path)
        value: Any = item
        steps = self.path.split(".")
        for i, k in enumerate(steps):
            if k == CHOSEN:
                value = chosen(value)
                continue
            if k.endswith(EVERY):  # the kinds of its parts: the last step names the kind
                parts = value.get(k[:-len(EVERY)]) if isinstance(value, dict) else None
                return kinds_of(parts, steps[-1]) if i + 2 == len(steps) else None
            many = k.endswith("[]")
            value = value.get(k[:-2] if many else k) if isinstance(value, dict) else None
            if many:
                value = value[0] if isinstance(value, list) and value else None
        if isinstance(value, bool):
            return _FLAG[value]
        if self.coded and isinstance(value, int):
            return str(value)
        return value if isinstance(value, str) else None


def find_speaker(items: Sequence[Any], names: str = "", *, kind: str = "") -> Speaker | None:
    """The field whose small set of values alternates between the records, one value of
    which is the person; None when there is none.

    The person is a value that names one (``user``, ``human``), the ``true`` of a flag
    whose name does (``isUser``) or the ``false`` of one whose name names the agent
    (``isBot``), the one other voice when a value names the agent (``Trip Planner AI``), and
    — for two voices named by no role word at all that take turns closely — the voice that
    asks (the more questions, else the one that speaks first). ``names``: a field whose
    values a directory of the document describes (:func:`are_names`); ``kind``: a field that
    says what a record is (:mod:`.wordless_kinds`), never a speaker."""
    objs = [x for x in items if isinstance(x, dict)]
    if len(objs) < 2:
        return None
    seen: dict[str, list[str | None]] = {}
    for i, obj in enumerate(objs[:SAMPLE]):
        for p, v in _shallow(obj):
            if p == kind:
                continue
            col = seen.setdefault(p, [None] * min(len(objs), SAMPLE))
            col[i] = v
    sample = objs[:SAMPLE]
    if (pair := id_pair(sample, _names_id, _prose)) is not None and pair != kind:
        seen[pair] = [carried(o, pair) for o in sample]  # (:mod:`.carried_ids`)
    wordy: list[bool] = []  # which records hold words, found once when first needed
    found = []
    for p, col in seen.items():
        person = _person_values(p, col, sample, names)
        held = _holders(p, sample)
        if not person and _unnamed_voices(p, col, held, wordy, sample):
            person = _asker(p, sample)
            if person and agent_named_below(next(iter(person)), Speaker(p, 0.0).of, sample,
                                            _agent_word):
                person = frozenset()  # an agent's kinds of steps (:mod:`.agent_steps`)
            score = 0.5 * _speaker_score(col, held, person) if person else 0.0
        else:
            score = _speaker_score(col, len(sample), person)
        if score:
            found.append(Speaker(p, score, person))
    found.sort(key=lambda c: -c.score)
    for best in found:
        if _two_voices(best, sample) and not _voices_by_chance(best, sample):
            values = [v for v in (best.of(o) for o in objs) if v is not None]
            best.roles = _roles(values, objs, best)
            return best
    coded = _coded_speaker(sample, kind)
    if coded is not None:
        values = [v for v in (coded.of(o) for o in objs) if v is not None]
        coded.roles = _roles(values, objs, coded)
    elif (group := _group_speaker(seen, sample)) is not None:
        return group
    elif not kind and (said := with_words(objs, sample, _prose)) is not None:
        return find_speaker(said[1], names, kind=said[0])  # a kind with no words is no turn
    elif not kind and (worded := worded_records(objs, _prose)) is not None:
        return find_speaker(worded, names, kind=NO_KIND)  # a receipt, a typing notice: no turn
    return coded


def _words_field(objs: list[JsonObj], wordy: list[bool]) -> str:
    """The one field that holds the words (a string of three words or more) of nearly all
    the records that hold words, or ""."""
    held: Counter[str] = Counter()
    for o, w in zip(objs, wordy, strict=False):
        if w:
            held.update({p for p, v in leaves(o) if isinstance(v, str) and len(v.split()) >= 3
                         and not ISO.match(v)})
    n = sum(wordy)
    if not held:
        return ""
    path, count = held.most_common(1)[0]
    return path if count >= WORDS_FIELD_SHARE * n else ""


WORDS_FIELD_SHARE = 0.8  # of the records with words that keep them in the one field


def _said_once(objs: list[JsonObj], wordy: list[bool], words: str) -> bool:
    """Whether nearly all the records with words hold no words but those of the field
    ``words`` (or a rendition of them, as rich-text blocks repeat a message): a message says
    one thing, where a document's record (an issue's title over its body) holds several."""
    n = ones = 0
    for o, w in zip(objs, wordy, strict=False):
        if not w:
            continue
        n += 1
        found = leaves(o)
        own = " ".join(v for p, v in found if p == words and isinstance(v, str))
        ones += all(v.strip() in own for p, v in found if p != words and isinstance(v, str)
                    and len(v.split()) >= 3)
    return bool(n) and ones >= WORDS_FIELD_SHARE * n


def _group_speaker(seen: dict[str, list[str | None]], objs: list[JsonObj]) -> Speaker | None:
    """A group's speaker field: three voices or more (names or ids, on nearly every record
    that holds words, not under a list nor a time's or the app's own field; a value of no
    letter or digit is the app's notice, no voice) that hand the word over as a group does,
    some of them asking and the others answering — each voice a side by how it speaks
    (:mod:`.group_voices`), any other value an event. A group where every voice asks is a
    discussion among peers: each voice a ``peer``, its words the one field that holds them.
    Of several such fields (an id and the name beside it), the one whose values hold the
    fewest digits, then the longest (a name rather than its id or its initials)."""
    wordy = [_says(o) for o in objs]
    words = _words_field(objs, wordy)
    if not words:
        return None  # a chat's messages keep their words in one field (a schema's do not)
    texts: list[str] = []  # each record's words, found once when first needed
    best: tuple[tuple[float, float], Speaker] | None = None
    for p, col in seen.items():
        if "[]" in p or tokens(p) & (TIME | META):
            continue
        seq = [v for v, w in zip(col, wordy, strict=False) if w and v is not None
               and any(ch.isalnum() for ch in v)]  # (``-->``, ``*``: the app's notices)
        if len(seq) < max(4, 0.8 * sum(wordy)) or not is_group(seq) or any(
                len(v) > 48 or not v.strip() or len(v.split()) > NAME_WORDS for v in set(seq)):
            continue
        if not texts:
            texts.extend(" ".join(x for _p, x in leaves(o)
                                  if isinstance(x, str) and len(x.split()) >= 3) for o in objs)
        said: dict[str, list[str]] = {}
        for v, t, w in zip(col, texts, wordy, strict=False):
            if w and v is not None:
                said.setdefault(v, []).append(t)
        peers = peer_group(seq, said) and _said_once(objs, wordy, words)
        sides = dict.fromkeys(seq, PEER) if peers else group_sides(seq, said)
        if sides is None:
            continue
        rank = (-sum(ch.isdigit() for v in seq for ch in v) / len(seq),
                sum(map(len, seq)) / len(seq))
        if best is None or rank > best[0]:
            person = frozenset(k for k, r in sides.items() if r == "user")
            roles = {v: sides.get(v, "event") for v in col if v is not None}
            best = (rank, Speaker(p, 0.5, person, roles, words=words if peers else ""))
    return best[1] if best is not None else None


def _coded_speaker(objs: list[JsonObj], kind: str = "") -> Speaker | None:
    """Speakers written as a code: a field of two or three integers on most records that
    alternate, each code's records of a shape of their own (fields the other code's records
    never have) or the codes taking turns closely — a speaker field like one of names, the
    person found by who asks (:func:`_asker`). Ranked below any speaker of words."""
    cols: dict[str, list[str | None]] = {}
    for i, obj in enumerate(objs):
        for p, v in obj.items():
            if type(v) is int and p != kind:
                cols.setdefault(p, [None] * len(objs))[i] = str(v)
    found = []
    for p, col in cols.items():
        present = [v for v in col if v is not None]
        distinct = set(present)
        if (not 2 <= len(distinct) <= 3 or len(present) < max(4, 0.8 * len(objs))
                or tokens(p) & (ID | TIME | META)):
            continue
        changes = sum(1 for a, b in itertools.pairwise(present) if a != b)
        alternation = changes / (len(present) - 1)
        if alternation < MIN_ALTERNATION or not (
                alternation >= UNNAMED_ALTERNATION or _shapes_differ(p, objs)):
            continue
        person = _asker(p, objs, coded=True)
        if person:
            speaker = Speaker(p, 0.25 * (len(present) / len(objs) + alternation), person,
                              coded=True)
            if _two_voices(speaker, objs):
                found.append(speaker)
    return max(found, key=lambda c: c.score) if found else None


def _shapes_differ(path: str, objs: list[JsonObj]) -> bool:
    """Whether the records of each value of ``path`` have fields that the records of every
    other value never have: the value says what kind of record it is (a person's message, an
    agent's), not a level or a status that records of one shape share."""
    keys: dict[Any, set[str]] = {}
    for o in objs:
        if path in o:
            keys.setdefault(o[path], set()).update(o)
    return len(keys) >= 2 and all(
        ks - set().union(*(other for v2, other in keys.items() if v2 != v))
        for v, ks in keys.items())


def _person_values(path: str, col: list[str | None], objs: list[JsonObj],
                   names: str = "") -> frozenset[str]:
    """The values of a field that are the person, by the words of the values (or of a
    flag's name); of two names (:func:`are_names`; ``names``: the field whose values a
    directory of the document describes, its fields names too), by who asks."""
    distinct = {v for v in col if v is not None}
    if distinct and distinct <= set(_FLAG.values()):
        name = tokens(path.rsplit(".", 1)[-1])
        return frozenset({"true"} if name & PERSON else {"false"} if name & AGENT else ())
    named = frozenset(v for v in distinct if tokens(v) & PERSON)
    if len(distinct) == 2 and (staff := {v for v in named if _flagged_agent(path, v, objs)}):
        return frozenset(distinct - staff)  # the app's staff named ``user``: the other voice
    agents = {v for v in distinct if tokens(v) & AGENT}
    described = bool(names) and (path == names or path.startswith(names + "."))
    if len(distinct) == 2 and (named or agents) and are_names(*distinct, described=described):
        return _asker(path, objs)  # a word inside a name says nothing of a role
    if named or len(distinct) != 2:
        return named
    if len(agents) != 1 or any(col.count(v) < 2 for v in distinct):
        return frozenset()  # one record of each kind: two members' states, no turns taken
    return frozenset(distinct - agents)


def _flagged_agent(path: str, value: str, objs: list[JsonObj]) -> bool:
    """Whether a speaker value that names the person (``user``) is spoken by an agent: a
    flag beside the speaker field, named for the agent (``bot``), is true on one of its
    records — an app's word for its staff accounts, a bot among them, not the person; of
    two voices, the other one is then the person."""
    parent, _, _ = path.rpartition(".")
    for o in objs:
        node: Any = o
        for k in parent.split(".") if parent else []:
            node = node.get(k) if isinstance(node, dict) else None
        if not isinstance(node, dict) or node.get(path.rsplit(".", 1)[-1]) != value:
            continue
        if any(v is True and tokens(k) & AGENT for k, v in node.items()):
            return True
    return False


def _holders(path: str, objs: list[JsonObj]) -> int:
    """The records that hold the object a field sits in: all of them for a field of the
    record itself; for a field of a nested object, the records of the kind that has that
    object (records of several kinds — accounts, channels, then posts — each kind holding
    its payload in an object of its own)."""
    if "." not in path or "[" in path:
        return len(objs)
    held = 0
    for o in objs:
        node: Any = o
        for k in path.split(".")[:-1]:
            node = node.get(k) if isinstance(node, dict) else None
        held += isinstance(node, dict)
    return held


def _unnamed_voices(path: str, col: list[str | None], n: int, wordy: list[bool],
                    sample: list[JsonObj]) -> bool:
    """Two voices no role word names, taking turns closely, on most records, not under a
    list nor a flag: two people's names, not a status that flips. Besides the two, a value
    of a few records may stand for the app's notices (a key changed, a call missed). The
    turns are taken by the records that hold words: a sticker or a photo sent after one's
    own message is no turn (``wordy`` is filled from ``sample`` the first time it is
    needed)."""
    present = [v for v in col if v is not None]
    two = _two_main(present)
    distinct = set(present)
    if (not two or len(present) < max(4, n * 0.8) or "[]" in path
            or distinct <= set(_FLAG.values()) or tokens(path) & (TIME | META)):
        return False
    if _close_turns([v for v in present if v in two]):
        return True
    if not wordy:
        wordy.extend(_says(o) for o in sample)
    turns = [v for v, w in zip(col, wordy, strict=False) if v in two and w]
    return len(turns) >= 4 and _close_turns(turns)


def _says(obj: JsonObj) -> bool:
    """Does a record hold words other than a time written out (``2024-04-20 10:03 UTC``)
    or markup with no text between its tags (a photo's or a sticker's fields as XML)?"""
    return any(isinstance(v, str) and len(v.split()) >= 3 and not ISO.match(v)
               and len(markup_words(v).split()) >= 3 for _p, v in leaves(obj))


def _close_turns(turns: Sequence[str | None]) -> bool:
    """Whether the voices change from one turn to the next nearly every time."""
    changes = sum(1 for a, b in itertools.pairwise(turns) if a != b)
    return changes >= UNNAMED_ALTERNATION * (len(turns) - 1)


def _two_main(values: list[str]) -> tuple[str, ...]:
    """The two values that hold nearly all of ``values`` (each at least twice), the others
    rare; () when there are not such two."""
    counts = Counter(values).most_common()
    if len(counts) < 2 or counts[1][1] < 2:
        return ()
    main = counts[0][1] + counts[1][1]
    if len(counts) > 2 and (main < NOTICE_SHARE * len(values) or counts[2][1] * 2 > counts[1][1]):
        return ()
    return counts[0][0], counts[1][0]


def _asker(path: str, objs: list[JsonObj], *, coded: bool = False) -> frozenset[str]:
    """Of two voices, the one that asks: the more of its records hold a question, else the
    one that speaks first; every voice must hold words in most of its records."""
    speaker = Speaker(path, 0.0, coded=coded)
    said: dict[str, list[int]] = {}
    first: list[str] = []
    for o in objs:
        v = speaker.of(o)
        if v is None:
            continue
        words = [x for _p, x in leaves(o) if isinstance(x, str) and len(x.split()) >= 3]
        tally = said.setdefault(v, [0, 0, 0])
        tally[0] += 1
        tally[1] += bool(words)
        tally[2] += any("?" in x for x in words)
        if words and v not in first:
            first.append(v)
    if len(said) > 2:  # two voices and the app's notices: the two that speak
        main = _two_main([v for o in objs if (v := speaker.of(o)) is not None])
        said = {v: t for v, t in said.items() if v in main}
        first = [v for v in first if v in main]
    if len(said) != 2 or any(t[1] < 0.6 * t[0] for t in said.values()):
        return frozenset()
    rate = {v: t[2] / t[0] for v, t in said.items()}
    a, b = sorted(rate, key=lambda v: -rate[v])
    if rate[a] > rate[b]:
        return frozenset({a})
    return frozenset(first[:1])


def _two_voices(speaker: Speaker, objs: list[JsonObj]) -> bool:
    """Words from the person and from another voice: a conversation, not records that
    merely have a ``user`` type (a list of accounts, of events about users)."""
    voices = {speaker.of(o) for o in objs if _prose(o)}
    return any(v in speaker.person for v in voices) and any(
        v is not None and v not in speaker.person for v in voices)


def _voices_by_chance(speaker: Speaker, objs: list[JsonObj]) -> bool:
    """Records whose voices but the person's are named by no role word and that were not
    written one after the other: a list of accounts with a ``role`` (``admin``, ``user``,
    ``guest``), not a conversation (:mod:`.turn_taking`). Three voices or more that follow
    each other as in a random order are such a list; so are two when the person is told by
    a role word (two voices told by who asks must already take turns closely) and their
    records' times run in no order, or (with no time) their voices as in a random order."""
    voices = [v for v in (speaker.of(o) for o in objs if _prose(o)) if v is not None]
    others = set(voices) - speaker.person
    if not others or any(names_role(v) for v in others):
        return False
    if len(others) >= 2 and in_random_order(voices, speaker.person):
        return True
    if not any(names_role(v) for v in speaker.person):
        return False
    unordered = times_in_no_order([unwrapped(o) for o in objs], _time_field(objs))
    return in_random_order(voices, speaker.person) if unordered is None else unordered


def _prose(obj: JsonObj) -> bool:
    """Does a record hold words (a string of three words or more) anywhere?"""
    return any(isinstance(v, str) and len(v.split()) >= 3 for _p, v in leaves(obj))


def _speaker_score(col: list[str | None], n: int, person: frozenset[str]) -> float:
    present = [v for v in col if v is not None]
    if len(present) < max(2, n * 0.5) or not person:
        return 0.0
    distinct = set(present)
    if not 2 <= len(distinct) <= max(2, min(24, len(present) // 2)):
        return 0.0
    if any(len(v) > 48 or not v.strip() or len(v.split()) > NAME_WORDS for v in distinct):
        return 0.0
    changes = sum(1 for a, b in itertools.pairwise(present) if a != b)
    alternation = changes / (len(present) - 1)
    if alternation < MIN_ALTERNATION:
        return 0.0
    flag = distinct <= set(_FLAG.values())
    known = len(distinct) if flag else sum(
        1 for v in distinct if v in person or tokens(v) & (PERSON | AGENT | HARNESS | TOOL))
    return len(present) / n + alternation + known / len(distinct)


def _roles(values: list[str], objs: list[JsonObj], speaker: Speaker) -> dict[str, str]:
    """Each speaker value's role: user, tool, system, assistant, or event (bookkeeping)."""
    roles: dict[str, str] = {}
    for v in dict.fromkeys(values):
        # a name in several words (``Ai Tanaka``) names no role by a word inside it
        spaced = any(c.isspace() for c in v.strip())
        roles[v] = "user" if v in speaker.person else "" if spaced else role_word(v)
        if roles[v] == "user" and v not in speaker.person:
            roles[v] = ""  # a person's word the speaker field does not give the person
    opener = lone_opener(objs, speaker.of, speaker.person, _prose)
    if opener is not None and not roles.get(opener):  # (:mod:`.lone_opener`)
        roles[opener] = "user"
    if "assistant" not in roles.values():
        # the agent: the other voice that speaks most (in records that hold text)
        talk = Counter(speaker.of(o) for o in objs
                       if any(isinstance(x, str) and " " in x for _p, x in leaves(o)))
        rest = [(talk[v], v) for v, r in roles.items() if not r]
        if rest:
            roles[max(rest)[1]] = "assistant"
    return {v: r or "event" for v, r in roles.items()}


# the words that may sit beside a role word in a role's value (``user_message``)
_BESIDE_ROLE = frozenset({"message", "messages", "msg", "turn", "role", "type", "input",
                          "output"})


def names_role(value: str) -> bool:
    """Whether a speaker's value is a role word (maybe with a word for a message beside
    it: ``user.message``), not a name that holds one (``Trip Planner AI``)."""
    words = tokens(value)
    roles = words & (PERSON | AGENT | HARNESS | TOOL)
    return bool(roles) and words <= roles | _BESIDE_ROLE


def are_names(a: str, b: str, *, described: bool = False) -> bool:
    """Whether two speakers' values are names, whose words or letters say nothing of a role
    (who asks is then read from the structure: who asks questions, whose turns are shorter,
    who speaks first), rather than role words that say who asks (``user`` / ``assistant``,
    ``Human`` / ``AI``, ``user`` / ``gemini``). They are names when one of them is written
    in several words (``Lena Hoffmann`` beside ``Trip Planner AI``), or when they describe
    speakers a directory of the document keeps (``described``: the initials ``AI`` of a
    person called Anonymous Io beside a bot's ``J``) — unless both name roles."""
    spaced = any(c.isspace() for c in f"{a.strip()}\0{b.strip()}")
    return (spaced or described) and not (names_role(a) and names_role(b))


def role_word(value: str) -> str:
    """The role a speaker value names by its first word (``user.message``: user), or ""."""
    words = _SPLIT.split(_CAMEL.sub(r"\1 \2", value).lower())
    head = {next((w for w in words if w), "")}
    return ("user" if head & PERSON else "tool" if head & TOOL else "system" if head & HARNESS
            else "assistant" if head & AGENT else "")


def _agent_word(value: str) -> bool:
    return names_role(value) and role_word(value) == "assistant"


def is_blob(text: str) -> bool:
    """Base64 (or a data URI): an attachment's bytes, never words."""
    if _DATA_URI.match(text):
        return True
    return len(text) >= 120 and not any(c.isspace() for c in text) and bool(_B64.match(text))


@dataclass
class Found:
    """The conversations of a document: each an ordered list of ``(record number, item)``,
    all with the same speaker field."""

    speaker: Speaker
    conversations: list[list[tuple[int, JsonObj]]]
    titles: list[str] = field(default_factory=list)
    earlier: list[int] = field(default_factory=list)  # records of earlier states, left out


def _is_time(name: str) -> bool:
    return bool(tokens(name) & TIME)


def _time_field(items: list[JsonObj]) -> Callable[[str], bool]:
    """Which fields of ``items`` are times: those named for one, and those whose values are
    dates and times written out (``2024-04-20T10:05:00Z``) or numbers of seconds or
    milliseconds since 1970 whatever their name (``originalarrivaltime``,
    ``origin_server_ts``: :func:`.time_order.epoch_fields`)."""
    dated = {k for x in items[:50] for k, v in unwrapped(x).items()
             if isinstance(v, str) and ISO.match(v)} | epoch_fields(items)
    return lambda name: _is_time(name) or name in dated


def find_conversations(doc: Any) -> Found | None:
    """The collections of the document whose records alternate speakers (the best-scoring
    path; every collection at that path, in order — a collection listed newest first is
    put back in time order); None when there is none."""
    groups: dict[str, list[tuple[Any, list[JsonObj]]]] = {}
    for path, owner, items in _collections(doc):
        groups.setdefault(path, []).append((owner, _spans(owner, items)))
    collected = groups
    best = _best(groups)
    if best is None:
        # no speaker field: records that each hold an ask and its answer, as two turns
        groups = {p: [(o, split) for o, items in cols if (split := _exchanges(items))]
                  for p, cols in groups.items()}
        best = _best({p: cols for p, cols in groups.items() if cols})
    if best is None:
        # an exchange's messages side by side in each record (:mod:`.sibling_turns`)
        groups = {p: [(o, split) for o, items in cols
                      if (split := sibling_messages(items, _prose))]
                  for p, cols in collected.items()}
        best = _best({p: cols for p, cols in groups.items() if cols})
    if best is None and (pairs := paired_turns(doc, _TURN, _WORDS)):
        # no field says who spoke: [person, answer] pairs (:mod:`.pair_turns`)
        groups = {_PAIRS: pairs}
        best = _best(groups)
    if best is None and (bare := bare_turns(doc, _TURN, _WORDS)):
        # no field says who spoke: each record's bare strings in turn (:mod:`.bare_turns`)
        groups = {_PAIRS: bare}
        best = _best(groups)
    if best is None:
        # the speakers as ids a directory of the document names (:mod:`.id_directory`)
        groups = {p: [(o, named) for o, items in cols if (named := named_by_directory(doc, items))]
                  for p, cols in collected.items()}
        names = {p: directory_field(doc, cols[0][1]) for p, cols in collected.items()
                 if groups.get(p)}
        best = _best({p: cols for p, cols in groups.items() if cols}, names)
    if best is None:
        # the words kept apart, in objects the records name by id (:mod:`.id_parts`)
        by_id = IdParts(doc)
        groups = {p: [(o, joined) for o, items in cols if (joined := by_id.joined(items))]
                  for p, cols in collected.items()}
        best = _best({p: cols for p, cols in groups.items() if cols})
    if best is None:
        # each record's ask and answer one object down (:mod:`.lifted_exchange`)
        groups = {p: [(o, split) for o, items in cols if (split := _exchanges(lifted(items)))]
                  for p, cols in collected.items()}
        best = _best({p: cols for p, cols in groups.items() if cols})
    if best is None:
        return None
    _score, path, speaker = best
    found = Found(speaker, [])
    holders: list[dict[int, Any]] = []  # each object's record, found once when first needed

    def record_of(obj: Any) -> Any:
        if not holders:
            holders.append(holding_records(doc))
        return holders[0].get(id(obj))

    n = 0
    earlier = earlier_states(groups[path], lambda x: speaker.roles.get(
        speaker.of(x) or "") == "system")  # (:mod:`.snapshots`)
    for k, (owner, items) in enumerate(groups[path]):
        if k in earlier:
            found.earlier.extend(range(n + 1, n + 1 + len(items)))
            n += len(items)
            continue
        conv = []
        ordered = _tree_order(items)
        if ordered is items and (shown := shown_branch(owner, items)) is not None:
            ordered = shown  # a map's branch on screen (:mod:`.keyed_tree`)
        as_listed = ordered is items or all(a is b for a, b in zip(ordered, items, strict=True))
        if as_listed and newest_first(items, _time_field(items)):
            ordered = items[::-1]  # listed newest first (:mod:`.time_order`)
        elif ordered is items and (ask := next_turn(owner, items, speaker.path, speaker.person,
                                                    functools.partial(record_of, owner))
                                   ) is not None:
            ordered = [*items, ask]  # a turn sent beside the list (:mod:`.beside_turn`)
        elif as_listed and len(groups[path]) == 1 and (
                first := opening_turn(doc, items, speaker)) is not None:
            ordered = [first, *items]  # the opening kept apart (:mod:`.opening_turn`)
        for item in ordered:
            n += 1
            conv.append((n, item))
        found.conversations.append(conv)
        title = owner.get("title") if isinstance(owner, dict) else None
        found.titles.append(title if isinstance(title, str) else "")
    return found


def _best(groups: dict[str, list[tuple[Any, list[JsonObj]]]], names: dict[str, str] | None = None
          ) -> tuple[float, str, Speaker] | None:
    """The collection path whose records have the best-scoring speaker field (``names``:
    each path's field that a directory describes). Of two that score alike, the one whose
    person is named by a role word (``user``) rather than found as the voice beside one that
    names the agent (a tracer's ``retrieve`` step beside its ``ChatOpenAI`` call)."""
    best: tuple[float, str, Speaker] | None = None
    for path, cols in groups.items():
        speaker = find_speaker([x for _o, items in cols for x in items],
                               (names or {}).get(path, ""))
        if speaker is not None and (best is None or speaker.score > best[0] or (
                speaker.score == best[0] and _role_named(speaker) > _role_named(best[2]))):
            best = (speaker.score, path, speaker)
    return best


def _role_named(speaker: Speaker) -> bool:
    """Whether every value that is the person names a role by itself."""
    return bool(speaker.person) and all(names_role(v) for v in speaker.person)


def _exchanges(items: list[JsonObj]) -> list[JsonObj]:
    """Records that each hold the person's words and the answer to them, in fields named
    for an ask (``prompt``, ``question``, ``input``) — or, beside a field named for an
    answer, the one other field of words that change from record to record (``message``) —
    and for an answer (``response``, ``answer``; or, beside a field named for an ask, the
    one other such field: ``messages``), the words as a string or at any depth below the
    field, and when they were sent, as two turns each (the record's other fields the
    first's metadata); [] when they are not."""
    if len(items) < 2:
        return []
    wordy: Counter[str] = Counter()
    said: dict[str, set[str]] = {}
    for x in items:
        for k, v in x.items():
            words = _first_words(v)
            if words is not None:
                wordy[k] += 1
                said.setdefault(k, set()).add(words)
    common = [k for k, c in wordy.items() if c >= 0.6 * len(items)]
    asks = [k for k in common if tokens(k) & ASK_FIELD and not tokens(k) & ANSWER_FIELD]
    answers = [k for k in common if tokens(k) & ANSWER_FIELD and not tokens(k) & ASK_FIELD]
    if not asks and len(answers) == 1:
        # the ask's field named for nothing else: the one other field whose words differ
        # from record to record (not a description every record repeats)
        asks = [k for k in common if k not in answers and not tokens(k) & _NOT_ASK
                and len(said[k]) >= 0.8 * wordy[k]]
    elif len(asks) == 1 and not answers:
        # the answer's field named for nothing else (the replies as a list of messages):
        # likewise the one other field whose words differ from record to record
        answers = [k for k in common if k not in asks and not tokens(k) & _NOT_ANSWER
                   and len(said[k]) >= 0.8 * wordy[k]]
    timed = sum(1 for x in items if any(tokens(k) & TIME and isinstance(v, str | int)
                                        for k, v in x.items()))
    if len(asks) != 1 or len(answers) != 1:
        return []
    ask, answer = asks[0], answers[0]
    if timed < 0.6 * len(items) and not stored_turns(items, ask, answer, _names_id):
        return []  # (questions with reference answers, untimed, are a data set, no chat;
        # turns that are objects with ids of their own are a store's: :mod:`.stored_turns`)
    out: list[JsonObj] = []
    for x in items:
        rest = {k: v for k, v in x.items() if k not in (ask, answer)}
        out.append({_TURN: "user", _WORDS: x.get(ask), "metadata": rest})
        out.append({_TURN: "assistant", _WORDS: x.get(answer)})
    return out


_NOT_ASK = ANSWER_FIELD | RESULT | CALL | META | ATTACHMENT | THOUGHT | ID | TIME | HARNESS
_NOT_ANSWER = ASK_FIELD | CALL | META | ATTACHMENT | THOUGHT | ID | TIME | HARNESS


def _first_words(value: Any) -> str | None:
    """The first string of three words or more in ``value`` (itself or at any depth)."""
    if isinstance(value, str):
        return value if len(value.split()) >= 3 else None
    if isinstance(value, dict | list):
        return next((v for _p, v in leaves(value)
                     if isinstance(v, str) and len(v.split()) >= 3), None)
    return None


def _spans(owner: Any, items: list[JsonObj]) -> list[JsonObj]:
    """Records that hold no words, only where each starts in one text of the object that
    holds them (a rising offset from 0): each given its span of that text."""
    if not isinstance(owner, dict) or len(items) < 2 or any(_prose(x) for x in items):
        return items
    texts = [(k, v) for k, v in owner.items() if isinstance(v, str) and len(v.split()) >= 3]
    if not texts:
        return items
    key, text = max(texts, key=lambda kv: len(kv[1]))
    for k in items[0]:
        starts = [a for x in items if type(a := x.get(k)) is int]
        if (len(starts) == len(items) and starts[0] == 0
                and all(a < b for a, b in itertools.pairwise(starts))
                and starts[-1] < len(text)):
            ends = [*starts[1:], len(text)]
            return [{**x, key: text[a:b]} for x, a, b in zip(items, starts, ends, strict=True)]
    return items


def _collections(obj: Any, path: str = "", depth: int = 0,
                 owner: Any = None) -> Iterator[tuple[str, Any, list[JsonObj]]]:
    """Lists of objects and mappings of id to object below ``obj``, with the object that
    holds each (for its title)."""
    if depth > 4:
        return
    if isinstance(obj, list):
        dicts = [x for x in obj if isinstance(x, dict)]
        nested = _nested_key(dicts)
        if nested is not None:  # a tree of replies nested in their parents
            yield f"{path}[]{nested}", owner, _flatten(_rooted(dicts, nested, owner, obj), nested)
            return
        joined = joined_parts(dicts, _names_person)  # (:mod:`.joined_parts`)
        if joined is not None:  # envelopes of parts of several voices: read part by part
            yield f"{path}[]{joined[0]}+", owner, joined[1]
        if len(dicts) >= 2 and len(dicts) * 2 >= len(obj):
            yield path, owner, unquoted(dicts)  # (:mod:`.quoted_records`)
        for x in dicts:
            if joined is not None:  # each envelope's parts are read joined, not alone
                x = {k: v for k, v in x.items() if k != joined[0]}
            yield from _collections(x, f"{path}[]", depth + 1, x)
        if (latest := latest_versions(obj)) is not None:
            # each message kept as its versions: the newest (:mod:`.message_versions`)
            yield f"{path}[-1]", owner, latest
        for x in obj:  # a batch: lists of messages in a list
            if isinstance(x, list):
                yield from _collections(x, f"{path}[]", depth + 1, owner)
    elif isinstance(obj, dict):
        values = list(obj.values())
        if len(values) >= 2 and all(isinstance(v, dict) for v in values):
            yield f"{path}{{}}", owner, values
        for k, v in obj.items():
            if isinstance(v, dict | list):
                yield from _collections(v, f"{path}.{k}", depth + 1, obj)


def _names_id(name: str) -> bool:
    return bool(tokens(name) & ID)


def _names_person(kind: str) -> bool:
    return bool(tokens(kind) & PERSON)


def _nested_key(items: list[JsonObj]) -> str | None:
    """The field whose lists hold objects of the items' own shape (a reply nested in the
    message it answers, the replies to it nested in turn), else None."""
    if not items:
        return None
    shape = set(items[0])
    for k, v in items[0].items():
        if isinstance(v, list) and any(
                isinstance(c, dict) and k in c and len(shape & set(c)) >= max(3, len(shape) / 2)
                for x in items for c in _listed(x.get(k))):
            return k
    return None


def _rooted(items: list[JsonObj], key: str, owner: Any, listed: list[Any]) -> list[JsonObj]:
    """The tree's root with it when the replies hang from a message of their own shape (a
    first message kept as an object, its replies in its list): the root is the
    conversation's first turn, not the holder of a title."""
    if (isinstance(owner, dict) and owner.get(key) is listed
            and len(set(owner) & set(items[0])) >= max(3, len(items[0]) / 2)):
        return [owner]
    return items


def _flatten(items: list[JsonObj], key: str) -> list[JsonObj]:
    """The items of a nested tree depth first, each without its nested replies."""
    out: list[JsonObj] = []
    stack = list(reversed(items))
    while stack and len(out) < MAX_NESTED:
        x = stack.pop()
        out.append({k: v for k, v in x.items() if k != key})
        stack.extend(c for c in reversed(_listed(x.get(key))) if isinstance(c, dict))
    return out


def _listed(value: object) -> list[object]:
    """``value`` when it is a list, else no items (a field that is a list in one record may
    be anything in another)."""
    return value if isinstance(value, list) else []


def _tree_order(items: list[JsonObj]) -> list[JsonObj]:
    """Items in conversation order: a tree linked by child ids (a field holding a list of
    other items' ids) or by parent ids (a field holding another item's id) read depth first
    from its roots, children in their order; any other collection as it is."""
    id_key = next((k for k in ("id", "uuid") if all(isinstance(x.get(k), str) for x in items)),
                  None)
    if id_key is None:
        return items
    ids = {x[id_key]: x for x in items}
    kids: dict[str, list[str]] = {}
    kids_key = next((k for k, v in items[0].items() if isinstance(v, list) and all(
        any(isinstance(c, str) and c in ids for c in x.get(k) or []) or not x.get(k)
        for x in items)), None)
    if kids_key is not None:
        for x in items:
            kids[x[id_key]] = [c for c in x.get(kids_key) or [] if isinstance(c, str) and c in ids]
    else:
        up_key = next((k for k in items[0] if k != id_key and all(
            x.get(k) is None or (isinstance(x.get(k), str) and x[k] in ids) for x in items)
            and any(isinstance(x.get(k), str) for x in items)), None)
        if up_key is None:
            return items
        for x in items:
            if isinstance(x.get(up_key), str):
                kids.setdefault(x[up_key], []).append(x[id_key])
    return _depth_first(items, id_key, ids, kids)


def _depth_first(items: list[JsonObj], id_key: str, ids: dict[str, JsonObj],
                 kids: dict[str, list[str]]) -> list[JsonObj]:
    children = {c for cs in kids.values() for c in cs}
    out: list[JsonObj] = []
    seen: set[str] = set()
    stack = [x for x in reversed(items) if x[id_key] not in children]
    while stack:
        x = stack.pop()
        if x[id_key] in seen:
            continue
        seen.add(x[id_key])
        out.append(x)
        stack.extend(ids[c] for c in reversed(kids.get(x[id_key], [])))
    out.extend(x for x in items if x[id_key] not in seen)
    return out
