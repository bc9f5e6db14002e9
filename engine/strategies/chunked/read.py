"""``gapless read``: summarize a file of any size with a bounded answer (the chunked strategy).

The file is planned (:mod:`.planner`), then read chunk by chunk, each chunk one
invocation of mode ``chunk`` with one model call, so the workbench and the store see the
same events as any run and coverage is accounted in file byte offsets. The file is never
loaded whole: each chunk is read from disk when its turn comes and checked against the
digest the plan recorded, so a file that changes under the read is caught.

By default chunks are read in order and the running outline goes into the next chunk's
prompt (a log's meaning depends on what came before); ``parallel`` reads them concurrently
and merges in file order. Chunk extractions are folded as they arrive in a small stack of
levels (at most ``fan_in`` per level), so memory stays bounded however many chunks there
are. The answer is at most 4 KB of summary plus at most 32 outline entries, and a cursor
when work remains (``max_chunks``, a spent budget, a failed call).

This module is the run itself: arguments, the cursor, the answer. The prompts are in
:mod:`.prompts`, the chunk reader in :mod:`.chunks`, the fold in :mod:`.fold` and the
answer's shape in :mod:`.result`.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Sink, Status
from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.run_info import ChunkPlanInfo
from gapless.engine.core.spans import Span
from gapless.engine.core.tokens import Capacity
from gapless.engine.core.transcript import Transcript
from gapless.engine.extractive.kinds.changelog_releases import without_line
from gapless.engine.extractive.logs.ahead import ScansAhead, scan_workers, start_early
from gapless.engine.providers.base import Provider, ProviderError
from gapless.engine.run.calls import BudgetExhausted
from gapless.engine.run.context import Ending, Opening, RunContext
from gapless.engine.run.lifecycle import RunLifecycle, Supplied
from gapless.engine.run.memo import Outcome
from gapless.engine.run.request import RunRequest
from gapless.engine.sources.common import stat_regular_file
from gapless.engine.sources.plaintext import looks_binary
from gapless.engine.strategies.chunked.binary import describe_binary, file_sha256
from gapless.engine.strategies.chunked.chunks import ChunkReader, FileChanged
from gapless.engine.strategies.chunked.cursor import (
    DETAILS,
    Cursor,
    CursorError,
    decode_cursor,
    encode_cursor,
)
from gapless.engine.strategies.chunked.fold import ROOT, FoldStack, fallback_fold
from gapless.engine.strategies.chunked.options import OpenFile, ReadOptions
from gapless.engine.strategies.chunked.outline import Outline
from gapless.engine.strategies.chunked.planner import Chunk, plan_file
from gapless.engine.strategies.chunked.prompts import DETAIL, chunk_target
from gapless.engine.strategies.chunked.result import (
    SUMMARY_MAX_BYTES,
    ReadResult,
    ReadStats,
    compose_summary,
)

__all__ = [
    "DETAIL",
    "SUMMARY_MAX_BYTES",
    "FileChanged",
    "ReadOptions",
    "ReadResult",
    "ReadStats",
    "chunk_target",
    "read_summary",
    "read_summary_sync",
]

SNIFF_BYTES = 8192
MAX_QUESTION_CHARS = 1000


def _check_args(question: str | None, detail: str | None, max_chunks: int | None) -> None:
    if detail is not None and detail not in DETAILS:
        raise UserError(f"detail must be one of {', '.join(DETAILS)} (got {detail!r})")
    if max_chunks is not None and max_chunks < 1:
        raise UserError(f"max_chunks must be at least 1 (got {max_chunks})")
    if question is not None and len(question) > MAX_QUESTION_CHARS:
        raise UserError(f"the question is too long ({len(question)} characters; at most "
                        f"{MAX_QUESTION_CHARS})")


def _resume(p: Path, st: os.stat_result, token: str, question: str | None,
            detail: str | None) -> Cursor:
    cur = decode_cursor(token)
    if cur.path != str(p.resolve()):
        raise CursorError(f"the cursor was made for {cur.path}, not {p}")
    if cur.size != st.st_size or cur.mtime_ns != st.st_mtime_ns:
        raise FileChanged(f"{p} changed since the cursor was made (its size or modification "
                          "time differ); read it again without the cursor")
    if question is not None and question != cur.question:
        raise CursorError(f"the cursor was made for the question {cur.question!r}; resume "
                          "without a new question or start again")
    if detail is not None and detail != cur.detail:
        raise CursorError(f"the cursor was made with detail {cur.detail!r}; resume without "
                          "--detail or start again")
    return cur


async def read_summary(
    path: str | Path,
    ask: ReadOptions | None = None,
    *,
    settings: Settings | None = None,
    provider: Provider | None = None,
    sinks: Sequence[Sink] = (),
    run_id: str | None = None,
) -> ReadResult:
    """Summarize the file at ``path`` (any size) into a bounded answer.

    ``detail`` is ``outline`` (default), ``standard`` or ``deep``. ``max_chunks`` stops after
    that many chunks with a cursor; passing the cursor back finishes exactly the remaining
    chunks. Problems a user can fix raise :class:`UserError`; a binary or unreadable file
    is answered with a one-line description.
    """
    t0 = time.monotonic()
    ask = ask or ReadOptions()
    question, detail, max_chunks = ask.question, ask.detail, ask.max_chunks
    _check_args(question, detail, max_chunks)
    settings = settings or Settings.model_validate({})
    p = Path(path).expanduser()
    st = stat_regular_file(p)
    cur = _resume(p, st, ask.cursor, question, detail) if ask.cursor is not None else None
    if cur is not None:
        question, detail = cur.question, cur.detail
    detail = detail or "outline"
    capacity = Capacity.for_context(settings.context_tokens)
    asked = RunRequest(settings, question=question, source=str(p), run_id=run_id,
                       parent_run_id=cur.run_id if cur is not None and cur.run_id else None)
    async with RunLifecycle(asked, Transcript(b"", name=p.name),
                            Supplied(provider=provider, sinks=sinks, capacity=capacity,
                                     keep_outputs=False),
                            cancelled="the read was cancelled") as run:
        target = cur.target if cur is not None else chunk_target(capacity, question)
        try:
            fh = open(p, "rb")  # noqa: SIM115 - closed in the finally below
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            return _answer_without_model(run, p, st.st_size, f"unreadable file ({why.lower()})",
                                         t0, detail)
        early: ScansAhead | None = None
        try:
            try:
                head = fh.read(SNIFF_BYTES)
            except OSError as exc:  # a file whose read fails (a device, /proc/self/mem)
                why = exc.strerror or type(exc).__name__
                return _answer_without_model(run, p, st.st_size,
                                             f"unreadable file ({why.lower()})", t0, detail)
            if looks_binary(head):
                fh.seek(0)
                what = f"binary file ({describe_binary(head)}), sha256 {file_sha256(fh)}"
                return _answer_without_model(run, p, st.st_size, what, t0, detail)
            # a long log's scan workers start while the file is planned (see start_early)
            early = start_early(head.decode("utf-8", errors="replace"), st.st_size,
                                scan_workers(run.ctx.limits.scan_workers))
            try:
                plan = plan_file(p, target)
            except OSError as exc:
                why = exc.strerror or type(exc).__name__
                return _answer_without_model(run, p, st.st_size,
                                             f"unreadable file ({why.lower()})", t0, detail)
            if cur is not None and (cur.plan_hash != plan.plan_hash
                                    or cur.chunks_total != len(plan)):
                raise FileChanged(f"{p} changed since the cursor was made (its content "
                                  "differs); read it again without the cursor")
            return await _run(run, OpenFile(p, st, fh, plan), cur,
                              replace(ask, question=question, detail=detail), t0, early)
        finally:
            if early is not None and not early.closed:  # a read that never got to it
                early.close()
            fh.close()


def _run_started(run: RunLifecycle, p: Path, size: int, chunks: ChunkPlanInfo) -> None:
    run.started(input_bytes=size, strategy="chunked",
                router_reason=f"read {p.name} chunk by chunk ({chunks.detail})", detail=chunks)


def _answer_without_model(run: RunLifecycle, p: Path, size: int, what: str, t0: float,
                          detail: str) -> ReadResult:
    """Binary and unreadable files: a one-line description, and a skipped run saying why."""
    _run_started(run, p, size, ChunkPlanInfo(detail=detail))
    line = f"{p.name}: {what}, {size} bytes; not summarized."
    gaps = [(0, size)] if size else []
    run.finish_skipped(f"{what}; not summarized", coverage=0.0 if size else 1.0, gaps=gaps)
    return ReadResult(summary=line, outline=[], cursor=None,
                      stats=ReadStats(0, size, 0, 0, time.monotonic() - t0), truncated=False,
                      status="skipped", reason=f"{what}; not summarized", run_id=run.run_id,
                      state=run.state)


async def _run(run: RunLifecycle, src: OpenFile, cur: Cursor | None, ask: ReadOptions,
               t0: float, early: ScansAhead | None = None) -> ReadResult:
    ctx = run.ctx
    p, plan = src.path, src.plan
    question, detail = ask.question, ask.detail or "outline"
    max_chunks, parallel = ask.max_chunks, ask.parallel
    first = cur.next_chunk if cur is not None else 0
    todo = list(plan.chunks[first:])
    if max_chunks is not None:
        todo = todo[:max_chunks]
    _run_started(run, p, plan.size, ChunkPlanInfo(
        detail=detail, total=len(plan), first=first, target=plan.target, parallel=parallel,
        max_chunks=max_chunks,
    ))

    def stats(read: int) -> ReadStats:
        return ReadStats(plan.total_lines, plan.size, read, len(plan), time.monotonic() - t0)

    if not plan.chunks:
        run.finish_skipped("the file is empty")
        return ReadResult(summary=f"{p.name}: empty file, 0 bytes.", outline=[], cursor=None,
                          stats=stats(0), truncated=False, status="skipped",
                          reason="the file is empty", run_id=ctx.run_id, state=ctx.state)
    if first >= len(plan):
        raise CursorError("the cursor says the read is already finished; nothing remains")
    scope: Span = (plan.chunks[first].start, plan.size)
    d = DETAIL[detail]
    fan_in = max(2, min(16, ctx.capacity.data_bytes // (d.summary_chars + 400)))
    stack = FoldStack(ctx, scope, fan_in, d.summary_chars, question)
    outline = cur.outline_state() if cur is not None else Outline()
    if cur is not None and cur.summary:
        stack.prior = ((0, scope[0]), Extraction(headline="The file before this point",
                                                 summary=cur.summary))
    reader = ChunkReader(ctx, src, replace(ask, detail=detail), outline, early=early)
    ctx.start(ROOT, None, scope, Opening(0, "fold", question=question))
    stopped_at: Chunk | None = None
    why = ""
    read = 0
    final: Extraction | None = None
    fold_error = ""
    try:
        read, stopped_at, why = await reader.run(todo, stack)
        if stopped_at is None and len(todo) < len(plan) - first:
            stopped_at = plan.chunks[first + len(todo)]
            why = f"stopped after {len(todo)} chunk(s) (max_chunks); resume with the cursor"
        try:
            final = await stack.result()
        except (ProviderError, BudgetExhausted) as exc:
            fold_error = str(exc)
            final = fallback_fold(stack.pending())
    except FileChanged as exc:
        ctx.finish(ROOT, scope, Ending("failed", reason=str(exc)))
        run.finish("failed", coverage=0.0, gaps=[scope], reason=str(exc))
        raise
    except asyncio.CancelledError:
        ctx.finish(ROOT, scope, Ending("failed", reason="cancelled"))
        raise  # the run ends incomplete with the root's gaps: "the read was cancelled"
    covered = [(c.start, c.end) for c in plan.chunks[first : first + read]]
    token = None if stopped_at is None else _cursor_token(
        src, replace(ask, detail=detail), stopped_at, outline, final, ctx.run_id)
    final, root, status, reason = _end_root(ctx, scope, final, covered,
                                            finished=stopped_at is None and not fold_error,
                                            why=why or "the final summary could not be "
                                            f"folded: {fold_error}")
    run.finish(status, coverage=1.0 if root.complete else ctx.state.nodes[ROOT].coverage,
               gaps=root.gaps, entry=final.model_dump() if final is not None else None,
               reason=reason)
    if reader.releases_line() and final is not None:
        final = without_line(final)  # the read's own count, with its lines, names them
    summary = compose_summary(final)
    if reader.releases_line():
        summary = f"{reader.releases_line()}\n\n{summary}" if summary else reader.releases_line()
    return ReadResult(
        summary=summary, outline=list(outline.entries), cursor=token,
        stats=stats(read), truncated=stopped_at is not None, status=status, reason=reason,
        run_id=ctx.run_id, outline_dropped=reader.dropped, first_chunk=first, state=ctx.state,
        answer=final.answer if final is not None else "",
        answer_anchors=_located(p, final.answer_anchors) if final is not None else [],
    )


def _end_root(ctx: RunContext, scope: Span, final: Extraction | None, covered: list[Span],
              *, finished: bool, why: str) -> tuple[Extraction | None, Outcome, Status, str]:
    """The read's root finished: complete (or skipped) when every chunk was read and folded,
    unless the proof refuses it; else incomplete over the chunks read, saying why."""
    if finished:
        if final is None:
            final = Extraction(skipped=True, skip_reason="no chunk held anything of substance")
        root = ctx.finish(ROOT, scope, Ending("complete", extraction=final))
        status: Status = "skipped" if final.skipped else "complete"
        reason = (final.skip_reason or "nothing of substance") if final.skipped else ""
        if not root.complete:  # refused without proof: the run says so, as the root does
            status, reason = "incomplete", root.reason
        return final, root, status, reason
    root = ctx.finish(ROOT, scope, Ending("incomplete", covered=covered, reason=why))
    return final, root, "incomplete", why


def _cursor_token(src: OpenFile, ask: ReadOptions, stopped_at: Chunk, outline: Outline,
                  final: Extraction | None, run_id: str) -> str:
    """The cursor that resumes this read at ``stopped_at`` (tamper-evident, opaque)."""
    p, st, plan = src.path, src.stat, src.plan
    return encode_cursor(Cursor(
        path=str(p.resolve()), size=st.st_size, mtime_ns=st.st_mtime_ns,
        plan_hash=plan.plan_hash, target=plan.target, next_chunk=stopped_at.index,
        chunks_total=len(plan), question=ask.question, detail=ask.detail or "outline",
        outline=list(outline.entries), archived=outline.archived,
        summary=compose_summary(final)[:1200], run_id=run_id,
    ))


def _located(p: Path, anchors: list[Anchor]) -> list[dict[str, Any]]:
    """Answer anchors with the 1-based ``line`` each starts on (the file is streamed once,
    up to the last anchor; there are only a few)."""
    out = [a.model_dump() for a in anchors]
    todo = sorted(range(len(out)), key=lambda i: out[i]["start"])
    if not todo:
        return out
    line, pos = 1, 0
    with p.open("rb") as fh:
        for i in todo:
            start = out[i]["start"]
            while pos < start:
                block = fh.read(min(1 << 20, start - pos))
                if not block:
                    break
                line += block.count(b"\n")
                pos += len(block)
            out[i]["line"] = line
    return out


def read_summary_sync(
    path: str | Path,
    ask: ReadOptions | None = None,
    *,
    settings: Settings | None = None,
    provider: Provider | None = None,
    sinks: Sequence[Sink] = (),
    run_id: str | None = None,
) -> ReadResult:
    """:func:`read_summary` for callers without an event loop, with the same named options
    (spelled out so a type checker sees a misspelt one)."""
    return asyncio.run(read_summary(path, ask, settings=settings, provider=provider,
                                    sinks=sinks, run_id=run_id))
