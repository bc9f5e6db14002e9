"""A changelog: a text with a repeated release heading, its pattern learned from the text
(:mod:`.changelog_headings`). A leaf names the releases it holds and answers a question
with the items that match it, each in its release (:mod:`.changelog_answer`); a fold adds
up its children's releases shape by shape (:mod:`.changelog_releases`), so the root names
the releases of the whole file, its count exact, however the file was split."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.answers import fold_answers
from gapless.engine.extractive.kinds.base import View, share
from gapless.engine.extractive.kinds.changelog_answer import (
    best_first,
    in_releases,
    release_answer,
)
from gapless.engine.extractive.kinds.changelog_elements import element_groups
from gapless.engine.extractive.kinds.changelog_groups import without_groups
from gapless.engine.extractive.kinds.changelog_headings import (
    Release,
    ReleasePattern,
    learn,
    releases_of,
    title_release,
)
from gapless.engine.extractive.kinds.changelog_records import record_groups
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    data_groups,
    heading_groups,
    headline,
    merged_groups,
    releases_line,
    stated_by_releases,
    without_line,
)
from gapless.engine.extractive.kinds.log import LogKind
from gapless.engine.extractive.kinds.meeting import MeetingKind
from gapless.engine.extractive.kinds.prose import ProseStyle
from gapless.engine.extractive.kinds.prose_kind import ProseKind
from gapless.engine.extractive.logs.detect import input_hint
from gapless.engine.extractive.weights import CHANGELOG

__all__ = ["ChangelogKind", "Release", "ReleasePattern", "learn", "releases_of",
           "title_release", "with_releases"]


def with_releases(ex: Extraction, text: str, base_offset: int) -> Extraction:
    """A leaf read as another kind, with the release headings it holds: a changelog's leaf
    that holds one release (a document) or whose code blocks make it read as code still
    counts, so a fold of the file's leaves counts every release. Code, a leaf read as a
    meeting (a spec file's "Name:" tags over its first dated entries) or as a log (a
    release's items tagged by severity, "- BUG/MINOR: text", under date-first release
    lines) carries them only when one heading shape repeats (a constant set off in a
    module is no release); a log's, only when its blank lines set apart as many sections
    as it has releases (a log's records run on line after line: a stamp among them that
    reads as a heading is none)."""
    if ex.skipped or ex.releases or ex.kind not in ("document", "code", MeetingKind.name,
                                                    LogKind.name):
        return ex
    if ex.kind == LogKind.name and input_hint() is not None:
        return ex  # (the whole input is a log: its parts are records, never a history's)
    groups = heading_groups(text, base_offset)
    pick = chosen(groups) if groups and ex.kind != "document" else None
    if not groups or (ex.kind != "document" and pick is None):
        return ex
    if ex.kind == LogKind.name and pick is not None and _blank_lines(text) < pick.count:
        return ex
    return ex.model_copy(update={"releases": groups})


def _blank_lines(text: str) -> int:
    return sum(1 for line in text.split("\n") if not line.strip())


def _with_line(ex: Extraction, line: str) -> Extraction:
    """``ex`` opening with its releases line, its headline naming the newest release (the
    releases line itself when the newest is not known: a child's "Newest release: …" is
    not the whole's)."""
    head = headline(ex.releases) or (line if stated_by_releases(ex.headline) else ex.headline)
    return ex.model_copy(update={"summary": f"{line}\n\n{ex.summary}" if ex.summary else line,
                                 "headline": head})


class ChangelogKind(ProseKind):
    name = "changelog"
    style = ProseStyle("changelog")

    def detect(self, view: View) -> float:
        lines = view.text.split("\n")
        if learn(lines) is not None or title_release(lines) is not None:
            return 1.0
        xml = (element_groups(view.text, 0) + record_groups(view.text, 0)
               + data_groups(view.text, 0))
        return 1.0 if chosen(xml) is not None else 0.0

    def summarize(self, view: View, base_offset: int, *, max_summary_chars: int) -> Extraction:
        groups = heading_groups(view.text, base_offset)
        line = releases_line(groups)
        room = max_summary_chars - len(line) - 2 if line else max_summary_chars
        base = super().summarize(view, base_offset, max_summary_chars=max(200, room))
        base = base.model_copy(update={"releases": groups})
        if line:
            base = _with_line(base, line)
        if view.question is None:
            return base
        lines = view.text.split("\n")
        pattern = learn(lines)
        found = without_groups(lines, pattern.releases(lines)) if pattern is not None else []
        # the items that name what it names ("bug 40645") or match it best, in their release
        answer, anchors = release_answer(view.text, [r.line for r in found],
                                         [r.title for r in found], view.question, base_offset)
        if answer:
            return base.model_copy(update={"answer": answer, "answer_anchors": anchors})
        answer, anchors = base.answer, base.answer_anchors  # the prose answer, in its release
        if answer and found:
            answer, anchors = in_releases(view.text, base_offset, found, answer, anchors)
        return base.model_copy(update={"answer": answer, "answer_anchors": anchors})

    def merge(self, parts: Sequence[Extraction], *, max_summary_chars: int,
              question: str | None) -> Extraction:
        # the children's own releases lines out, the whole's in
        groups = merged_groups(parts)
        line = releases_line(groups)
        room = max_summary_chars - len(line) - 2 if line else max_summary_chars
        merged = super().merge([without_line(p) for p in parts],
                               max_summary_chars=max(200, room), question=question)
        if merged.skipped:
            return merged
        merged = merged.model_copy(update={"releases": groups, "kind": self.name})
        return _with_line(merged, line) if line else merged

    def answer(self, parts: Sequence[Extraction], question: str
               ) -> tuple[str, list[Anchor]] | None:
        # the children's best items, still best first: the first line says which release
        return best_first(*fold_answers(parts, question))

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool:
        # a changelog split into leaves, some of them holding one release or none (read as
        # documents): their releases, added up, still repeat one heading shape
        if share(parts, self.name) >= CHANGELOG.fold_share:
            return True
        return (share(parts, self.name) + share(parts, "document") >= CHANGELOG.fold_share
                and chosen(merged_groups(parts)) is not None)
