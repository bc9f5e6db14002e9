"""An answer cut to the size its call held back for it, as a model's is by ``max_tokens``.

A model stops at ``max_tokens``; the offline provider stops earlier, where the answer still
parses: labels shorten, anchors and list items go, a changelog's releases are named by
shorter names, then the summary is cut, then the releases to the versions at their ends,
and to their counts last (a fold above cannot add up counts without those versions).
"""

from __future__ import annotations

from gapless.engine.core.extraction import Extraction, cut_summary
from gapless.engine.core.releases import Keep, leaner

LISTS = ("commands", "errors", "files", "decisions", "actions", "open_questions", "topics")
SHORT_LABEL = 24
SHORT_ITEM = 80
MIN_ANCHORS = 2
MIN_ITEMS = 2
MIN_SUMMARY = 80


def answer_bytes(extraction: Extraction) -> int:
    return len(dump(extraction).encode("utf-8"))


def dump(extraction: Extraction) -> str:
    """The answer's JSON, without the fields left at their defaults."""
    return extraction.model_dump_json(exclude_defaults=True)


def fit_answer(extraction: Extraction, limit: int) -> Extraction:
    """``extraction`` with its JSON cut to at most ``limit`` bytes where it can be (the
    summary keeps at least its first words; the answer to a question is never cut)."""
    ex = extraction
    for step in (_short_labels, _fewer_anchors, _fewer_items, _short_items, _one_item,
                 _short_release_names, _shorter_summary, _release_versions, _fewer_releases):
        while (over := answer_bytes(ex) - limit) > 0:
            cut = step(ex, over)
            if cut is None:
                break
            ex = cut
        else:
            return ex
    return ex


def _short_labels(ex: Extraction, _over: int) -> Extraction | None:
    if all(len(a.label) <= SHORT_LABEL for a in ex.anchors):
        return None
    return ex.model_copy(update={"anchors": [
        a.model_copy(update={"label": a.label[:SHORT_LABEL]}) for a in ex.anchors]})


def _fewer_anchors(ex: Extraction, _over: int) -> Extraction | None:
    if len(ex.anchors) <= MIN_ANCHORS:
        return None
    return ex.model_copy(update={"anchors": ex.anchors[:max(MIN_ANCHORS,
                                                             len(ex.anchors) // 2)]})


def _fewer_items(ex: Extraction, _over: int) -> Extraction | None:
    longest = max(LISTS, key=lambda k: len(getattr(ex, k)))
    items = getattr(ex, longest)
    if len(items) <= MIN_ITEMS:
        return None
    return ex.model_copy(update={longest: items[:max(MIN_ITEMS, len(items) // 2)]})


def _short_items(ex: Extraction, _over: int) -> Extraction | None:
    if all(len(x) <= SHORT_ITEM for k in LISTS for x in getattr(ex, k)):
        return None
    return ex.model_copy(update={k: [x if len(x) <= SHORT_ITEM else x[:SHORT_ITEM - 1] + "…"
                                     for x in getattr(ex, k)] for k in LISTS})


def _one_item(ex: Extraction, _over: int) -> Extraction | None:
    if all(len(getattr(ex, k)) <= 1 for k in LISTS):
        return None
    return ex.model_copy(update={k: getattr(ex, k)[:1] for k in LISTS})


def _short_release_names(ex: Extraction, _over: int) -> Extraction | None:
    return _leaner(ex, "names")


def _release_versions(ex: Extraction, _over: int) -> Extraction | None:
    return _leaner(ex, "versions")


def _fewer_releases(ex: Extraction, _over: int) -> Extraction | None:
    return _leaner(ex, "")


def _leaner(ex: Extraction, keep: Keep) -> Extraction | None:
    lean = leaner(ex.releases, keep=keep)
    return None if lean is None else ex.model_copy(update={"releases": lean})


def _shorter_summary(ex: Extraction, over: int) -> Extraction | None:
    cut = cut_summary(ex.summary, over, MIN_SUMMARY)
    return None if cut is None else ex.model_copy(update={"summary": cut})
