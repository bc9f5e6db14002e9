"""Reading the chunks of a planned file, in order or concurrently, never the file whole.

Each chunk is one invocation of mode ``chunk`` with one model call, read from disk only when
its turn comes and checked against the digest its plan recorded, so a file that changes
under the read is caught. Results are taken in file order either way, so the outline and
the fold see the same sequence; in order, each prompt carries the running outline.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import os
from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.core.errors import UserError
from gapless.engine.core.events import OutlineUpdated
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.releases import HeadingGroup
from gapless.engine.extractive.kinds.base import ACCEPT, View
from gapless.engine.extractive.kinds.changelog import (
    Release,
    ReleasePattern,
    learn,
    title_release,
)
from gapless.engine.extractive.kinds.registry import BY_NAME, blanked_line_ends
from gapless.engine.extractive.logs import trimmed
from gapless.engine.extractive.logs.ahead import ScansAhead, scan_soon, scan_workers, scans_ahead
from gapless.engine.extractive.logs.detect import reading_input
from gapless.engine.providers.base import ProviderError
from gapless.engine.run.calls import BudgetExhausted
from gapless.engine.run.context import Ending, Opening, RunContext
from gapless.engine.run.memo import Outcome
from gapless.engine.strategies.chunked.fold import ROOT, FoldStack
from gapless.engine.strategies.chunked.headings import HeadingSplit, split_by_headings
from gapless.engine.strategies.chunked.options import OpenFile, ReadOptions
from gapless.engine.strategies.chunked.outline import (
    Outline,
    OutlineEntry,
    derived_entry,
    validate_entries,
)
from gapless.engine.strategies.chunked.planner import Chunk, chunk_digest
from gapless.engine.strategies.chunked.prompts import (
    DETAIL,
    RUNNING_OUTLINE,
    ChunkAsk,
    ask_chunk,
    chunk_prompt,
)
from gapless.engine.strategies.chunked.release_figures import ReleaseFigures, chunk_releases

__all__ = ["ChunkDone", "ChunkReader", "FileChanged"]

_LEARN_BYTES = 512 * 1024  # of the file's head, to learn its release headings from


@dataclass
class ChunkDone:
    chunk: Chunk
    outcome: Outcome
    entries: list[OutlineEntry]
    dropped: int
    full: Extraction | None = None  # for the fold, when the outcome keeps a trimmed one
    split: HeadingSplit | None = None  # the chunk's heading sections, when it has headings
    derived: bool = False  # the entries were made without the model
    # a changelog's chunk: its releases as the changelog kind reports them, and their lines
    releases: tuple[list[HeadingGroup], dict[int, int]] | None = None


class FileChanged(UserError):
    """The file no longer matches its plan."""


class ChunkReader:
    """One run of ``read_summary`` over a planned file."""

    def __init__(self, ctx: RunContext, src: OpenFile, ask: ReadOptions, outline: Outline, *,
                 early: ScansAhead | None = None) -> None:
        self.ctx = ctx
        self.early = early  # scan workers started while the file was planned
        self.path = src.path
        self.fh = src.fh
        self.plan = src.plan
        self.detail = ask.detail or "outline"
        self.question = ask.question
        self.parallel = ask.parallel
        self.outline = outline
        self.dropped = 0
        self.structured = False  # a chunk had headings: the outline follows them
        self.releases = False  # a chunk had release headings: other headings are parts
        self.figures = ReleaseFigures()  # the changelog kind's release figures, in order
        self._pattern: ReleasePattern | bool | None = False  # False: not learned yet
        self._title: Release | None = None  # the title naming one release's notes

    def release_pattern(self) -> ReleasePattern | None:
        """The file's release-heading pattern, learned once from its head (the changelog
        kind's rule), so every chunk, read in order or not, splits at the same headings."""
        if self._pattern is False:
            self.fh.seek(0)
            head = self.fh.read(_LEARN_BYTES)
            if len(head) == _LEARN_BYTES:
                head = head[: head.rfind(b"\n") + 1]
            # (no byte-order mark; Windows' line ends blanked, as the kind reads them)
            text = blanked_line_ends(head.decode("utf-8-sig", errors="replace"))
            # (a file of code holds no releases, whatever its constants look like)
            code = BY_NAME["code"].detect(View(text)) >= ACCEPT
            lines = text.split("\n")
            self._pattern = None if code else learn(lines)
            if self._pattern is None and not code:  # one release's notes, by the title
                self._title = title_release(lines)
        return self._pattern if isinstance(self._pattern, ReleasePattern) else None

    def fetch(self, chunk: Chunk) -> bytes:
        self.fh.seek(chunk.start)
        data = self.fh.read(chunk.size)
        if len(data) != chunk.size or chunk_digest(data) != chunk.digest:
            raise FileChanged(f"{self.path} changed while it was being read (chunk "
                              f"{chunk.index + 1} no longer matches); read it again")
        return data

    async def read_chunk(self, chunk: Chunk, running: Sequence[OutlineEntry]) -> ChunkDone:
        ctx = self.ctx
        inv = f"{ROOT}.{chunk.index}"
        span = (chunk.start, chunk.end)
        ctx.start(inv, ROOT, span, Opening(1, "chunk", question=self.question))
        try:
            data = self.fetch(chunk)
            prompt = chunk_prompt(
                data.decode("utf-8", errors="replace"), chunk,
                ChunkAsk(self.detail, self.question, ctx.instructions),
                chunks_total=len(self.plan), total_lines=self.plan.total_lines, running=running,
            )
            extraction, raw_outline = await ask_chunk(ctx, inv, prompt, span)
        except FileChanged as exc:
            ctx.finish(inv, span, Ending("failed", reason=str(exc)))
            raise
        except BudgetExhausted as exc:
            return ChunkDone(chunk, ctx.finish(inv, span, Ending("incomplete", reason=str(exc))),
                             [], 0)
        except ProviderError as exc:
            return ChunkDone(chunk, ctx.finish(inv, span, Ending("failed", reason=str(exc))), [], 0)
        except asyncio.CancelledError:
            ctx.finish(inv, span, Ending("failed", reason="cancelled"))
            raise
        ctx.read(inv, span)
        entries, dropped = validate_entries(raw_outline, chunk.start_line, chunk.end_line,
                                            limit=DETAIL[self.detail].entries)
        # a log's records are no headings (and a log chunk is most of a long read)
        split = None if prompt.stats is not None else split_by_headings(
            data, chunk, releases=self.releases, pattern=self.release_pattern())
        found = None
        if self.release_pattern() is not None or self._title is not None:
            found = chunk_releases(data, chunk, as_log=prompt.stats is not None)
        derived = not entries
        if split is not None:
            # A structured document's outline is its headings, with every provider.
            entries, derived = split.entries, True
        elif derived:
            entries = [derived_entry(chunk, data, extraction)]
        ctx.emit(OutlineUpdated(inv=inv, entries=entries, dropped=dropped, derived=derived,
                                first_line=chunk.start_line, last_line=chunk.end_line))
        kept = extraction
        if extraction.stats is not None:
            # The run's state and the store keep every chunk's extraction: a log chunk's
            # stats go there trimmed (memory stays bounded); the fold gets them whole.
            kept = extraction.model_copy(update={"stats": trimmed(extraction.stats)})
        return ChunkDone(chunk, ctx.finish(inv, span, Ending("complete", extraction=kept)),
                         entries, dropped, extraction, split, derived, found)

    async def run(self, todo: Sequence[Chunk], stack: FoldStack
                  ) -> tuple[int, Chunk | None, str]:
        """Read ``todo`` in order (or concurrently, merged in order). Returns the number of
        chunks read, the first chunk not read (None when all were) and why it stopped. A
        long log's coming chunks are scanned ahead by worker processes."""
        if not todo:
            return 0, None, ""
        workers = scan_workers(self.ctx.limits.scan_workers)
        size = todo[-1].end - todo[0].start
        early, self.early = self.early, None  # scans_ahead closes it
        whole = os.fstat(self.fh.fileno()).st_size
        with reading_input(self._piece, whole), scans_ahead(self._text(todo[0]), size,
                                                             workers, early):
            for chunk in todo:
                scan_soon(chunk.start, functools.partial(self._text, chunk))
            return await self._run(todo, stack)

    def _piece(self, start: int, end: int) -> str:
        """The file's text from ``start`` to ``end`` (the input's format is learned from a
        few such pieces)."""
        self.fh.seek(max(0, start))
        return self.fh.read(max(0, end - max(0, start))).decode("utf-8", errors="replace")

    def _text(self, chunk: Chunk) -> str:
        """A chunk's text as its prompt reads it. Not checked against the plan: a scan made
        ahead is used only for the very text the prompt holds, which is checked."""
        self.fh.seek(chunk.start)
        return self.fh.read(chunk.size).decode("utf-8", errors="replace")

    async def _run(self, todo: Sequence[Chunk], stack: FoldStack
                   ) -> tuple[int, Chunk | None, str]:
        read = 0
        if not self.parallel:
            for chunk in todo:
                done = await self.read_chunk(chunk, self.outline.recent(RUNNING_OUTLINE))
                if not await self._take(done, stack):
                    return read, chunk, done.outcome.reason
                read += 1
            return read, None, ""
        window = max(1, self.ctx.limits.concurrency) * 2
        pending: collections.deque[tuple[Chunk, asyncio.Task[ChunkDone]]] = collections.deque()
        it = iter(todo)
        try:
            while True:
                while len(pending) < window:
                    nxt = next(it, None)
                    if nxt is None:
                        break
                    pending.append((nxt, asyncio.create_task(self.read_chunk(nxt, ()))))
                if not pending:
                    return read, None, ""
                head, task = pending.popleft()
                done = await task
                if not await self._take(done, stack):
                    return read, head, done.outcome.reason
                read += 1
        finally:
            for _, task in pending:
                task.cancel()
            await asyncio.gather(*(t for _, t in pending), return_exceptions=True)

    async def _take(self, done: ChunkDone, stack: FoldStack) -> bool:
        self.ctx.child_finished(ROOT, done.outcome)
        if not done.outcome.complete or done.outcome.extraction is None:
            return False
        self._outline(done)
        if done.releases is not None:
            self.figures.add(done.chunk, *done.releases)
        self.dropped += done.dropped
        if not done.outcome.extraction.skipped:
            await stack.push(done.outcome.scope, done.full or done.outcome.extraction)
        return True

    def _outline(self, done: ChunkDone) -> None:
        """Add a chunk's entries; in a document with headings, lines before a chunk's first
        heading (or a whole chunk without one) continue the section above them."""
        split = done.split
        if split is not None and self.releases and split.only_markup:
            split = None  # read in parallel before the releases were known: sub-headings
        if split is None:
            # in a file with a learned release pattern, a chunk without a release heading
            # is still inside the release above it, however long that release runs
            stretch = self.structured and done.derived and (
                self.release_pattern() is not None or self._may_stretch(done.chunk.end_line))
            if not (stretch and self.outline.stretch_last(done.chunk.end_line)):
                self.outline.extend(done.entries)
            return
        self.structured = True
        self.releases = self.releases or split.has_release
        entries = list(split.entries)
        if split.lead is not None and not self.outline.stretch_last(split.lead[1]):
            entries[0] = entries[0].model_copy(update={"start_line": split.lead[0]})
        self.outline.extend(entries)

    def _may_stretch(self, end_line: int) -> bool:
        """A section runs on over heading-less chunks only while it stays under a twentieth
        of the file: a longer one gets entries of its own, so no stretch goes unnamed."""
        if not self.outline.entries:
            return False
        return (end_line - self.outline.entries[-1].start_line + 1) * 20 <= max(
            20, self.plan.total_lines)

    def releases_line(self) -> str:
        """The releases the file names, for the top of the summary ("" when none): the
        changelog kind's figures over every chunk (:mod:`.release_figures`)."""
        return self.figures.line(self.plan.size)
