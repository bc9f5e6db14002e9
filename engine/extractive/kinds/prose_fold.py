"""The prose kinds' fold (meeting, conversation, document, changelog): children's
summaries cut back into the pieces their anchors support, so the parent quotes the
children's own sentences; the narrative is spread over all children, quoted machine output
is dropped once any child said something, and a question answered later is not open.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.anchors import (
    EXCERPT_LABEL,
    HEADLINE_RANK,
    USER_QUESTION_LABEL,
    headline_kind_of,
    label_snippet,
    question_claim,
    summary_claim,
)
from gapless.engine.extractive.conversation import (
    ASKED,
    DONE,
    MAX_COMMANDS,
    MAX_ERRORS,
    MAX_FILES,
    compose,
    fit,
    open_reserve,
    parse,
    reading_order,
    section_at,
)
from gapless.engine.extractive.display import shorten
from gapless.engine.extractive.headline import child_headline_kind
from gapless.engine.extractive.limits import HEADLINE_CHARS, MAX_ANCHORS, MAX_PIECES, MAX_QUESTIONS
from gapless.engine.extractive.noise import is_machine_text, line_noise
from gapless.engine.extractive.salience import cosine, idf_and_centroid, score_units
from gapless.engine.extractive.sentences import split_sentences
from gapless.engine.extractive.terms import content_terms, term_overlap
from gapless.engine.extractive.topics import fold_topics, pick_topics
from gapless.engine.extractive.trailer import key_commands, key_errors
from gapless.engine.extractive.units import OrderedSet, Unit


@dataclass(slots=True)
class _Piece:
    """One sentence of a child's summary, with the anchors that support it."""

    child: int
    seq: int
    text: str
    terms: list[str]
    anchors: list[Anchor]
    score: float = 0.0
    weight: float = 1.0  # lower for pieces quoted from tool output
    section: str = ""  # a conversation's: Asked, Done or Decided ("" for prose)
    at: int = 0  # where the piece starts in the child's prose


# A piece quoted from tool output, code or logs (an ``excerpt:`` anchor) weighs less than prose.
_EXCERPT_WEIGHT = 0.3


def _child_pieces(index: int, child: Extraction) -> tuple[list[_Piece], dict[str, list[str]]]:
    """Cut a child's summary back into the pieces its anchors support.

    Our own summaries label each anchor with the first characters of the piece it supports,
    so the pieces are found exactly (and survive any number of folds). Summaries from other
    providers are cut into sentences, and their anchors spread over them in order."""
    body, section_starts, trailer = parse(child.summary)
    starts: list[tuple[int, Anchor, str]] = []
    pos = 0
    for anchor in child.anchors:
        claim = summary_claim(anchor.label)
        if claim is None or not claim[1]:
            continue
        k = body.find(claim[1], pos)
        if k >= 0:
            starts.append((k, anchor, claim[0]))
            pos = k + len(claim[1])
    pieces: list[_Piece] = []
    if starts:
        if body[: starts[0][0]].strip():
            pieces.append(_Piece(index, 0, body[: starts[0][0]].strip(), [], [],
                                 section=section_at(section_starts, 0)))
        for n, (k, anchor, kind) in enumerate(starts):
            end = starts[n + 1][0] if n + 1 < len(starts) else len(body)
            text = body[k:end].strip()
            if pieces and pieces[-1].anchors and pieces[-1].text == text:
                pieces[-1].anchors.append(anchor)  # two anchors for one piece
                continue
            weight = _EXCERPT_WEIGHT if kind == EXCERPT_LABEL else 1.0
            pieces.append(_Piece(index, len(pieces), text, [], [anchor], weight=weight,
                                 section=section_at(section_starts, k), at=k))
    else:
        for s, e in split_sentences(body, 0):
            pieces.append(_Piece(index, len(pieces), body[s:e], [], [],
                                 section=section_at(section_starts, s), at=s))
        others = [a for a in child.anchors
                  if headline_kind_of(a.label) is None and question_claim(a.label) is None]
        if pieces and others:
            for k, anchor in enumerate(others):
                pieces[min(len(pieces) - 1, k * len(pieces) // len(others))].anchors.append(
                    anchor)
    # Re-cut pieces into sentences (finer choice under the budget); every sentence keeps the
    # spans of its piece, relabelled with its own opening words.
    out: list[_Piece] = []
    for p in pieces:
        spans = split_sentences(p.text, 0)
        if len(spans) <= 1:
            out.append(p)
            continue
        for s, e in spans:
            text = p.text[s:e]
            anchors = []
            for a in p.anchors:
                claim = summary_claim(a.label)
                anchors.append(a if claim is None else Anchor(
                    start=a.start, end=a.end, label=claim[0] + label_snippet(text)))
            # a piece that ran past a lost anchor may cross sections: each sentence its own
            out.append(_Piece(index, 0, text, [], anchors, weight=p.weight,
                              section=section_at(section_starts, p.at + s) or p.section))
    for seq, p in enumerate(out):
        p.seq = seq
        p.terms = content_terms(p.text)
    return out, trailer


def merge_prose(
    live: Sequence[Extraction],
    *,
    sectioned: bool,
    kind: str,
    max_summary_chars: int,
    question: str | None,
) -> Extraction:
    """Children (none skipped) merged into running prose, or a conversation's sections
    (``sectioned``); the parent's ``kind`` is ``kind``."""
    pieces, files, commands, errors = _gather(live)
    budget = max(1, max_summary_chars)
    headline_units, centre = _score_pieces(pieces, live, question)

    asked = [q for c in live for q in c.open_questions]
    reserve = open_reserve(asked, budget) if sectioned else 0
    body_budget = budget - 40 - reserve if sectioned and budget > 120 else budget

    # Quoted tool output, logs and code are dropped once the children said anything at all.
    if any(not is_machine_text(p.text) for p in pieces):
        pieces = [p for p in pieces if not (p.weight < 1.0 and is_machine_text(p.text))]
    kept, task = _select(pieces, sectioned, body_budget)
    if sectioned and len(kept) > 1:
        keep = fit([p.section or DONE for p in kept], [p.text for p in kept],
                   [math.inf if p is task else p.score for p in kept], budget - reserve)
        kept = [kept[i] for i in keep]

    best_child = _headline_child(live, sectioned, headline_units, centre)
    headline = shorten(live[best_child].headline.strip(), HEADLINE_CHARS)

    if sectioned:  # anchors in the order the summary reads (the next fold finds them so)
        shown = [kept[i] for i in reading_order([p.section or DONE for p in kept])]
    else:
        shown = kept
    anchors: list[Anchor] = [a for p in shown for a in p.anchors]
    heads = [a for a in live[best_child].anchors if headline_kind_of(a.label) is not None]
    # a conversation's headline anchor first: a fold prompt that cuts anchors keeps it
    anchors = heads + anchors if sectioned else anchors + heads

    topics = fold_topics(live)
    if len(topics) < 3:
        extra_units = [Unit(0, 0, p.text, "text", 0, i, 1.0, p.terms)
                       for i, p in enumerate(pieces)]
        for t in pick_topics(extra_units, {}, errors.items):
            if t.lower() not in {x.lower() for x in topics} and len(topics) < 3:
                topics.append(t)

    questions, q_anchor = _open_questions(live)
    for q in questions:
        anchors.extend(q_anchor.get(q, []))
    if sectioned:
        summary = compose([(p.section or DONE, p.text) for p in kept], questions, budget)
    else:
        summary = " ".join(p.text for p in kept)
    summary = summary[:budget]
    return Extraction(
        headline=headline,
        summary=summary,
        topics=topics,
        open_questions=questions,
        anchors=_unique_anchors(anchors)[:MAX_ANCHORS],
        files=files.items[:MAX_FILES],
        commands=key_commands(commands.items, limit=MAX_COMMANDS),
        errors=key_errors(errors.items)[:MAX_ERRORS],
        kind=kind,
    )


def _gather(live: Sequence[Extraction]
            ) -> tuple[list[_Piece], OrderedSet, OrderedSet, OrderedSet]:
    """Every child's pieces, and the files, commands and errors they name (in order)."""
    pieces: list[_Piece] = []
    files = OrderedSet()
    commands = OrderedSet()
    errors = OrderedSet()
    for index, child in enumerate(live):
        child_pieces, trailer_items = _child_pieces(index, child)
        pieces.extend(child_pieces)
        for f in [*child.files, *trailer_items["Files"]]:
            files.add(f)
        for c in [*child.commands, *trailer_items["Commands"]]:
            commands.add(c)
        for e in [*child.errors, *trailer_items["Errors"]]:
            errors.add(e)
    return pieces, files, commands, errors


@dataclass(slots=True)
class _Centre:
    """The children's centroid (summaries and headlines), for choosing the headline."""

    idf: dict[str, float]
    centroid: dict[str, float]
    norm: float


def _score_pieces(pieces: list[_Piece], live: Sequence[Extraction], question: str | None
                  ) -> tuple[list[Unit], _Centre]:
    """Score pieces like sentences (centroid of all children's summaries, cues, noise), plus
    the opening task and a nudge toward later children, which carry the outcome. Returns
    the children's headlines as units and the centroid they share with the pieces."""
    pseudo = [Unit(0, 0, p.text, "text", p.child, i, line_noise(p.text), p.terms)
              for i, p in enumerate(pieces)]
    score_units(pseudo, question, len(live))
    last_child = len(live) - 1
    # The user's requests (child headlines of that kind) weigh as they did in the leaves.
    requests = {i: label_snippet(c.headline.rstrip("…"))[:40] for i, c in enumerate(live)
                if child_headline_kind(c) == "request" and c.headline.strip()}
    for p, u in zip(pieces, pseudo, strict=True):
        bonus = 1.0
        if p.child == 0 and p.seq == 0:
            bonus += 0.4
        head = requests.get(p.child)
        if head and label_snippet(p.text).startswith(head):
            bonus += 0.4
        elif p.section == ASKED and not any(
                q.child == p.child and q.section == ASKED and q.seq < p.seq for q in pieces):
            bonus += 0.4  # the user's first request of that part
        if last_child:
            bonus += 0.15 * p.child / last_child
        if re.match(r"^[A-Z]\w+: [{\[]", p.text):  # a rendered tool call, not prose
            bonus *= 0.2
        p.score = u.score * bonus * p.weight
    headline_units = [Unit(0, 0, c.headline, "text", i, i, 1.0, content_terms(c.headline))
                      for i, c in enumerate(live)]
    idf, centroid = idf_and_centroid(pseudo + headline_units)
    cnorm = math.sqrt(sum(v * v for v in centroid.values()))
    return headline_units, _Centre(idf, centroid, cnorm)


@dataclass(slots=True)
class _Pick:
    """The greedy choice's running state: pieces kept, characters and anchors used."""

    kept: list[_Piece]
    per_child: Counter[int]
    used: int = 0
    asked_used: int = 0
    n_anchors: int = 0

    def keep(self, p: _Piece, extra: int) -> None:
        self.kept.append(p)
        self.per_child[p.child] += 1
        self.used += extra
        if p.section == ASKED:
            self.asked_used += extra
        self.n_anchors += max(1, len(p.anchors))


def _select(pieces: list[_Piece], sectioned: bool, body_budget: int
            ) -> tuple[list[_Piece], _Piece | None]:
    """The pieces the parent quotes, in order, and the task kept first (if any).

    Greedy, with diminishing returns per child: the narrative covers the whole timeline
    instead of the densest stretch of it."""
    ranked = sorted(pieces, key=lambda p: (-p.score, p.child, p.seq))
    pick = _Pick([], Counter())
    floor = ranked[0].score * 0.12 if ranked else 0.0
    asked_share = body_budget * 3 // 4  # what was asked: at most three quarters, as in a leaf
    # A conversation keeps what it was asked first (its headline tells how it ended).
    task = next((p for p in pieces if sectioned and p.section == ASKED), None)
    if task is not None and task.child == 0 and 2 * len(task.text) < body_budget \
            and len(task.anchors) <= MAX_PIECES:
        pick.keep(task, len(task.text))
    else:
        task = None
    # Lazy greedy: a piece's key only ever drops (when its child gets another piece), so a
    # popped piece whose key is stale goes back with its current one.
    heap = [(-p.score, p.child, p.seq, 0, n) for n, p in enumerate(ranked)
            if p.score > floor or n == 0]
    heapq.heapify(heap)
    while heap and pick.n_anchors < MAX_PIECES:
        _, _, _, seen_count, n = heapq.heappop(heap)
        p = ranked[n]
        if p is task:
            continue
        if pick.per_child[p.child] != seen_count:
            current = pick.per_child[p.child]
            heapq.heappush(heap, (-p.score / (1.0 + 0.5 * current), p.child, p.seq, current, n))
            continue
        if pick.n_anchors + len(p.anchors) > MAX_PIECES:
            continue
        extra = len(p.text) + (1 if pick.kept else 0)
        if pick.used + extra > body_budget:
            if body_budget - pick.used < 40:
                break
            continue
        if any(term_overlap(p.terms, k.terms) > 0.6 for k in pick.kept) and p.terms:
            continue
        if p.section == ASKED and pick.asked_used + extra > asked_share:
            continue
        pick.keep(p, extra)
    kept = pick.kept
    kept.sort(key=lambda p: (p.child, p.seq))
    if not kept and ranked:
        top = ranked[0]
        kept = [_Piece(top.child, top.seq, shorten(top.text, body_budget), top.terms,
                       top.anchors, section=top.section)]
    return kept, task


def _headline_child(live: Sequence[Extraction], sectioned: bool,
                    headline_units: list[Unit], centre: _Centre) -> int:
    """The child whose headline heads the parent: a conversation's latest outcome; else the
    user's first task when a child has one; else the child headline closest to the whole
    (with a nudge for the opening child) among the best kind there is."""
    kinds = [child_headline_kind(c) for c in live]
    ranks = [HEADLINE_RANK[k] if live[i].headline.strip() else 99 for i, k in enumerate(kinds)]
    best_rank = min(ranks)
    best_child = ranks.index(best_rank)
    outcomes = [i for i, k in enumerate(kinds) if k == "outcome" and live[i].headline.strip()]
    if sectioned and outcomes:
        # A conversation's headline is how it ended: the latest part's outcome.
        best_child = outcomes[-1]
    elif best_rank != HEADLINE_RANK["request"]:
        best_score = -1.0
        for i, hu in enumerate(headline_units):
            if ranks[i] != best_rank:
                continue
            s = (cosine(hu.terms, centre.idf, centre.centroid, centre.norm) + 0.02) \
                * (1.5 if i == 0 else 1.0)
            if s > best_score + 1e-12:
                best_child, best_score = i, s
    return best_child


def _open_questions(live: Sequence[Extraction]) -> tuple[list[str], dict[str, list[Anchor]]]:
    """Open questions: deduplicated, the most recent five, in order; with their anchors."""
    questions: list[str] = []
    q_anchor: dict[str, list[Anchor]] = {}
    q_terms_seen: list[list[str]] = []
    for index, child in enumerate(live):
        claims = [(a, qc) for a in child.anchors
                  if (qc := question_claim(a.label)) is not None]
        for q in child.open_questions:
            lab = label_snippet(q)
            own = [a for a, (_, snippet) in claims if snippet == lab]
            if is_machine_text(q):
                continue  # a log line or SQL from an older or foreign child
            if index < len(live) - 1 and any(
                    kind == USER_QUESTION_LABEL for a, (kind, snippet) in claims
                    if snippet == lab):
                # The user asked it at the very end of that part; the agent's reply is in
                # the parts after it.
                continue
            qt = content_terms(q)
            dup = next((i for i, t in enumerate(q_terms_seen)
                        if q.strip().lower() == questions[i].lower()
                        or (qt and t and term_overlap(qt, t) >= 0.8)), None)
            if dup is not None:
                continue
            questions.append(q.strip())
            q_terms_seen.append(qt)
            q_anchor[q.strip()] = own
    return questions[-MAX_QUESTIONS:], q_anchor


def _unique_anchors(anchors: list[Anchor]) -> list[Anchor]:
    unique: list[Anchor] = []
    seen_spans: set[tuple[int, int, str]] = set()
    for a in anchors:
        span_key = (a.start, a.end, a.label)
        if span_key not in seen_spans:
            seen_spans.add(span_key)
            unique.append(a)
    return unique
