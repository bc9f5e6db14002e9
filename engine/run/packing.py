"""Fold packing, pure: which children share a fold prompt, and how much of each line.

Sizes are those of a child's line as the fold prompt writes it (:func:`child_bytes`). A
child too large to share a prompt loses anchors, then summary, then list items until it
fits (:func:`fit_child`, :func:`squeeze`) — it is never dropped, and its full extraction
stays in the store. Children that cannot all share one prompt are packed into consecutive
batches folded first (:func:`merge_plan`, :func:`pack_trimmed`). No model calls, no run
context: the calls are :mod:`engine.run.fold`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction, cut_summary
from gapless.engine.core.releases import Keep, leaner
from gapless.engine.core.spans import Span
from gapless.engine.run.prompts import child_line

MAX_FOLD_FAN_IN = 16
MIN_CHILD_LINE = 120  # about the least a child's line can be cut to (its scope and keys)


def child_bytes(scope: Span, extraction: Extraction) -> int:
    """A child's size in a fold prompt (its JSON line, as fold_prompt writes it)."""
    return len(child_line(scope, extraction).encode("utf-8")) + 1


def bare_bytes(scope: Span, extraction: Extraction) -> int:
    """A child's size in a fold prompt once its anchors are cut (they are cut first)."""
    return child_bytes(scope, extraction.model_copy(update={"anchors": []}))


def fit_child(scope: Span, extraction: Extraction, limit: int, *,
              anchors_only: bool = False, min_anchors: int = 0) -> Extraction:
    """The extraction, with anchors (down to ``min_anchors``) and then summary cut until
    its line is under ``limit`` (only anchors with ``anchors_only``)."""
    ex = extraction
    while child_bytes(scope, ex) > limit and len(ex.anchors) > min_anchors:
        keep = max(min_anchors, len(ex.anchors) // 2)
        ex = ex.model_copy(update={"anchors": ex.anchors[:keep]})
    over = child_bytes(scope, ex) - limit
    if anchors_only:
        return ex
    if over > 0:
        ex = ex.model_copy(update={"summary": cut_summary(ex.summary, over) or ex.summary,
                                   "open_questions": ex.open_questions[:2],
                                   "topics": ex.topics[:5]})
    if child_bytes(scope, ex) > limit:
        ex = squeeze(scope, ex, limit)
    return ex


def _shorter(text: str, size: int) -> str:
    """``text`` cut to about ``size`` characters (at a word where one is near), marked."""
    if len(text) <= size:
        return text
    if size <= 1:
        return ""
    cut = text[:size - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > size * 3 // 4 else cut).rstrip() + "…"


def squeeze(scope: Span, extraction: Extraction, limit: int) -> Extraction:
    """A child's line cut under ``limit`` bytes when trimming its anchors and summary was
    not enough (a small window): the lists the prompt shows (errors, commands, files,
    decisions, actions, questions, topics) shorten, a changelog's releases are named by
    fewer, shorter headings, then the summary and the headline shorten, the releases keep
    only the versions at their ends, what is left of the anchors goes, and last the
    releases are cut to their counts (a fold cannot add up counts without those versions),
    down to the line's keys and scope. The child is never dropped from its fold, and its
    full extraction stays in the store."""
    ex = extraction
    lists = ("answer_anchors", "errors", "commands", "files", "actions", "decisions",
             "open_questions", "topics")

    def over() -> int:
        return child_bytes(scope, ex) - limit

    for key in lists:  # long items first cut to 60 characters, then the lists halved
        items = getattr(ex, key)
        if over() > 0 and items and key != "answer_anchors":
            ex = ex.model_copy(update={key: [_shorter(t, 60) for t in items]})
        while over() > 0 and getattr(ex, key):
            ex = ex.model_copy(update={key: getattr(ex, key)[:len(getattr(ex, key)) // 2]})

    def shorten(name: str, floor: int) -> None:
        nonlocal ex
        if (n := over()) > 0 and getattr(ex, name):
            text = getattr(ex, name)  # n characters are n bytes or more
            ex = ex.model_copy(update={name: _shorter(text, max(floor, len(text) - n - 8))})

    def leaner_releases(keep: Keep) -> None:
        nonlocal ex
        while over() > 0 and (lean := leaner(ex.releases, keep=keep)) is not None:
            ex = ex.model_copy(update={"releases": lean})

    leaner_releases("names")  # a changelog's releases named by fewer, shorter headings
    for name, floor in (("answer", 80), ("summary", 80), ("headline", 60)):
        shorten(name, floor)
    leaner_releases("versions")  # what a fold adds them up by
    for name in ("answer", "summary"):
        shorten(name, 0)
    if over() > 0 and ex.anchors:
        ex = ex.model_copy(update={"anchors": []})
    if (n := over()) > 0 and ex.headline:
        ex = ex.model_copy(update={"headline": _shorter(ex.headline,
                                                        max(12, len(ex.headline) - n - 4))})
    leaner_releases("")  # last: their counts alone, or lost
    return ex


def fit_together(parts: Sequence[tuple[Span, Extraction]], budget: int, *,
                 keep_summaries: bool = False) -> list[tuple[Span, Extraction]] | None:
    """The parts trimmed to share one fold prompt of ``budget`` bytes (anchors first, then
    at most a third of the largest lines unless ``keep_summaries``), or None when they
    cannot."""
    if len(parts) > MAX_FOLD_FAN_IN:
        return None
    if sum(child_bytes(*p) for p in parts) <= budget:
        return list(parts)
    lighter = trim_to_fit(parts, budget, anchors_only=True) or list(parts)
    if keep_summaries:
        return lighter if sum(child_bytes(*p) for p in lighter) <= budget else None
    return trim_to_fit(lighter, budget)


def merge_plan(parts: Sequence[tuple[Span, Extraction]], budget: int, final_budget: int,
               merged_bytes: int) -> list[list[tuple[Span, Extraction]]]:
    """Consecutive batches to fold first: as few as make the rest fit one call, taken from
    the front (batches of one leave their part as it is).

    A merged batch is counted at ``merged_bytes`` (the size fold answers have had in this
    run) and each part at its line without anchors (they are trimmed first); when no
    number of batches is enough, every batch is merged and the next level decides."""
    batches = pack_trimmed(parts, budget)
    bare = [bare_bytes(*p) for p in parts]
    for m in range(1, len(batches)):
        used = sum(len(b) for b in batches[:m])
        count = m + len(parts) - used
        if count <= MAX_FOLD_FAN_IN and m * merged_bytes + sum(bare[used:]) <= final_budget:
            return batches[:m] + [[p] for p in parts[used:]]
    return batches


TRIM_KEEP = 2 / 3  # the least of its line a child keeps when trimmed to share a fold


def fair_cap(sizes: Sequence[int], budget: int) -> int | None:
    """The largest line size that makes ``sizes`` fit ``budget`` when every line over it
    is cut to it (children under it keep all); None when they fit as they are."""
    if sum(sizes) <= budget:
        return None
    left, ordered = budget, sorted(sizes)
    for i, size in enumerate(ordered):
        cap = left // (len(ordered) - i)
        if size > cap:
            return cap
        left -= size
    return None  # pragma: no cover - the sum was over the budget


def trim_to_fit(parts: Sequence[tuple[Span, Extraction]], budget: int, *,
                anchors_only: bool = False) -> list[tuple[Span, Extraction]] | None:
    """The parts with the largest ones cut evenly until together they fit ``budget``.

    With ``anchors_only`` only anchors go (the result may still be over the budget);
    otherwise summaries are cut too, but None is returned when a child would keep less
    than :data:`TRIM_KEEP` of its line or the parts still would not fit."""
    sizes = [child_bytes(*p) for p in parts]
    cap = fair_cap(sizes, budget)
    if cap is None:
        return list(parts)
    if not anchors_only and any(n > cap and cap < n * TRIM_KEEP for n in sizes):
        return None
    # each child keeps its first anchor: the fold's answer has evidence from every part
    trimmed = [(sp, fit_child(sp, ex, cap, anchors_only=anchors_only, min_anchors=1))
               if n > cap else (sp, ex) for (sp, ex), n in zip(parts, sizes, strict=True)]
    if not anchors_only and sum(child_bytes(*p) for p in trimmed) > budget:
        return None
    return trimmed


def pack_trimmed(parts: Sequence[tuple[Span, Extraction]], budget: int
                 ) -> list[list[tuple[Span, Extraction]]]:
    """Consecutive parts in batches that each share one prompt of ``budget`` bytes once
    trimmed as :func:`fit_together` trims them (each batch returned trimmed)."""
    batches: list[list[tuple[Span, Extraction]]] = []
    current: list[tuple[Span, Extraction]] = []
    fitted: list[tuple[Span, Extraction]] = []
    size = 0  # of the current batch's lines as they are
    for part in parts:
        n = child_bytes(*part)
        if current and size + n <= budget and len(current) < MAX_FOLD_FAN_IN:
            trial: list[tuple[Span, Extraction]] | None = [*fitted, part]  # fits untrimmed
        else:
            trial = fit_together([*current, part], budget, keep_summaries=True) if current \
                else None
        if trial is not None:
            current.append(part)
            fitted = trial
            size += n
            continue
        if current:
            batches.append(fitted)
        current, fitted, size = [part], [part], n
    if current:
        batches.append(fitted)
    return batches
