"""The headline: the user's task when there is one.

Else a document title, else the agent's most salient statement; tool output, logs and code
never. A fold prefers a child's headline by the kind recorded in its anchor.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.anchors import headline_kind_of
from gapless.engine.extractive.cues import (
    FILLER,
    NUMBER_WORDS,
    QUESTION_END,
    SPOKEN_FILLER,
    without_spoken_fillers,
)
from gapless.engine.extractive.display import as_sentence, shorten
from gapless.engine.extractive.limits import HEADLINE_CHARS
from gapless.engine.extractive.noise import is_machine_text
from gapless.engine.extractive.segment import SPEAKER
from gapless.engine.extractive.terms import CJK_CHAR
from gapless.engine.extractive.units import Parsed, Unit, is_voiced
from gapless.engine.extractive.weights import MEETING


def choose_headline_unit(units: Sequence[Unit], parsed: Parsed) -> tuple[Unit | None, str]:
    """The main task and where it came from: the first substantive user request; else a
    document title; else the agent's most salient statement (a conclusion, a decision); else,
    in text without speakers, its most salient sentence. Tool output, logs, code and JSON
    never give the headline of a transcript."""
    if "user" in parsed.roles_seen:
        user_msgs: list[int] = []
        for u in units:
            if u.role != "user" or u.meta or u.noise < 0.5 or is_machine_text(u.text):
                continue
            if u.msg not in user_msgs:
                user_msgs.append(u.msg)
            if len(user_msgs) > 3:
                break
            substantive = len(u.terms) >= 3 or (len(u.terms) >= 2 and CJK_CHAR.search(u.text))
            if substantive and not FILLER.match(u.text) and len(u.text) >= 12:
                return u, "request"
    title = _title_unit(units, parsed.titled)
    if title is not None:
        return title, "text"
    ranked = sorted(units, key=lambda u: (-u.score, u.order))
    speech = is_speech(parsed)
    for role, kind in (("assistant", "outcome"), ("text", "text")):
        for spoken_ok in (False, True):
            for u in ranked:
                if (u.role == role and is_voiced(u) and len(u.terms) >= 2
                        and not FILLER.match(u.text) and not QUESTION_END.search(u.text)
                        and (spoken_ok or role != "text" or not speech
                             or _clean_speech(u))):
                    return u, kind
    for u in ranked:
        if is_voiced(u) and len(u.terms) >= 2:
            return u, ("request" if u.role == "user" else "text")
    if parsed.roles_seen - {"text"} or any(u.role == "continuation" for u in units):
        # A piece of a transcript with nothing said in it: its best prose-like line.
        for u in ranked:
            if u.noise >= 0.5 and not is_machine_text(u.text) and len(u.terms) >= 2:
                return u, "excerpt"
    return (ranked[0] if ranked else None), "excerpt"


def is_speech(parsed: Parsed) -> bool:
    """A transcript of people talking: most of its lines open with a speaker label."""
    return (parsed.speaker_turns >= MEETING.min_turns
            and parsed.speaker_turns >= MEETING.turn_share * parsed.messages)


def _clean_speech(u: Unit) -> bool:
    """A spoken sentence fit for a headline: no fillers, not a string of numbers read out."""
    if SPOKEN_FILLER.search(u.text):
        return False
    numbers = sum(1 for t in u.terms if t in NUMBER_WORDS)
    return numbers * 2 < len(u.terms)


def headline_text(units: Sequence[Unit], unit: Unit | None, *, speech: bool = False
                  ) -> tuple[str, int]:
    """The headline sentence, joined with the next one of the same message when it is short
    ("The app crashes on start. Please fix main.py …"), within the headline limit; and the
    character offset where the quoted text ends."""
    if unit is None:
        return "", 0
    text, end = unit.text, unit.end
    nxt = units[unit.order + 1] if unit.order + 1 < len(units) else None
    if (len(text) < 60 and nxt is not None and nxt.msg == unit.msg and nxt.role == unit.role
            and len(nxt.terms) >= 2 and not FILLER.match(nxt.text)
            and not is_machine_text(nxt.text)):
        text, end = as_sentence(text) + " " + nxt.text, nxt.end
    if speech and unit.role == "text" and SPOKEN_FILLER.search(text):
        text = without_spoken_fillers(text) or text
    return shorten(text, HEADLINE_CHARS), end


def _title_unit(units: Sequence[Unit], titled: bool = False) -> Unit | None:
    """A document title: a short first line that is not a sentence, a speaker turn or noise
    (a markdown title, "# Name", counts though headings weigh less as sentences)."""
    if not units:
        return None
    first = units[0]
    text = first.text
    if (first.order == 0 and (first.noise >= 0.9 or titled) and len(first.terms) >= 2
            and first.role == "text" and not first.meta and not is_machine_text(text)
            and 8 <= len(text) <= HEADLINE_CHARS and text[-1] not in ".!?:;,。！？"
            and not SPEAKER.match(text) and len(units) > 3):
        return first
    return None


def child_headline_kind(child: Extraction) -> str:
    """Where a child's headline came from (its headline anchor says so; a headline that reads
    as log output, code or JSON is ranked last whatever it claims)."""
    kind = next((k for a in child.anchors if (k := headline_kind_of(a.label)) is not None),
                "text")
    if is_machine_text(child.headline):
        return "excerpt"
    return kind
