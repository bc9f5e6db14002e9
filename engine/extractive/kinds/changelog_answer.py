"""A changelog's answer to "which release …": the items that match the question best, best
first, each with the release that holds it.

A changelog is a list of items (a bullet, a GNU ``* file (fn):`` entry, a paragraph) under
release headings, and a question about it almost always quotes an item's own words ("which
release fixed the crash when passed a -"). So the items are scored one by one, not as
passages with their neighbours (a neighbour's words would pull in the release next door):
BM25 of the item against the question, plus the share of the question's word pairs the item
holds in the same order (a quoted phrase, which BM25 alone cannot tell from scattered words).
The best items come first, because the first one answers "which release".
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.core.extraction import Anchor
from gapless.engine.core.limits import MAX_ANSWER_WORDS
from gapless.engine.extractive.anchors import ByteOffsets
from gapless.engine.extractive.answers import (
    ANSWER_CLAIM,
    answer_label,
    bm25_scores,
    query_terms,
    stem,
)
from gapless.engine.extractive.kinds.changelog_headings import Release
from gapless.engine.extractive.terms import content_terms, word_set
from gapless.engine.extractive.weights import CHANGELOG

__all__ = ["Item", "best_first", "in_releases", "items_of", "release_answer"]

_BULLET = re.compile(r"^\s*(?:[*+\-•]|\d{1,3}[.)])\s+\S")
_RULE = re.compile(r"^\s*(?:[=\-~^*#_]{3,})\s*$")
# Words that frame a question about a changelog rather than say what it is about: every
# release heading holds them, so they would pick the item that mentions "version" instead.
_FRAME = {stem(w) for w in word_set("which release released version versions changelog when")}


@dataclass(frozen=True, slots=True)
class Item:
    """One changelog item: the index of its release (-1: above the first heading), its
    first and last 0-based lines, and its text on one line."""

    release: int
    first: int
    last: int
    text: str


def items_of(lines: Sequence[str], heading_lines: Sequence[int]) -> list[Item]:
    """The items of each release section (between its heading and the next one), and of
    the lines above the first heading (release -1: a part of a file cut inside a release)."""
    out: list[Item] = []
    bounds = [*heading_lines, len(lines)]
    sections = [(-1, 0, bounds[0])] + [(k, bounds[k] + 1, bounds[k + 1])
                                        for k in range(len(heading_lines))]
    for release, start, end in sections:
        current: list[str] = []
        first = start
        for i in range(start, end):
            line = lines[i]
            apart = not line.strip() or _RULE.match(line) or line.startswith("#")
            if apart or _BULLET.match(line):
                if current:
                    out.append(Item(release, first, i - 1, " ".join(current)))
                current = []
                if apart:  # a blank, a rule or a markdown sub-heading ("### Features")
                    continue
            if not current:
                first = i
            current.append(" ".join(line.split()))
        if current:
            out.append(Item(release, first, end - 1, " ".join(current)))
    return out


def _pairs(tokens: Sequence[str]) -> set[tuple[str, str]]:
    return set(itertools.pairwise(tokens))


def _scores(items: Sequence[Item], question: str) -> list[float]:
    """Each item's score: BM25 against the question (its best item scoring 1) plus the
    weighted share of the question's word pairs it holds in order."""
    query = [t for t in query_terms(question) if t not in _FRAME]
    if not query or not items:
        return [0.0] * len(items)
    tokens = [[stem(t) for t in content_terms(it.text)] for it in items]
    bm25 = bm25_scores(tokens, query)
    top = max(bm25)
    if top <= 0.0:
        return [0.0] * len(items)
    asked = _pairs(query)
    out = []
    for s, toks in zip(bm25, tokens, strict=True):
        phrase = len(asked & _pairs(toks)) / len(asked) if asked and s > 0.0 else 0.0
        out.append(s / top + CHANGELOG.phrase_weight * phrase)
    return out


def release_answer(text: str, heading_lines: Sequence[int], titles: Sequence[str],
                   question: str, base_offset: int) -> tuple[str, list[Anchor]]:
    """The items best matching ``question``, best first, each as "In <release>: <item>"
    (an item above the first heading as it is), with their anchors; ("", []) when no item
    shares a word with the question. A question that names something exactly (a bug
    number, an identifier, a release's version) is answered by the items that name it, or
    by the first items of the release it names."""
    lines = text.split("\n")
    items = items_of(lines, heading_lines)
    chosen = _named_items(lines, items, titles, question)
    if chosen is None:
        scores = _scores(items, question)
        ranked = sorted(range(len(items)), key=lambda i: (-scores[i], i))
        if not ranked or scores[ranked[0]] <= 0.0:
            return "", []
        chosen = [i for i in ranked[: CHANGELOG.answer_items]
                  if scores[i] >= CHANGELOG.answer_keep * scores[ranked[0]]]
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    byte_at = ByteOffsets(text, base_offset)
    pieces: list[str] = []
    anchors: list[Anchor] = []
    used = 0
    for i in chosen:
        item = items[i]
        piece = item.text if item.release < 0 else (
            f"In {' '.join(titles[item.release].split())}: {item.text}")
        words = len(piece.split())
        if pieces and used + words > MAX_ANSWER_WORDS:
            break
        used += words
        pieces.append(piece)
        end = starts[item.last] + len(lines[item.last])
        anchors.append(Anchor(start=byte_at(starts[item.first]), end=byte_at(end),
                              label=answer_label(len(pieces), piece)))
    return "\n".join(pieces), anchors


def best_first(answer: str, anchors: Sequence[Anchor]) -> tuple[str, list[Anchor]]:
    """A folded answer's pieces put back in the order of their rank (a fold keeps them in
    file order), so its first line is still the best item; as it is when the pieces and
    their anchors do not pair up."""
    pieces = answer.split("\n")
    ranks = [ANSWER_CLAIM.match(a.label) for a in anchors]
    if len(pieces) != len(anchors) or any(m is None or m.group(1) is None for m in ranks):
        return answer, list(anchors)
    order = sorted(range(len(pieces)), key=lambda i: int(ranks[i].group(1)))  # type: ignore[union-attr]
    return "\n".join(pieces[i] for i in order), [anchors[i] for i in order]


_ID = re.compile(r"(?<![\w.])#?(\d{3,})(?!\w|\.\d)")  # a bug, issue or PR number
# a name the text would spell the same way: a version, an identifier, a qualified name
_NAME = re.compile(r"(?<![\w.:])[A-Za-z0-9][\w.:]*\w")
_NAMED_BY = re.compile(r"\d|_|\w[.:]+\w")  # a digit, an underscore or an inner dot
_MAX_NAMED = 3
_COMMON_LINES = 3  # a name in more lines than this (or 1 %) is too common to answer by


def _asked_names(question: str) -> set[str]:
    """What a question names exactly: numbers (bug 40645, #1234), versions (4.7.2) and
    identifiers (update_file_1, Mojo::File)."""
    names = {m.group(1) for m in _ID.finditer(question)}
    names |= {w for m in _NAME.finditer(question)
              if len(w := m.group(0)) >= 4 and _NAMED_BY.search(w)}
    return names


def _named_items(lines: Sequence[str], items: Sequence[Item], titles: Sequence[str],
                 question: str) -> list[int] | None:
    """The items that name what the question names exactly (a changelog answers "which
    release fixed bug 40645" where it says 40645): those naming the most of it, then
    sharing the most of the question's words, in file order; or the first items of the
    release whose heading names it ("what changed in 9.5.0"). None when it names nothing
    the text holds, or only what too many lines hold to tell them apart."""
    names = _asked_names(question)
    if not names:
        return None
    # a name that many lines hold ("github.com", "debian/control") tells none of them apart
    common = max(_COMMON_LINES, len(lines) // 100)
    names = {n for n in names if sum(1 for ln in lines if n in ln) <= common}
    if not names:
        return None
    words = set(content_terms(question))
    found: list[tuple[int, int, int]] = []  # (named, words shared, item)
    for k, item in enumerate(items):
        if not any(n in item.text for n in names):
            continue
        own = {m.group(1) for m in _ID.finditer(item.text)}
        own |= {m.group(0) for m in _NAME.finditer(item.text)}
        if hits := len(names & own):
            found.append((hits, len(words & set(content_terms(item.text))), k))
    if found:
        best = max((h, w) for h, w, _ in found)
        return [k for h, w, k in found if (h, w) == best][:_MAX_NAMED]
    for r, title in enumerate(titles):  # a release named by its heading: what it holds
        if names & {m.group(0) for m in _NAME.finditer(title)}:
            return [k for k, it in enumerate(items) if it.release == r][:CHANGELOG.answer_items]
    return None


def in_releases(text: str, base_offset: int, found: Sequence[Release], answer: str,
                 anchors: Sequence[Anchor]) -> tuple[str, list[Anchor]]:
    """Each answer piece prefixed with the release that holds it ("0.4.7.13: …"); a piece
    above the first heading (a leaf cut inside a release) is left as it is."""
    pieces = answer.split("\n")
    if len(pieces) != len(anchors):
        return answer, list(anchors)
    starts = [len("\n".join(text.split("\n")[: r.line]).encode("utf-8"))
              + (1 if r.line else 0) + base_offset for r in found]
    out_pieces: list[str] = []
    out_anchors: list[Anchor] = []
    for piece, anchor in zip(pieces, anchors, strict=True):
        k = bisect.bisect_right(starts, anchor.start) - 1
        if k >= 0:
            piece = f"In {' '.join(found[k].title.split())}: {piece}"
            m = ANSWER_CLAIM.match(anchor.label)
            rank = int(m.group(1)) if m and m.group(1) else len(out_pieces) + 1
            anchor = anchor.model_copy(update={"label": answer_label(rank, piece)})
        out_pieces.append(piece)
        out_anchors.append(anchor)
    return "\n".join(out_pieces), out_anchors
