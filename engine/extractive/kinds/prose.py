"""The prose pipeline the meeting, conversation and document kinds share: a text's units
scored, selected within the budget and laid out in the kind's style (:class:`ProseStyle`:
a meeting's minutes, a conversation's sections, a document's running prose)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.anchors import (
    EXCERPT_LABEL,
    HEADLINE_LABELS,
    QUESTION_LABEL,
    SUMMARY_LABEL,
    USER_QUESTION_LABEL,
    ByteOffsets,
    headline_kind_of,
    label_snippet,
)
from gapless.engine.extractive.answers import answer_text
from gapless.engine.extractive.conversation import (
    MAX_COMMANDS,
    MAX_ERRORS,
    compose,
    cut_off,
    cut_off_headline,
    fit,
    key_files,
    open_reserve,
    outcome_headline,
    outcome_unit,
    reading_order,
    section_of,
)
from gapless.engine.extractive.cues import FILLER
from gapless.engine.extractive.display import as_sentence, shorten
from gapless.engine.extractive.engineering import entities_of
from gapless.engine.extractive.headline import choose_headline_unit, headline_text
from gapless.engine.extractive.limits import (
    HEADLINE_CHARS,
    MAX_ANCHORS,
    MAX_DISPLAY,
    MAX_PIECES,
    MAX_QUESTIONS,
)
from gapless.engine.extractive.meeting import (
    MeetingNotes,
    meeting_notes,
    meeting_topics,
    minutes,
    speaker_of,
    tidy,
    who_met,
)
from gapless.engine.extractive.noise import is_machine_text
from gapless.engine.extractive.salience import score_units
from gapless.engine.extractive.terms import term_overlap
from gapless.engine.extractive.topics import pick_topics
from gapless.engine.extractive.trailer import key_commands, key_errors
from gapless.engine.extractive.units import ROLE_WEIGHT, Parsed, Unit, is_prose
from gapless.engine.extractive.unlisted_asks import with_every_ask


@dataclass(frozen=True, slots=True)
class ProseStyle:
    """How a prose kind lays its summary out: ``minutes`` (a meeting's: speakers quoted,
    decisions and actions), ``sectioned`` (a conversation's Asked / Done / Decided / Left
    open bullets); neither is running prose. ``kind`` is the name the extraction carries."""

    kind: str
    minutes: bool = False
    sectioned: bool = False


def summarize_prose(
    text: str,
    parsed: Parsed,
    style: ProseStyle,
    base_offset: int = 0,
    *,
    max_summary_chars: int = 1200,
    question: str | None = None,
) -> Extraction:
    """Summarize a parsed text in ``style``; anchors are absolute UTF-8 byte spans."""
    units = [u for u in parsed.units if u.text]
    if not units:
        return Extraction(skipped=True, skip_reason="no readable text")
    score_units(units, question, parsed.messages)
    byte_at = ByteOffsets(text, base_offset)
    ents = entities_of(parsed)

    budget = max(1, max_summary_chars)
    # The kind's style: a meeting is minuted (speakers quoted, decisions and actions); a
    # conversation with an agent reads as sections of bullets (done, decided, left open),
    # its files, commands and errors fields of their own, never lines of the summary.
    speech = style.minutes
    conversation = style.sectioned
    reserve = open_reserve(ents.open_questions, budget) if conversation else 0
    body_budget = budget - 30 - reserve if conversation and budget > 120 else budget
    # The narrative is what the user and the agent said; tool output, code, logs and injected
    # context only when there is nothing else (a log file, a leaf inside one tool result).
    said = [u for u in units if is_prose(u) and not is_machine_text(u.text)]
    notes = meeting_notes(text, units) if speech else None
    topics = pick_topics(units, parsed.files, ents.errors)
    if speech:
        topics = meeting_topics(topics) or topics
    minuted = (minutes(text, said, body_budget, notes.purpose, topics)
               if notes is not None else [])
    if not any(u is not None for u, _ in minuted):
        minuted = []
    headline_unit, headline_kind = choose_headline_unit(units, parsed)
    # The headline tells how a conversation ended; the summary keeps what was asked.
    request = headline_unit if style.sectioned and headline_kind == "request" else None
    body = (_minutes_body(minuted) if minuted
            else _body(text, units, said, style, body_budget, request))
    if conversation:
        body.fit_sections(budget - reserve, ents.open_questions)

    head = _Headline(headline_unit, headline_kind, "", 0)
    _choose_headline(head, text, units, style, notes, topics)
    anchors = _piece_anchors(body, byte_at)
    if head.unit is not None:
        anchors.append(Anchor(start=byte_at(head.unit.start), end=byte_at(head.end),
                              label=HEADLINE_LABELS[head.kind] + label_snippet(head.text)))
    questions = _shown_questions(text, units, ents.open_questions, speech, anchors, byte_at)
    if conversation:
        summary = compose(list(zip(body.sections, body.pieces, strict=True)), questions,
                          budget)
        # summary anchors in the order the summary reads (a fold finds them in that order),
        # after the headline's (kept first when a fold prompt cuts anchors to fit)
        summary_anchors = [anchors[i] for i in reading_order(body.sections)]
        rest = anchors[len(body.sections):]
        heads = [a for a in rest if headline_kind_of(a.label) is not None]
        anchors = heads + summary_anchors + [a for a in rest if a not in heads]
    else:
        summary = " ".join(body.pieces)
        tail = next((piece for u, piece in minuted if u is None), "")
        if tail:  # the minutes' Topics line
            summary += "\n" + tail
    summary = summary[:budget]
    answer, answer_anchors = (answer_text(text, units, question, byte_at) if question
                              else ("", []))
    return Extraction(
        headline=head.text,
        summary=summary,
        topics=topics,
        open_questions=questions,
        anchors=anchors[:MAX_ANCHORS],
        answer=answer,
        answer_anchors=answer_anchors,
        decisions=notes.decisions if notes is not None else [],
        actions=notes.actions if notes is not None else [],
        files=key_files(parsed),
        commands=key_commands(parsed.commands, limit=MAX_COMMANDS),
        errors=key_errors(ents.errors)[:MAX_ERRORS],
        kind=style.kind,
    )


@dataclass(slots=True)
class _Body:
    """The summary's pieces: the units quoted, their text, their sections, and the request
    kept whatever its score (a conversation's)."""

    chosen: list[Unit]
    pieces: list[str]
    request: Unit | None
    sections: list[str] = field(default_factory=list)

    def only(self, keep: Sequence[int]) -> None:
        self.chosen = [self.chosen[i] for i in keep]
        self.pieces = [self.pieces[i] for i in keep]
        self.sections = [self.sections[i] for i in keep]

    def fit_sections(self, room: int, open_questions: Sequence[str]) -> None:
        """A conversation's bullets fitted to ``room``; a question left open is shown under
        "Left open", not also among what was asked."""
        if len(self.pieces) > 1:
            self.only(fit(self.sections, self.pieces,
                          [math.inf if u is self.request else u.score for u in self.chosen],
                          room))
        if len(self.pieces) > 1:
            asked = {shorten(q, 200) for q in open_questions}
            self.only([i for i, u in enumerate(self.chosen)
                       if shorten(u.text, 200) not in asked] or [0])


def _minutes_body(minuted: Sequence[tuple[Unit | None, str]]) -> _Body:
    """A meeting's summary: its minutes (engine.extractive.meeting), one piece each."""
    chosen = [u for u, _ in minuted if u is not None]
    pieces = [piece for u, piece in minuted if u is not None]
    return _Body(chosen, pieces, None, [section_of(u) for u in chosen])


def _body(text: str, units: Sequence[Unit], said: Sequence[Unit], style: ProseStyle,
          body_budget: int, request: Unit | None) -> _Body:
    """The pieces of the summary: the best units within budget, with what was asked
    (``request``) kept among them."""
    sep = 3 if style.sectioned else 1  # "\n- " before each bullet
    chosen = _select(said or units, body_budget, sep)
    if request is not None and all(u is not request for u in chosen):
        need = len(as_sentence(shorten(request.text, MAX_DISPLAY))) + 3
        if need * 2 < body_budget:
            chosen = _select([u for u in said or units if u is not request],
                             body_budget - need, sep)
            chosen = sorted([*chosen, request], key=lambda u: u.order)
    if style.sectioned:
        chosen = _less_asked(chosen, said or units, request, body_budget, sep)
        chosen = with_every_ask(chosen, said, body_budget,
                                lambda u: len(as_sentence(shorten(u.text, MAX_DISPLAY))) + sep)
    if style.minutes:  # a meeting without minutes: who said it, without fillers
        pieces = [as_sentence(shorten(_spoken(text, u), MAX_DISPLAY)) for u in chosen]
    else:
        pieces = [as_sentence(shorten(u.text, MAX_DISPLAY)) for u in chosen]
    if not pieces:
        best = max(units, key=lambda u: (u.score, -u.order))
        chosen = [best]
        pieces = [shorten(best.text, body_budget)]
    return _Body(chosen, pieces, request, [section_of(u) for u in chosen])


@dataclass(slots=True)
class _Headline:
    unit: Unit | None
    kind: str
    text: str
    end: int  # where the headline's span ends in the text


def _choose_headline(head: _Headline, text: str, units: Sequence[Unit], style: ProseStyle,
                     notes: MeetingNotes | None, topics: Sequence[str]) -> None:
    """A conversation's outcome, a meeting's stated purpose (or who met about what), else
    the headline unit's text."""
    outcome = outcome_unit(units) if style.sectioned else None
    if outcome is not None:  # how it ended, not the first request
        head.unit, head.kind = outcome, "outcome"
        head.text, head.end = outcome_headline(units, outcome)
        how = cut_off(text, outcome.end)
        if how is not None:  # the user or the provider stopped it after that report
            head.text = cut_off_headline(how, head.text)
    else:
        head.text, head.end = headline_text(units, head.unit, speech=style.minutes)
    if notes is not None and notes.purpose is not None:
        # a meeting's stated purpose is its task: folds prefer it as they prefer a request
        head.unit, head.kind = notes.purpose, "request"
        head.end = notes.purpose.end
        head.text = tidy(notes.purpose.text)
    if notes is not None and notes.purpose is None and notes.speakers and topics:
        # nobody said what the meeting is for: who met, about what
        head.text = who_met(notes.speakers, topics)
    elif style.minutes:
        head.text = shorten(as_sentence(tidy(head.text)) if head.text else "", HEADLINE_CHARS)


def _piece_anchors(body: _Body, byte_at: ByteOffsets) -> list[Anchor]:
    """One anchor per piece, labelled a summary (prose) or an excerpt (machine output)."""
    anchors: list[Anchor] = []
    for u, piece in zip(body.chosen, body.pieces, strict=True):
        prose = (not u.meta and u.role not in ("tool", "system", "continuation")
                 and u.noise >= 0.5 and not is_machine_text(u.text))
        kind = SUMMARY_LABEL if prose else EXCERPT_LABEL
        anchors.append(Anchor(start=byte_at(u.start), end=byte_at(u.end),
                              label=kind + label_snippet(piece)))
    return anchors


def _shown_questions(text: str, units: Sequence[Unit], open_questions: Sequence[str],
                     speech: bool, anchors: list[Anchor], byte_at: ByteOffsets) -> list[str]:
    """The latest open questions as shown (a meeting's: who asked, without fillers); each
    found among the units gets its anchor appended to ``anchors``."""
    shown_questions: list[str] = []
    for q in open_questions[-MAX_QUESTIONS:]:
        qu = next((u for u in units if shorten(u.text, 200) == q), None)
        if speech and qu is not None:  # a meeting's: who asked it, without fillers
            q = shorten(_spoken(text, qu), 200)
        shown_questions.append(q)
        if qu is not None and len(anchors) < MAX_ANCHORS:
            label = USER_QUESTION_LABEL if qu.role == "user" else QUESTION_LABEL
            anchors.append(Anchor(start=byte_at(qu.start), end=byte_at(qu.end),
                                  label=label + label_snippet(q)))
    return shown_questions


def _less_asked(chosen: list[Unit], pool: Sequence[Unit], request: Unit | None,
                budget: int, sep: int) -> list[Unit]:
    """A conversation's summary says what was done, not only what was asked: the user's words
    take at most three quarters of it; the rest is what the agent did and found."""
    def size(u: Unit) -> int:
        return len(as_sentence(shorten(u.text, MAX_DISPLAY))) + sep
    asked = [u for u in chosen if u.role == "user"]
    share = budget * 3 // 4
    if sum(size(u) for u in asked) <= share:
        return chosen
    kept: list[Unit] = [request] if request is not None and request in asked else []
    used = sum(size(u) for u in kept)
    for u in sorted(asked, key=lambda u: (-u.score, u.order)):
        if u in kept or used + size(u) > share:
            continue
        kept.append(u)
        used += size(u)
    others = _select([u for u in pool if u.role != "user"], budget - used, sep,
                     max_pieces=MAX_PIECES - len(kept))
    return sorted([*kept, *others], key=lambda u: u.order)


def _spoken(text: str, u: Unit) -> str:
    """A meeting's sentence as a summary quotes it: ``Speaker: what they said``, tidied."""
    who = speaker_of(text, u)
    said = tidy(u.text) or u.text
    return f"{who}: {said}" if who else said


def _select(units: Sequence[Unit], budget: int, sep: int = 1,
            max_pieces: int = MAX_PIECES) -> list[Unit]:
    """Greedy selection by score with a redundancy check; returned in text order. ``sep``
    is what each piece costs besides its text (a space; a bullet and a newline)."""
    ranked = sorted(units, key=lambda u: (-u.score, u.order))
    chosen: list[Unit] = []
    used = 0
    seen_text: set[str] = set()
    floor = ranked[0].score * 0.12 if ranked else 0.0
    for u in ranked[:400]:
        if u.score <= floor and chosen:
            break
        if _quality(u) < 0.12 and chosen:
            continue
        piece_len = len(as_sentence(shorten(u.text, MAX_DISPLAY)))
        if used + piece_len + (sep if chosen else 0) > budget:
            if budget - used < 40:
                break
            continue
        key = u.text.lower()
        if key in seen_text or any(term_overlap(u.terms, c.terms) > 0.6 for c in chosen):
            continue
        if len(u.terms) < 2 and chosen:
            continue
        seen_text.add(key)
        chosen.append(u)
        used += piece_len + (sep if len(chosen) > 1 else 0)
        if len(chosen) >= max_pieces:
            break
    chosen.sort(key=lambda u: u.order)
    return chosen


def _quality(u: Unit) -> float:
    """How much a unit reads like prose worth quoting (noise x role, filler down-weighted)."""
    q = u.noise * ROLE_WEIGHT.get(u.role, 1.0) * (0.25 if u.meta else 1.0)
    return q * (0.4 if FILLER.match(u.text) else 1.0)
