"""The fold: children extractions, in order, merged into one parent extraction.

Which kind's merge folds them is decided on the children's ``kind`` field by the registry
(:func:`~engine.extractive.kinds.registry.fold_kind`), never re-detected from their prose;
what every fold shares is done here: a meeting's ``Topics:`` line taken off and put back,
the children's answers folded (unless the kind answered from its figures), decisions and
actions merged in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.kinds.changelog import ChangelogKind
from gapless.engine.extractive.kinds.changelog_releases import merged_groups, without_figures
from gapless.engine.extractive.kinds.registry import MEETING_KIND, fold_kind
from gapless.engine.extractive.meeting import (
    meeting_topics,
    merge_items,
    split_topics_line,
    topics_line,
)
from gapless.engine.extractive.topics import fold_topics


def fold_extractions(
    parts: Sequence[Extraction],
    *,
    max_summary_chars: int = 1200,
    question: str | None = None,
) -> Extraction:
    """Merge children extractions (in order) into one parent extraction; with a
    ``question``, the children's answers too (the best pieces kept)."""
    # A meeting's minutes end on a Topics line: merged without it, then put back.
    minutes = [split_topics_line(p.summary) if p.kind == MEETING_KIND else (p.summary, "")
               for p in parts]
    line = ""
    if any(tail for _, tail in minutes):
        parts = [p.model_copy(update={"summary": body}) if tail else p
                 for p, (body, tail) in zip(parts, minutes, strict=True)]
        line = topics_line(meeting_topics(fold_topics([p for p in parts if not p.skipped])),
                           max_summary_chars)
    reserve = len(line) + 1 if line and max_summary_chars - len(line) > 80 else 0
    live = [p for p in parts if not p.skipped]
    if not live:
        reason = next((p.skip_reason for p in parts if p.skip_reason), None)
        return Extraction(skipped=True, skip_reason=reason or "empty")
    kind = fold_kind(live, question)
    if not isinstance(kind, ChangelogKind):
        # a part's releases line states that part's releases, never the whole's: a fold of
        # another kind carries the releases up (below) but states no count of its own
        live = [without_figures(p) if p.releases else p for p in live]
    merged = kind.merge(live, max_summary_chars=max_summary_chars - reserve, question=question)
    if merged.skipped:
        return merged
    update: dict[str, object] = {}
    if not merged.releases and any(p.releases for p in live):
        # parts of a changelog folded as another kind (each holding one release or none)
        # still carry their releases up, so the fold above counts every one
        update["releases"] = merged_groups(live)
    if reserve:
        update["summary"] = merged.summary + "\n" + line
    # (a log's answer is made again from its merged figures, by its merge; without the
    # question, as a fold that lost it, the children's pieces are kept by their rank)
    if any(p.answer for p in live):
        answered = kind.answer(live, question or "")
        if answered is not None:
            update["answer"], update["answer_anchors"] = answered
    if any(p.decisions or p.actions for p in live):  # a meeting's, merged in order
        update["decisions"] = merge_items([p.decisions for p in live])
        update["actions"] = merge_items([p.actions for p in live])
    return merged.model_copy(update=update) if update else merged
