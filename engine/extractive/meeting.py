"""Meetings: who decided what, who will do what, said without the fillers of speech.

A transcript of talk (most lines ``Speaker: text``) gets its summary pieces quoted with
their speaker, ``decisions`` (``Speaker: what was decided``) and ``actions`` (``Owner: what
they will do``: the speaker for "I'll …", the one spoken to for "you'll …" or "can you …"),
and a headline that states the meeting's purpose when someone says it ("this is the
kick-off meeting for …"), else who met about what. Fillers (um, uh, yeah, okay, mm-hmm) and
stammered repeats ("our our") never reach them.

An action's owner is a person: work the whole group takes on ("we need to …", "you all …")
is a commitment of the meeting, listed among its decisions under who said it. A sentence
about the meeting's own course ("this is our agenda", "we'll talk about …") is neither. A
figure agreed (a price, a quantity: "selling it for twenty five Euro") is a decision even
without a word of deciding, and ranks before the talk around it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.extractive.cues import NUMBER_WORDS, QUESTION_END, without_spoken_fillers
from gapless.engine.extractive.display import WHITESPACE_RUN, as_sentence, shorten
from gapless.engine.extractive.limits import HEADLINE_CHARS
from gapless.engine.extractive.segment import SPEAKER
from gapless.engine.extractive.terms import STOPWORDS, term_overlap
from gapless.engine.extractive.units import Unit, is_prose, is_voiced

MAX_ITEMS = 6
ITEM_CHARS = 200
TOPICS_LINE = "Topics: "  # the minutes' last line (a fold puts it back after merging)
PIECE_CHARS = 220  # a quoted sentence of the minutes, at most
# Minutes selection (``minutes``): a stretch of the meeting already quoted, or a speaker
# already quoted, makes its next sentence count this much less (spread over the meeting and
# its people); a sentence sharing more than _SAME of its terms with a quoted one is a repeat.
_STRETCH_DECAY = 0.8
_SPEAKER_DECAY = 0.85
_SAME = 0.6
_STRETCH_CHARS = 200  # one stretch of the meeting per this many characters of budget
_MIN_WORDS = 6  # a shorter sentence, once tidied, is a fragment or a reply

_LEADING = re.compile(
    r"^(?:(?:so|and|but|well|right|now|alright|all right|anyway|oh|ah|like|i mean|you know|"
    r"actually|basically|then|okay|ok|yeah|yes|great|good|cool|sure)\b[ \t]*[,.]?[ \t]*)+",
    re.IGNORECASE,
)
_REPEAT = re.compile(r"\b(\w+(?:[ \t]+\w+){0,2})(?:[ \t]+\1\b)+", re.IGNORECASE)
_SPACE_PUNCT = re.compile(r"[ \t]+([,.;:!?]|'(?:s|re|ll|ve|d|m|t)\b|n't\b)")  # "it 's"
# A word broken off and restarted ("des design", "whi which", "co cognitive"): a fragment of
# one to four letters that the next word begins with (never a word of its own, see _restart,
# nor the end of a contraction: "it's supposed", "didn't take").
_FALSE_START = re.compile(r"(?<!['’])\b([a-z]{1,4})[ \t]+(?=\1[a-z])", re.IGNORECASE)
# Hedges of speech that carry nothing in writing; "@ @" marks an unintelligible word.
_HEDGE = re.compile(r"(?:,[ \t]*)?\b(?:i mean|sort of|you know(?=[ \t]*[,.;]|$))\b[ \t]*,?"
                    r"|@(?:[ \t]*@)*", re.IGNORECASE)
_TRAILING = re.compile(r"[ \t,;:-]+$")

_DECIDED = re.compile(
    r"\b(?:we(?:'ve| have)? (?:decided|agreed)|(?:decided|agreed) (?:on|to|that|we)|"
    r"(?:let's|let us|we'll|we will|we should|we're going to|we are going to) "
    r"(?:go with|go for|use|have|stick with|keep|make it|include|put|say|do|aim|target|"
    r"focus|drop|leave)|the decision|settled on|that's (?:decided|agreed|settled)|"
    r"we(?:'re| are) going with|go with|we want (?:it|to)|it (?:should|will|has to|must) be|"
    r"we'll need|we need)\b",
    re.IGNORECASE,
)
_ACTION = re.compile(
    r"\b(?:i'll|i will|i'm going to|i am going to|i'll be|you'll|you will|you're going to|"
    r"you need to|you have to|you should|can you|could you|we need to|"
    r"we have to|we'll have to|action items?|next meeting|next time|by (?:next|tomorrow|"
    r"monday|tuesday|wednesday|thursday|friday)|make sure|to do list)\b",
    re.IGNORECASE,
)
_WORK = re.compile(
    r"\b(?:send|prepare|look (?:into|at)|check|e-?mail|bring|write|draw|work(?:ing)? on|find out|"
    r"think about|design|research|present|draft|put together|set up|contact|update|"
    r"finish|report|talk to|ask|review|test|organi[sz]e|schedule|figure out|come up with|"
    r"investigate|follow up|circulate|summari[sz]e|read|record|build|implement|plan)\b",
    re.IGNORECASE,
)
_PURPOSE = re.compile(
    r"\b(?:this is (?:the|our|a) [\w -]{0,30}meeting|(?:meeting|agenda|purpose) (?:is|will be)"
    r"|we(?:'re| are) (?:here|meeting|going) to (?:discuss|talk|design|decide|look)|"
    r"today we|kick-off|kickoff)\b",
    re.IGNORECASE,
)
_SELF = re.compile(r"\b(?:i'll|i will|i'm going to|i am going to|i'll be|i can)\b", re.I)
_YOU = re.compile(r"\b(?:you'll|you will|you're going to|you need to|you have to|you should|"
                  r"can you|could you)\b", re.I)
_ALL = re.compile(r"\b(?:we|you all|you guys|everyone|everybody|all of you)\b", re.I)
_GROUP_YOU = re.compile(r"\b(?:you all|you guys|all of you|each of you|everyone|everybody)\b",
                        re.I)
# The meeting's own course: its agenda, what it will talk about or go through, who records
# it; said to run the meeting, never what it decided.
_COURSE = re.compile(
    r"\b(?:agenda|minutes|proceedings|(?:this|our|today's) meeting (?:is|will)|shared folder|"
    r"microphones?|record(?:ed|ing)?|presentations?|introduce|some stuff|"
    r"(?:we'll|we will|we're going to|we are going to|i'll|i will|i'm going to|gonna|let's|"
    r"let us|first|then|next)(?: \w+){0,2} (?:discuss|talk about|speak about|go through|"
    r"go over|go around|start with|start off)|(?:want|like) to (?:ask|say|thank|remind))\b",
    re.IGNORECASE,
)
# A figure agreed: a number (digits or words) followed by its unit or its money
_UNIT = (r"(?:euros?|dollars?|pounds?|cents?|percent|per ?cent|%|million|billion|thousand|"
         r"hundred|units?|items?|buttons?|days?|weeks?|months?|years?|hours?|minutes?|people)")
_NUMBER = (r"(?:\d[\d,.]*|(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|one|"
           r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|a)[ -]?)+)")
_FIGURE = re.compile(r"(?:[$€£]\s?\d|\b" + _NUMBER + r"\s*" + _UNIT + r"\b)", re.IGNORECASE)
# ... stated as what will be: a price, a cost, a target, "it will be", "we're selling it for"
_SETTLED = re.compile(
    r"\b(?:price|cost|costs|budget|target|aim(?:ing)?|sell(?:ing)?|sold|profit|will|'ll|"
    r"going to|gonna|should|has to|have to|must|decided|agreed)\b",
    re.IGNORECASE,
)
# A question put without its question mark ("I'm wondering, is selling it for …"), or a
# decision only supposed ("if you decided …", "we might or might not agree"): not decided.
_ASKING = re.compile(r"(?:i(?:'m| am) wondering|i wonder|is|are|do|does|did|can|could|would|"
                     r"shall|what|how|why|where|which|who)\b", re.IGNORECASE)
_HEDGED = re.compile(r"\b(?:if (?:you|we|they|i)|whether|might or might not|one could|"
                     r"should have)\b", re.IGNORECASE)
_FIGURE_WEIGHT = 2.0  # a decision with a figure agreed ranks before the talk around it


def tidy(text: str) -> str:
    """Spoken text as it reads: no fillers, no stammered repeats, no leading "so, well"."""
    out = without_spoken_fillers(WHITESPACE_RUN.sub(" ", text)) or text
    out = _REPEAT.sub(r"\1", out)
    out = _FALSE_START.sub(_restart, out)
    out = WHITESPACE_RUN.sub(" ", _HEDGE.sub(" ", out))
    out = _LEADING.sub("", out).strip()
    out = _SPACE_PUNCT.sub(r"\1", out)
    out = _TRAILING.sub("", out)
    return out[:1].upper() + out[1:] if out else ""


def _restart(m: re.Match[str]) -> str:
    return m.group(0) if m.group(1).lower() in STOPWORDS else ""


def speaker_of(text: str, u: Unit) -> str:
    """The ``Speaker:`` label of the line a unit was said on ("" when the line has none)."""
    line_start = text.rfind("\n", 0, u.start) + 1
    m = SPEAKER.match(text[line_start:u.start + 1])
    return m.group(1) if m and line_start + m.end() <= u.start else ""


@dataclass(slots=True)
class MeetingNotes:
    decisions: list[str]
    actions: list[str]
    purpose: Unit | None  # the sentence that says what the meeting is for, if any
    speakers: list[str]  # the most frequent first


def meeting_notes(text: str, units: Sequence[Unit]) -> MeetingNotes:
    """Decisions, action items with owners and a purpose headline of a meeting's text."""
    spoken = [u for u in units if is_voiced(u) and u.role == "text"]
    speakers = [speaker_of(text, u) for u in spoken]
    known = sorted({s for s in speakers if s}, key=len, reverse=True)
    decided: list[tuple[float, int, str]] = []
    todo: list[tuple[float, int, str]] = []
    for n, (u, who) in enumerate(zip(spoken, speakers, strict=True)):
        if len(u.terms) < 3 or (QUESTION_END.search(u.text) and not _YOU.search(u.text)):
            continue
        said = tidy(u.text)
        if len(said.split()) < 5:
            continue
        if _COURSE.search(u.text):
            continue  # the meeting's own course: no decision, no work
        group = False
        if _ACTION.search(u.text) and _WORK.search(u.text):
            owner = _owner(u.text, who, known, speakers, n)
            if owner:
                if said.lower().startswith(owner.lower() + ","):  # "Bob, can you …"
                    said = tidy(said[len(owner) + 1:])
                todo.append((u.score, u.order, shorten(f"{owner}: {said}", ITEM_CHARS)))
                continue
            group = owner is None
        if not who or _ASKING.match(said) or _HEDGED.search(u.text):
            continue
        figure = _is_figure_agreed(u.text)
        if group or figure or _DECIDED.search(u.text):
            weight = _FIGURE_WEIGHT if figure else 1.0
            decided.append((u.score * weight, u.order, shorten(f"{who}: {said}", ITEM_CHARS)))
    counts = Counter(s for s in speakers if s)
    ranked = sorted(counts, key=lambda s: (-counts[s], speakers.index(s)))
    return MeetingNotes(_best(decided), _best(todo), _purpose(spoken), ranked)


# Vague words of speech that say nothing as a meeting's topic ("net, whatever, decision").
_VAGUE = frozenset(("whatever", "whatnot", "stuff", "thing", "things", "little", "different",
                    "people", "meeting", "talking", "something", "anything", "everything",
                    # forms of address of a chaired meeting ("Mr.Chair, why is it …")
                    "chair", "mr.chair", "madam", "mr", "mrs", "ms", "speaker",
                    "honourable", "honorable", "colleague", "colleagues"))


def meeting_topics(topics: Sequence[str]) -> list[str]:
    """A meeting's topics without the vague words of speech."""
    return [t for t in topics if t.lower() not in _VAGUE]


def minutes(text: str, units: Sequence[Unit], budget: int, purpose: Unit | None,
            topics: Sequence[str]) -> list[tuple[Unit | None, str]]:
    """A meeting's summary as minutes: its stated purpose, then its most central sentences
    in the order they were said, each as ``Speaker: what they said`` without fillers, then
    ``Topics: …``. Returns (unit, piece) pairs; the topics line has no unit.

    Centrality: the sentence's distinct terms that recur in the meeting, each counting
    ``log(1 + sentences that use it)``, over the square root of the sentence's length (a
    central sentence carries many of the meeting's recurring words, per character). The
    greedy pick spreads over the meeting (its stretches) and its speakers, skips repeats,
    backchannels, fragments and strings of numbers read out."""
    head = _piece(text, purpose) if purpose is not None else ""
    tail = topics_line(topics, budget)
    room = budget - (len(head) + 1 if head else 0) - (len(tail) + 1 if tail else 0)
    if room < 40:  # a small budget: the sentences only
        head, tail, room = "", "", budget
    cands: list[tuple[Unit, str, str]] = []
    for u in units:
        if u is purpose or not is_prose(u) or u.role != "text":
            continue
        numbers = sum(1 for t in u.terms if t in NUMBER_WORDS)
        if len(set(u.terms)) < 3 or numbers * 2 >= len(u.terms):
            continue
        said = tidy(u.text)
        if len(said.split()) < _MIN_WORDS:
            continue
        cands.append((u, speaker_of(text, u), said))
    df: Counter[str] = Counter(t for u, _, _ in cands for t in set(u.terms))
    base = [sum(math.log(1 + df[t]) for t in set(u.terms) if df[t] > 1) / math.sqrt(len(said))
            for u, _, said in cands]
    stretches = max(2, budget // _STRETCH_CHARS)
    stretch = [k * stretches // max(1, len(cands)) for k in range(len(cands))]
    quoted: Counter[int] = Counter()
    voiced: Counter[str] = Counter()
    chosen: list[int] = []
    used = 0
    left = set(range(len(cands)))
    while left and room - used >= 40:
        k = max(left, key=lambda i: (base[i] * _STRETCH_DECAY ** quoted[stretch[i]]
                                     * _SPEAKER_DECAY ** voiced[cands[i][1]], -i))
        left.discard(k)
        u, who, said = cands[k]
        piece = _quote(who, said)
        if used + len(piece) + (1 if chosen else 0) > room:
            continue
        if any(term_overlap(u.terms, cands[j][0].terms) > _SAME for j in chosen):
            continue
        chosen.append(k)
        used += len(piece) + (1 if len(chosen) > 1 else 0)
        quoted[stretch[k]] += 1
        voiced[who] += 1
    out: list[tuple[Unit | None, str]] = [(purpose, head)] if head else []
    out += [(cands[k][0], _quote(cands[k][1], cands[k][2])) for k in sorted(chosen)]
    if tail:
        out.append((None, tail))
    return out


def topics_line(topics: Sequence[str], budget: int) -> str:
    """The minutes' last line, ``Topics: a, b, c.`` (within a quarter of the budget)."""
    if not topics:
        return ""
    return shorten(TOPICS_LINE + ", ".join(topics[:5]) + ".", max(0, budget // 4))


def split_topics_line(summary: str) -> tuple[str, str]:
    """A summary without its minutes' ``Topics:`` line, and that line ("" when none)."""
    head, sep, last = summary.rpartition("\n")
    if sep and last.startswith(TOPICS_LINE):
        return head, last
    return summary, ""


def _piece(text: str, u: Unit) -> str:
    return _quote(speaker_of(text, u), tidy(u.text) or u.text)


def _quote(who: str, said: str) -> str:
    said = as_sentence(shorten(said, PIECE_CHARS))
    return f"{who}: {said}" if who else said


def who_met(speakers: Sequence[str], topics: Sequence[str]) -> str:
    """``A, B and C on x, y and z``: a meeting's headline when nobody said its purpose."""
    who = list(speakers[:3]) + (["others"] if len(speakers) > 3 else [])
    what = list(topics[:3])

    def joined(items: list[str]) -> str:
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    return shorten(f"{joined(who)} on {joined(what)}", HEADLINE_CHARS)


def _owner(said: str, speaker: str, known: Sequence[str], speakers: Sequence[str],
           n: int) -> str | None:
    """The person who will do it: the one named, the speaker ("I'll", "make sure …"), the
    one spoken to ("you'll": the next to speak); "" for nobody known. None for work the whole
    group takes on ("we need to", "you all"): a commitment of the meeting, not one person's."""
    low = said.lower()
    for name in known:  # "marketing executive, you'll …": the one named
        if name != speaker and re.search(r"\b" + re.escape(name.lower()) + r"\b", low):
            return name
    if _SELF.search(said):
        return speaker
    if _GROUP_YOU.search(said):
        return None
    if _YOU.search(said):
        return next((s for s in speakers[n + 1:n + 6] if s and s != speaker), "")
    if _ALL.search(said):
        return None
    return speaker


def _is_figure_agreed(said: str) -> bool:
    """A number with its unit stated as what will be (a price, a quantity, a target)."""
    return bool(_FIGURE.search(said)) and bool(_SETTLED.search(said))


def _best(items: list[tuple[float, int, str]]) -> list[str]:
    """The most salient items, at most ``MAX_ITEMS``, in the order they were said."""
    seen: set[str] = set()
    kept: list[tuple[float, int, str]] = []
    for item in sorted(items, key=lambda x: (-x[0], x[1])):
        key = item[2].lower()
        if key not in seen:
            seen.add(key)
            kept.append(item)
        if len(kept) >= MAX_ITEMS:
            break
    return [text for _, _, text in sorted(kept, key=lambda x: x[1])]


def _purpose(spoken: Sequence[Unit]) -> Unit | None:
    """What the meeting is for, when someone says it early on ("this is the kick-off …")."""
    early = spoken[: max(10, len(spoken) // 5)]
    for u in early:
        if _PURPOSE.search(u.text) and len(u.terms) >= 3:
            said = tidy(u.text)
            if len(said.split()) >= 3 and len(said) <= 140:
                return u
    return None


def merge_items(lists: Sequence[Sequence[str]]) -> list[str]:
    """The children's decisions (or actions), in order, deduplicated, spread over children."""
    out: list[str] = []
    seen: set[str] = set()
    depth = 0
    while len(out) < MAX_ITEMS + 2 and any(depth < len(items) for items in lists):
        for items in lists:
            if depth < len(items) and items[depth].lower() not in seen:
                seen.add(items[depth].lower())
                out.append(items[depth])
        depth += 1
    order = {item: (c, k) for c, items in enumerate(lists) for k, item in enumerate(items)}
    return sorted(out[: MAX_ITEMS + 2], key=lambda item: order[item])
