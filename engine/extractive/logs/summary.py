"""A log's extraction: a leaf reads its records, a fold merges its children's stats.

Both write the summary from the stats alone (:mod:`.render`), so a chunk of ``gapless read``,
a leaf of a tree and the root of either say the same kind of thing, and the root's numbers
are exact for the whole input. Each shown template is anchored at its first record. For a
model, :func:`text_facts` and :func:`children_facts` give the same figures as a block of
facts for its prompt.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.logstats import LogStats, TemplateStat
from gapless.engine.extractive.anchors import ByteOffsets
from gapless.engine.extractive.display import shorten
from gapless.engine.extractive.limits import HEADLINE_CHARS, MAX_ANCHORS
from gapless.engine.extractive.logs.ahead import made_ahead
from gapless.engine.extractive.logs.detect import detect_format, remember_format
from gapless.engine.extractive.logs.merge import merge_stats, provisional
from gapless.engine.extractive.logs.render import facts, headline, summary_lines, topics
from gapless.engine.extractive.logs.scan import Scan, remember_scan, scan_log


def _counted(scan: Scan) -> LogStats:
    """``provisional(scan.stats)``, kept on the (remembered, read-only) scan: a chunk's
    prompt and the offline answer to it count the same edge pieces."""
    if scan.counted is None:
        assert scan.stats is not None  # (only a scan made ahead has none, and it is counted)
        scan.counted = provisional(scan.stats)
    return scan.counted


def _extraction(stats: LogStats, budget: int, anchors: list[Anchor],
                before: str = "", answer: tuple[str, list[Anchor]] = ("", [])) -> Extraction:
    lines = summary_lines(stats, budget - (len(before) + 1 if before else 0))
    summary = "\n".join(([before] if before else []) + lines)[:budget]
    return Extraction(headline=shorten(headline(stats), HEADLINE_CHARS), summary=summary,
                      topics=topics(stats), anchors=anchors[:MAX_ANCHORS], stats=stats,
                      answer=answer[0], answer_anchors=answer[1], kind="log")


def summarize_log(text: str, fmt: str, base_offset: int = 0, *,
                  max_summary_chars: int = 1200, question: str | None = None) -> Extraction:
    """The extraction of one scope of a log of format ``fmt``; with a ``question``, its
    answer from the scope's figures."""
    # the question's parts (BM25 and its terms) load only for a log's own summary
    from gapless.engine.extractive.logs.answer import log_answer, template_label

    scan = scan_log(text, fmt, starts_input=base_offset == 0)
    stats = _counted(scan)  # the pieces of lines cut by its edges counted too
    byte_at = ByteOffsets(text, base_offset)

    def first_record(t: TemplateStat) -> tuple[int, int] | None:
        span = scan.spans.get(t.template)
        return (byte_at(span[0]), byte_at(span[1])) if span is not None else None

    anchors = []
    for t in stats.templates[:MAX_ANCHORS]:
        span = first_record(t)
        if span is not None:
            anchors.append(Anchor(start=span[0], end=span[1], label=template_label(t.template)))
    answer = log_answer(stats, question, first_record) if question else ("", [])
    return _extraction(stats, max(1, max_summary_chars), anchors, answer=answer)


def fold_logs(parts: Sequence[Extraction], *, max_summary_chars: int = 1200,
              question: str | None = None) -> Extraction:
    """Children's extractions (in order; at least one with stats) merged into one; with a
    ``question``, answered again from the merged figures."""
    # the question's parts (BM25 and its terms) load only for a log's own summary
    from gapless.engine.extractive.logs.answer import (
        LOG_LABEL,
        answer_template,
        log_answer,
        template_label,
    )

    logs = [(p, p.stats) for p in parts if p.stats is not None]
    merged, where = merge_stats([body for _, body in logs])
    first_anchor: dict[str, Anchor] = {}
    for p, body in logs:
        by_label = {a.label: a for a in p.anchors if a.label.startswith(LOG_LABEL)}
        for named in p.answer_anchors:  # the templates an answer named, past the anchor cap
            label = answer_template(named.label)
            if label is not None:
                by_label.setdefault(label, named)
        for t in body.templates:
            found = by_label.get(template_label(t.template))
            root = where.get(t.template)
            if found is None or root is None:
                continue
            if root not in first_anchor or found.start < first_anchor[root].start:
                first_anchor[root] = Anchor(start=found.start, end=found.end,
                                            label=template_label(root))
    anchors = [first_anchor[t.template] for t in merged.templates if t.template in first_anchor]

    def first_record(t: TemplateStat) -> tuple[int, int] | None:
        at = first_anchor.get(t.template)
        return (at.start, at.end) if at is not None else None

    others = [p for p in parts if p.stats is None and (p.summary or p.headline)]
    before = ""
    if others:  # e.g. a resumed read's summary so far: its numbers are not counted here
        o = others[0]
        said = next((ln.strip() for ln in o.summary.splitlines() if ln.strip()), o.headline)
        before = shorten(f"Read before (not in the counts below): {said}", 300)
    answer = log_answer(merged, question, first_record) if question else ("", [])
    return _extraction(merged, max(1, max_summary_chars), anchors, before, answer)


def text_facts(text: str, offset: int) -> tuple[LogStats, str] | None:
    """For a model's prompt: the stats of ``text`` when it is a log, and the facts block
    that states them (None for any other text, whose prompt stays as it was)."""
    made = made_ahead(text, offset)
    if made is not None:  # scanned by a worker: kept here for the offline answer to reuse
        fmt, scan = made
        remember_format(text, fmt)
        if fmt is None or scan is None:
            return None
        remember_scan(text, fmt, offset == 0, scan)
    else:
        fmt = detect_format(text)
        if fmt is None:
            return None
        scan = scan_log(text, fmt, starts_input=offset == 0)
    stats = _counted(scan)
    return stats, facts(stats)


def children_facts(children: Sequence[Extraction]) -> tuple[LogStats, str] | None:
    """For a fold's prompt: the children's stats merged, when most children have some."""
    live = [c for c in children if not c.skipped]
    parts = [c.stats for c in live if c.stats is not None]
    if not parts or len(parts) * 2 < len(live):
        return None
    merged, _ = merge_stats(parts)
    return merged, facts(merged)
