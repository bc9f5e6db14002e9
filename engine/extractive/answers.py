"""Answers to a question, offline: BM25 retrieval over passages with their context.

A leaf cuts its text into turns (a speaker's line, a message, a paragraph), scores every
turn twice with BM25 (``bm25s``) against the question, once alone and once as the passage
of the turns around it (two before, two after: the context that makes a short reply
answer something), expands the question with the words most concentrated in its ten best
passages (pseudo-relevance feedback, RM3-style: five terms, the question's own counting
twice), scores again, and nominates the best turns as its answer, each anchored to its byte
span; a speaker's turn is quoted without the fillers of speech. A fold re-scores the answer
pieces its children nominated, together, and keeps the best; the root's answer is what
survives. The answer is short (``MAX_ANSWER_WORDS``) and quotes the transcript's own lines
(``Speaker: text``), so every claim in it can be checked at its anchor.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.limits import MAX_ANSWER_WORDS
from gapless.engine.extractive.anchors import ByteOffsets, label_snippet
from gapless.engine.extractive.display import WHITESPACE_RUN
from gapless.engine.extractive.meeting import tidy
from gapless.engine.extractive.segment import SPEAKER
from gapless.engine.extractive.terms import content_terms, word_set
from gapless.engine.extractive.units import Unit, is_prose

_PIECE_WORDS = 40  # a longer turn is quoted by its sentences that match the question best
_CONTEXT = 2  # turns on each side of a turn in its passage
_MAX_PIECES = 8
# Tuned on QMSum's 59 specific questions (bench/quality.py): more, shorter pieces quote the
# relevant turns more often (0.64 -> 0.73) at the same ROUGE-L.
_KEEP = 0.3  # a piece is kept when it scores at least this share of the best
_AROUND = 1.5  # the weight of a turn's passage (its context) against the turn alone
# An answer piece's anchor label: "answer #2: <first words>", 2 being its rank (1 = the best)
# among the pieces of its answer, which is in transcript order; a fold reads the rank back.
ANSWER_CLAIM = re.compile(r"^answer(?: #(\d+))?: ")


def answer_label(rank: int, piece: str) -> str:
    return f"answer #{rank}: {label_snippet(piece)}"

# Words that frame a question rather than say what it is about.
_FRAME = word_set(
    """
    summarize summarise summary summarized discuss discussed discussion discussions talk
    talked talking group meeting mention mentioned opinion opinions view views explain
    explained describe described whole team member members people person anything
    """
)


def stem(word: str) -> str:
    """A light suffix stripper (plural, -ing, -ed, a final -e: "decide" and "decided" meet),
    the same for questions and passages."""
    w = _strip(word.lower())
    return w[:-1] if len(w) > 4 and w.endswith("e") and not w.endswith("ee") else w


def _strip(w: str) -> str:
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) > 5 and w.endswith("ing"):
        return w[:-3]
    if len(w) > 4 and w.endswith("ied"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith("ed"):
        return w[:-2]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith("es") and w[-3] in "sxz":
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def query_terms(question: str) -> list[str]:
    """The question's content terms, stemmed, without the words that frame it."""
    return [stem(t) for t in content_terms(question) if t not in _FRAME]


def bm25_scores(docs: Sequence[Sequence[str]], query: Sequence[str]) -> list[float]:
    """BM25 (Lucene variant, k1 = 1.5, b = 0.75) of each document for ``query``."""
    if not docs or not query:
        return [0.0] * len(docs)
    import bm25s  # type: ignore[import-untyped]  # numpy: loaded when a question is asked

    vocab = {t for d in docs for t in d}
    if not vocab & set(query):
        return [0.0] * len(docs)
    # bm25s needs a token in every document; a placeholder no query can contain.
    corpus = [list(d) if d else ["\x00"] for d in docs]
    retriever = bm25s.BM25(method="lucene")
    retriever.index(corpus, show_progress=False)
    known = [t for t in query if t in vocab]
    return [float(x) for x in retriever.get_scores(known)]


@dataclass(slots=True)
class _Turn:
    units: list[Unit]
    speaker: str
    tokens: list[str]


def _turns(text: str, units: Sequence[Unit], question: str) -> list[_Turn]:
    """Units grouped by message; a speaker's name counts as a word of the turn only when the
    question names that speaker ("what did Marketing suggest")."""
    asked = " " + WHITESPACE_RUN.sub(" ", question.lower()) + " "
    said = [u for u in units if is_prose(u)] or list(units)
    turns: list[_Turn] = []
    for u in said:
        if turns and turns[-1].units[-1].msg == u.msg:
            turns[-1].units.append(u)
            turns[-1].tokens.extend(stem(t) for t in u.terms)
            continue
        line_start = text.rfind("\n", 0, u.start) + 1
        m = SPEAKER.match(text[line_start:u.start + 1])
        speaker = m.group(1) if m and line_start + m.end() <= u.start else ""
        named = bool(speaker) and re.search(
            r"\b" + re.escape(speaker.lower()) + r"\b", asked) is not None
        tokens = [stem(t) for t in content_terms(speaker)] if named else []
        tokens += [stem(t) for t in u.terms]
        turns.append(_Turn([u], speaker, tokens))
    return turns


# Tuned on QMSum's 59 questions (bench/quality.py): R-L 0.141 -> 0.151 against BM25's 0.139.
_FEEDBACK = 10  # passages read back for expansion terms
_EXPAND = 5  # terms added to the query


def _expansion(passages: Sequence[Sequence[str]], scores: Sequence[float],
               query: Sequence[str]) -> list[str]:
    """RM3-style expansion: the terms most concentrated in the best passages (their frequency
    there against the whole meeting's), not already asked."""
    top = sorted(range(len(passages)), key=lambda i: (-scores[i], i))[:_FEEDBACK]
    if not top or scores[top[0]] <= 0.0:
        return []
    df: Counter[str] = Counter(t for p in passages for t in set(p))
    near: Counter[str] = Counter(t for i in top for t in passages[i])
    n = len(passages)
    asked = set(query)
    weight = {t: c * math.log((n + 1) / (df[t] + 0.5)) for t, c in near.items()
              if t not in asked and len(t) > 2 and c > 1}
    return sorted(weight, key=lambda t: (-weight[t], t))[:_EXPAND]


def _piece_text(turn: _Turn, units: Sequence[Unit]) -> str:
    """A turn's quoted units; a speaker's (a meeting's) without the fillers of speech."""
    body = " ".join(WHITESPACE_RUN.sub(" ", u.text).strip() for u in units)
    if not turn.speaker:
        return body
    return f"{turn.speaker}: {tidy(body) or body}"


def _words(text: str) -> int:
    return len(text.split())


_SAME = 0.6  # a piece whose content terms overlap a kept one's this much says it again


def _says_again(piece: str, kept: list[set[str]]) -> bool:
    """``piece`` repeats a piece already in the answer (Jaccard of their stemmed content
    terms): two subagents reporting the same finding, a speaker restating a point. The
    words go to something else instead."""
    m = SPEAKER.match(piece)  # "Project Manager: ..." pieces share their speaker's words
    terms = {stem(t) for t in content_terms(piece[m.end():] if m else piece)}
    if terms and any(len(terms & k) >= _SAME * len(terms | k) for k in kept):
        return True
    kept.append(terms)
    return False


def answer_text(text: str, units: Sequence[Unit], question: str,
                byte_at: ByteOffsets) -> tuple[str, list[Anchor]]:
    """A leaf's answer to ``question``: its best turns, in order, with their anchors."""
    query = query_terms(question)
    turns = _turns(text, units, question)
    if not query or not turns:
        return "", []
    alone = bm25_scores([t.tokens for t in turns], query)
    passages = [
        [tok for t in turns[max(0, i - _CONTEXT): i + _CONTEXT + 1] for tok in t.tokens]
        for i in range(len(turns))
    ]
    around = bm25_scores(passages, query)
    top_alone, top_around = max(alone), max(around)
    if top_alone <= 0.0:
        return "", []
    expanded = _expansion(passages, around, query)
    if expanded:  # pseudo-relevance feedback: the best passages' own words, weighed less
        query_x = [*query, *query, *expanded]
        alone = bm25_scores([t.tokens for t in turns], query_x)
        around = bm25_scores(passages, query_x)
        top_alone, top_around = max(alone), max(around)
        if top_alone <= 0.0:
            return "", []
    # A fragment ("Per remote control ,") says less than a turn that states something:
    # BM25 favours short documents, so turns of fewer than 6 content words count less.
    score = [(a / top_alone + _AROUND * (p / top_around if top_around else 0.0))
             * min(1.0, (len(t.tokens) + 1) / 6)
             for a, p, t in zip(alone, around, turns, strict=True)]
    qset = set(query)
    for i, turn in enumerate(turns):
        if not qset & {stem(t) for u in turn.units for t in u.terms}:
            alone[i] = score[i] = 0.0  # only its speaker is named in the question
    ranked = sorted(range(len(turns)), key=lambda i: (-score[i], i))
    chosen: list[tuple[int, str, list[Unit]]] = []
    said: list[set[str]] = []
    used = 0
    for i in ranked:
        if alone[i] <= 0.0 or score[i] < _KEEP * score[ranked[0]] or len(chosen) >= _MAX_PIECES:
            break
        turn = turns[i]
        picked = list(turn.units)
        if _words(_piece_text(turn, picked)) > _PIECE_WORDS:
            best = sorted(turn.units, key=lambda u: (
                -len(qset & {stem(t) for t in u.terms}), u.order))
            picked = []
            for u in best:
                if not qset & {stem(t) for t in u.terms} and picked:
                    break
                if _words(_piece_text(turn, [*picked, u])) > _PIECE_WORDS and picked:
                    break
                picked.append(u)
            picked.sort(key=lambda u: u.order)
        piece = _piece_text(turn, picked)
        if used + _words(piece) > MAX_ANSWER_WORDS:
            if chosen:
                continue
            piece = " ".join(piece.split()[:MAX_ANSWER_WORDS])
        if _says_again(piece, said):
            continue
        chosen.append((i, piece, picked))
        used += _words(piece)
    rank = {c[0]: n + 1 for n, c in enumerate(chosen)}
    chosen.sort(key=lambda c: c[0])
    anchors = [Anchor(start=byte_at(p[0].start), end=byte_at(p[-1].end),
                      label=answer_label(rank[i], piece)) for i, piece, p in chosen]
    return "\n".join(piece for _, piece, _ in chosen), anchors


def _child_pieces(child: Extraction) -> list[tuple[str, int, Anchor | None]]:
    """A child's answer cut back into the pieces its anchors support, with their ranks."""
    body = child.answer
    found: list[tuple[int, int, Anchor]] = []
    pos = 0
    for a in child.answer_anchors:
        m = ANSWER_CLAIM.match(a.label)
        snippet = a.label[m.end():] if m else ""
        k = body.find(snippet, pos) if snippet else -1
        if m and k >= 0:
            found.append((k, int(m.group(1) or len(found) + 1), a))
            pos = k + len(snippet)
    if not found:  # another provider's answer: its lines, in order, the anchors spread
        lines = [ln.strip() for ln in body.split("\n") if ln.strip()]
        spare: list[Anchor | None] = [*child.answer_anchors]
        return [(ln, n + 1, spare[n] if n < len(spare) else None)
                for n, ln in enumerate(lines)]
    out: list[tuple[str, int, Anchor | None]] = []
    for n, (k, rank, a) in enumerate(found):
        end = found[n + 1][0] if n + 1 < len(found) else len(body)
        out.append((body[k:end].strip(), rank, a))
    return out


def fold_answers(children: Sequence[Extraction], question: str) -> tuple[str, list[Anchor]]:
    """The children's answer pieces scored together; the best kept, in transcript order."""
    pieces: list[tuple[int, int, str, Anchor | None]] = []
    for c, child in enumerate(children):
        for text, rank, anchor in _child_pieces(child):
            if text:
                pieces.append((c, rank, text, anchor))
    if not pieces:
        return "", []
    query = query_terms(question)
    scores = bm25_scores([[stem(t) for t in content_terms(p[2])] for p in pieces], query)
    top = max(scores) or 1.0
    # the pieces scored together, and what their own leaf thought of them (its context);
    # fragments count less, as in a leaf
    score = [(s / top + 0.6 / p[1]) * min(1.0, (len(content_terms(p[2])) + 1) / 6)
             for s, p in zip(scores, pieces, strict=True)]
    ranked = sorted(range(len(pieces)), key=lambda i: (-score[i], i))
    chosen: list[int] = []
    said: list[set[str]] = []
    used = 0
    for i in ranked:
        if len(chosen) >= _MAX_PIECES or (chosen and score[i] < _KEEP * score[ranked[0]]):
            break
        words = _words(pieces[i][2])
        if used + words > MAX_ANSWER_WORDS or _says_again(pieces[i][2], said):
            continue
        chosen.append(i)
        used += words
    order = {i: n + 1 for n, i in enumerate(chosen)}
    chosen.sort()  # children are in transcript order, and so are their pieces
    text = "\n".join(pieces[i][2] for i in chosen)
    anchors = [a.model_copy(update={"label": answer_label(order[i], pieces[i][2])})
               for i in chosen if (a := pieces[i][3]) is not None]
    return text, anchors


