"""Salience: MEAD-style centroid ranking, adjusted for cues, role, position and repetition.

Both the leaf and the fold score with it, so a fold ranks its children's pieces the way the
leaves ranked their sentences.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from gapless.engine.extractive.cues import (
    CONCLUSION,
    DECISION,
    FILLER,
    PLAN,
    QUESTION_END,
    is_outcome,
)
from gapless.engine.extractive.limits import CENTROID_TERMS
from gapless.engine.extractive.line_entities import _ERROR_HINT, ERROR_MENTION
from gapless.engine.extractive.terms import content_terms
from gapless.engine.extractive.units import ROLE_WEIGHT, Unit

_DIGITS = re.compile(r"\d+")


def _shape(text: str) -> str:
    """A sentence with its numbers blanked: templated lines (progress, polling) share one."""
    return _DIGITS.sub("#", text.lower())


def _may_mention_error(text: str) -> bool:
    """False only where ERROR_MENTION cannot match: an ASCII text (no case folds beyond
    ASCII's) without any of the words every one of its matches holds."""
    return not text.isascii() or _ERROR_HINT.search(text.lower()) is not None


def idf_and_centroid(units: Sequence[Unit], shapes: Sequence[str] | None = None
                     ) -> tuple[dict[str, float], dict[str, float]]:
    """Inverse document frequencies and the top-weighted centroid terms (``shapes``: each
    unit's :func:`_shape`, when the caller has them)."""
    df: Counter[str] = Counter()
    for u in units:
        df.update(set(u.terms))
    total = len(units)
    idf = {t: math.log((total + 1) / (c + 0.5)) + 0.1 for t, c in df.items()}
    # a sentence counts once, as its weightiest occurrence: a person's words that a tool's
    # result echoed first (a harness handing their reply back) still count as theirs
    first: dict[str, Unit] = {}
    weight: dict[str, float] = {}
    for i, u in enumerate(units):
        if not u.terms:
            continue
        key = shapes[i] if shapes is not None else _shape(u.text)
        w = u.noise * ROLE_WEIGHT.get(u.role, 1.0) * (0.3 if u.meta else 1.0)
        first.setdefault(key, u)
        weight[key] = max(w, weight.get(key, w))
    mass: dict[str, float] = {}
    for key, u in first.items():
        for t in u.terms:
            mass[t] = mass.get(t, 0.0) + weight[key] * idf[t]
    top = sorted(mass.items(), key=lambda kv: (-kv[1], kv[0]))[:CENTROID_TERMS]
    return idf, dict(top)


def cosine(terms: Sequence[str], idf: dict[str, float], centroid: dict[str, float],
           centroid_norm: float) -> float:
    """How close a sentence's terms are to the centroid of the whole text."""
    if not terms or centroid_norm <= 0:
        return 0.0
    tf: dict[str, int] = {}  # a Counter's counts in its order, without its cost
    for t in terms:
        tf[t] = tf.get(t, 0) + 1
    dot = 0.0
    norm = 0.0
    for t, c in tf.items():
        w = c * idf.get(t, 1.0)
        norm += w * w
        cw = centroid.get(t)
        if cw:
            dot += w * cw
    if norm <= 0:
        return 0.0
    return dot / (math.sqrt(norm) * centroid_norm)


def score_units(units: list[Unit], question: str | None, n_messages: int) -> None:
    """Set each unit's score; ``question`` lifts the sentences that share its terms."""
    if not units:
        return
    shapes = [_shape(u.text) for u in units]
    idf, centroid = idf_and_centroid(units, shapes)
    cnorm = math.sqrt(sum(v * v for v in centroid.values()))
    q_terms = set(content_terms(question)) if question else set()
    first_user_msg = next((u.msg for u in units if u.role == "user" and not u.meta
                           and len(u.terms) >= 2), -1)
    opening = [u.order for u in units if u.msg == first_user_msg and u.role == "user"][:2]
    # The first sentence of every later request: where a new task starts.
    request_starts: set[int] = set()
    prev_msg = -1
    for u in units:
        if u.msg != prev_msg and u.role == "user" and not u.meta and u.msg != first_user_msg:
            request_starts.add(u.order)
        prev_msg = u.msg
    repeats = Counter(shapes)
    last_assistant_msg = max((u.msg for u in units if u.role == "assistant"), default=-1)
    total = len(units)
    # First the cheap part (centroid cosine, noise, role, length) for every unit; the cue
    # regexes only run where they could lift a unit into contention.
    pre: list[float] = []
    for u in units:
        base = cosine(u.terms, idf, centroid, cnorm)
        nterms = len(u.terms)
        words = max(nterms, len(u.text.split()))
        length = 1.0
        if nterms < 2 or len(u.text) < 15:
            length = 0.25
        elif words < 5:
            length = 0.6
        elif words > 55:
            length = 0.75
        role_w = ROLE_WEIGHT.get(u.role, 1.0) * (0.25 if u.meta else 1.0)
        # A small floor keeps ordering sensible when nothing overlaps the centroid.
        pre.append((base + 0.02) * u.noise * role_w * length)
    cutoff = max(pre) * 0.01
    for u, p, shape in zip(units, pre, shapes, strict=True):
        if p < cutoff and not q_terms:
            u.score = p
            continue
        bonus = 1.0
        if DECISION.search(u.text):
            bonus += 0.35
        if CONCLUSION.search(u.text):
            bonus += 0.3
        if _may_mention_error(u.text) and ERROR_MENTION.search(u.text):
            bonus += 0.25
        if is_outcome(u.text):
            bonus += 0.5
        elif PLAN.match(u.text) and not DECISION.search(u.text):
            bonus *= 0.7
        if u.role == "user" and u.msg == first_user_msg:
            bonus += 0.8 if u.order in opening else 0.15
        elif u.order in request_starts:
            bonus += 0.4
        if u.role == "assistant" and u.msg == last_assistant_msg and n_messages > 1:
            bonus += 0.3
        rel = u.order / max(1, total - 1)
        if rel < 0.08 or rel > 0.92:
            bonus += 0.15
        if q_terms:
            hit = len(q_terms & set(u.terms)) / len(q_terms)
            bonus += 3.0 * hit
        if FILLER.match(u.text):
            bonus *= 0.35
        if QUESTION_END.search(u.text) and u.role == "assistant":
            bonus *= 0.6
        # Repeated lines (progress output, polling) are noise however central they look.
        repeat = repeats[shape]
        if repeat > 1:
            bonus /= 1.0 + math.log(repeat)
        u.score = p * bonus
