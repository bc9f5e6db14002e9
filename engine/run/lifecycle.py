"""The life of one run, written once: provider, run id, context, its start and its one finish.

Every entry point that runs something (``summarize``, ``read``, ``compact``, a re-run of a
scope) decides *what* to do; this module does what they all share::

    async with RunLifecycle(settings, transcript, cancelled="the read was cancelled") as run:
        run.started(source=..., input_bytes=..., strategy=...)
        ...  # the strategy, on run.ctx
        run.finish_outcome(outcome)  # or finish / finish_skipped

- the provider: made from the settings (and closed at the end) unless one is given, which
  then stays the caller's to close; a provider made here is first checked to be reachable
  (:meth:`~engine.providers.base.Provider.check_reachable`), so an unreachable server is a
  UserError before the run starts;
- the run id (:func:`new_run_id`) and the :class:`~engine.run.context.RunContext`;
- ``RunStarted``, from typed arguments, with the settings stored as every run stores them;
- exactly one ``RunFinished``: the finish helpers build it, and a body that is cancelled or
  raises after the start ends the run ``incomplete`` with its root's coverage and gaps and
  the caller's reason (the exception then goes on up). A run that never started (it failed
  before ``started``) emits nothing; nor does one *refused* after its start (its body raised
  a :class:`~engine.core.errors.UserError`, a request the user must change): every sink
  with a ``discard_run(run_id)`` method (the store's writer) is told to forget the run, so a
  refused request leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from gapless.engine.config import mask_extras, secret_env_values
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import (
    ProviderCall,
    RunEnd,
    RunFinished,
    RunStarted,
    Sink,
    Status,
)
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.run_info import ChunkPlanInfo, CompactionInfo
from gapless.engine.core.spans import Span
from gapless.engine.core.state import RunState
from gapless.engine.core.tokens import Capacity
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import ModelRequest, Provider
from gapless.engine.providers.factory import make_provider
from gapless.engine.providers.preflight import take_preflight
from gapless.engine.run.calls import CallRecorder, RunSetup
from gapless.engine.run.collector import fewer_collections
from gapless.engine.run.context import RunContext
from gapless.engine.run.memo import Memo, Outcome
from gapless.engine.run.request import RunRequest

__all__ = ["NOTHING_SUPPLIED", "RunLifecycle", "Supplied", "new_run_id", "root_coverage"]


def _secret_values(extras: dict[str, Any]) -> list[str]:
    """The string values of secret-looking extras (an API key passed as an extra)."""
    masked = mask_extras(extras)
    out: list[str] = []
    for k, v in extras.items():
        if isinstance(v, dict):
            out += _secret_values(v)
        elif isinstance(v, str) and masked.get(k) == "***":
            out.append(v)
    return out


def new_run_id() -> str:
    """A fresh run id (the one way run ids are made)."""
    return uuid.uuid4().hex[:12]


def root_coverage(state: RunState) -> tuple[float, list[Span]]:
    """The coverage and residual gaps of the run's root, as its events leave it now."""
    root = state.nodes.get(state.root or "")
    if root is None:
        return 0.0, [(0, state.input_bytes)] if state.input_bytes else []
    return root.coverage, root.residual


@dataclass(frozen=True)
class Supplied:
    """What a caller supplies a run in place of what its settings would make: the
    provider, the sinks its events go to, the memo of earlier results and the window's
    capacity (each None or empty: the settings' own); ``keep_outputs`` False for a run
    whose own state keeps only its root's extraction (see ``RunState.keep_outputs``)."""

    provider: Provider | None = None
    sinks: Sequence[Sink] = ()
    memo: Memo | None = None
    capacity: Capacity | None = None
    keep_outputs: bool = True


NOTHING_SUPPLIED = Supplied()


class RunLifecycle:
    """One run from its provider to its ``RunFinished`` (an async context manager).

    ``cancelled`` is the reason recorded when the body is cancelled; ``stopped`` the one
    recorded when another exception escapes it (default: the exception's message).
    """

    ctx: RunContext
    provider: Provider

    def __init__(
        self,
        request: RunRequest,
        transcript: Transcript,
        supplied: Supplied = NOTHING_SUPPLIED,
        *,
        cancelled: str = "the run was cancelled",
        stopped: str | None = None,
    ) -> None:
        self.request = request
        self.settings = request.settings
        self.run_id = request.run_id or new_run_id()
        self.cancelled = cancelled
        self.stopped = stopped
        self._transcript = transcript
        self._given = supplied.provider
        self._sinks = supplied.sinks
        self._memo = supplied.memo
        self._capacity = supplied.capacity
        self._keep_outputs = supplied.keep_outputs
        self._question = request.question
        self._started = False
        self._finished = False
        self.refused: UserError | None = None
        self._held = contextlib.ExitStack()

    async def __aenter__(self) -> RunLifecycle:
        capacity = self._capacity or Capacity.for_context(self.settings.context_tokens)
        # the command may have asked the server already, while it rendered the input: its
        # provider, checked, is the run's (it knows what the check found out, Ollama or not)
        early = take_preflight(self.settings) if self._given is None else None
        if early is not None:
            self.provider = await early  # (raises as the check below would)
        else:
            self.provider = self._given if self._given is not None else \
                make_provider(self.settings)
        self._held.enter_context(fewer_collections())
        try:
            if self._given is None and early is None:
                # A server that does not answer at all fails here, in seconds, before
                # anything is emitted (so nothing is stored), not after a run of retries.
                await self.provider.check_reachable()
            s = self.settings
            self.ctx = RunContext(
                RunSetup(run_id=self.run_id, transcript=self._transcript,
                         provider=self.provider, capacity=capacity, limits=s.limits,
                         budget=s.budget, sinks=self._sinks, price=s.price,
                         max_unusable=s.max_unusable_answers, recorder=self._recorder(),
                         keep_outputs=self._keep_outputs),
                question=self._question, instructions=s.summary_instructions, memo=self._memo,
            )
        except BaseException:
            await self._close()
            raise
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        try:
            if self._started and not self._finished and isinstance(exc, UserError):
                self._refuse(exc)
            elif self._started and not self._finished:
                if exc is None:
                    reason = "the run ended without a finish (an engine bug)"
                elif isinstance(exc, asyncio.CancelledError):
                    reason = self.cancelled
                else:
                    reason = self.stopped or str(exc) or type(exc).__name__
                self.finish_stopped(reason)
        finally:
            await self._close()

    def _recorder(self) -> CallRecorder | None:
        """What hears each call's request and reply: the sinks that keep them (the store's
        writer, ``record_call``), told the secrets never to write (the provider's key, secret
        extras, the value of every key-like environment variable). None when
        ``keep_call_bodies`` is off or the provider is offline (its answers are code's, made
        from the prompt's data)."""
        s = self.settings
        keepers = [keep for keep in (getattr(sink, "record_call", None) for sink in self._sinks)
                   if callable(keep)]
        if not keepers or not s.keep_call_bodies or self.provider.writes_from_data:
            return None
        secrets = [v for v in (os.environ.get(s.key_env) if s.key_env else None,
                               *_secret_values(s.extras), *secret_env_values()) if v]

        def record(call: ProviderCall, request: ModelRequest, text: str) -> None:
            for keep in keepers:
                keep(call, request.system, request.prompt, text, secrets=secrets)

        return record

    def _refuse(self, exc: UserError) -> None:
        """The request was refused after the start: no finish, and the sinks that keep the
        run are told to drop it."""
        self.refused = exc
        for sink in self._sinks:
            discard = getattr(sink, "discard_run", None)
            if callable(discard):
                discard(self.run_id)

    async def _close(self) -> None:
        self._held.close()
        if self._given is None:
            await self.provider.aclose()

    @property
    def state(self) -> RunState:
        return self.ctx.state

    @property
    def finished(self) -> bool:
        return self._finished

    # the start ---------------------------------------------------------------------------
    def started(
        self,
        *,
        input_bytes: int,
        strategy: str,
        router_reason: str = "",
        malformed: int = 0,
        context_tokens: int | None = None,
        detail: ChunkPlanInfo | CompactionInfo | None = None,
    ) -> None:
        """Emit ``RunStarted``: the provider, question, settings, source and the run it
        resumes are the request's; a chunked read's plan and a compaction's details
        (``detail``) are typed fields and keep their keys in ``settings`` as well."""
        chunks = detail if isinstance(detail, ChunkPlanInfo) else None
        compaction = detail if isinstance(detail, CompactionInfo) else None
        source = self.request.source or self._transcript.name
        parent_run_id = self.request.parent_run_id
        if self._started:
            raise RuntimeError(f"run {self.run_id} has already started")
        settings: dict[str, Any] = self.settings.public()
        if chunks is not None:
            settings.update(chunks.settings_keys())
        if compaction is not None:
            settings.update(compaction.settings_keys())
        ctx = self.ctx
        self._started = True
        ctx.emit(RunStarted(
            run_id=ctx.run_id, source=source, input_bytes=input_bytes, strategy=strategy,
            router_reason=router_reason, provider=ctx.provider.name, model=ctx.provider.model,
            context_tokens=ctx.capacity.context_tokens if context_tokens is None
            else context_tokens,
            question=ctx.question, parent_run_id=parent_run_id, settings=settings,
            malformed=malformed, chunks=chunks, compaction=compaction,
            source_account=self._transcript.account,
        ))

    # the one finish ----------------------------------------------------------------------
    def finish(self, status: Status, *, coverage: float, gaps: Sequence[Span] = (),
               entry: dict[str, Any] | None = None, reason: str = "") -> None:
        """Emit the run's ``RunFinished`` (once; a second finish is an engine bug)."""
        if not self._started:
            raise RuntimeError(f"run {self.run_id} finishes before it started")
        if self._finished:
            raise RuntimeError(f"run {self.run_id} has already finished")
        self._finished = True
        root = self.ctx.state.nodes.get(self.ctx.state.root or "")
        if (status == "complete" or (status == "skipped" and root is not None)) and (
                root is None or root.status != "complete"):
            # complete is derived from the root's proven finish, never taken from a caller
            coverage, gaps = root_coverage(self.ctx.state)
            status, entry = "incomplete", None
            why = root.reason if root is not None and root.reason else "the root did not complete"
            reason = f"refused complete: {why}" + (f"; {reason}" if reason else "")
        if entry is not None and self._transcript.data:
            # the anchors say where in the files the claims come from (file, line)
            for key in ("anchors", "answer_anchors"):
                if isinstance(entry.get(key), list):
                    entry = {**entry, key: self._transcript.annotate_anchors(entry[key])}
        end: RunEnd = "failed" if status == "running" else status  # never ends running
        self.ctx.emit(RunFinished(status=end, coverage=coverage, gaps=list(gaps),
                                  entry=entry, reason=reason))

    def finish_skipped(self, reason: str, *, coverage: float = 1.0,
                       gaps: Sequence[Span] = ()) -> None:
        """Nothing to summarize, and why."""
        self.finish("skipped", coverage=coverage, gaps=gaps, reason=reason)

    def finish_stopped(self, reason: str, status: Status = "incomplete") -> None:
        """End before the root could: the root's coverage and gaps as they are now."""
        coverage, gaps = root_coverage(self.ctx.state)
        self.finish(status, coverage=coverage, gaps=gaps, reason=reason)

    def finish_outcome(self, outcome: Outcome) -> None:
        """Finish from how the root ended: complete (or skipped by the model) at 100 %, else
        with the root's gaps and why (a spent budget is named first)."""
        if outcome.complete and outcome.extraction is not None:
            ex: Extraction = outcome.extraction
            status: Status = "skipped" if ex.skipped else "complete"
            reason = (ex.skip_reason or "the model judged it non-substantive") if ex.skipped else ""
            self.finish(status, coverage=1.0, entry=ex.model_dump(), reason=reason)
            return
        coverage, gaps = root_coverage(self.ctx.state)
        if self.ctx.halted is not None:  # a model that gave nothing usable: the run failed
            self.finish("failed", coverage=coverage, gaps=gaps, reason=self.ctx.halted)
            return
        reason = outcome.reason or "the root did not complete"
        exhausted = self.ctx.exhausted
        if exhausted:
            reason = f"{exhausted}; {reason}" if exhausted not in reason else reason
        elif (cause := leaf_cause(self.ctx.state)) and cause not in reason:
            reason = f"{reason}; {cause}"
        self.finish(outcome.status, coverage=coverage, gaps=gaps, reason=reason)


def leaf_cause(state: RunState) -> str:
    """What the parts that read nothing say, when most say the same: the root's own reason
    ("3 of 3 children did not complete") names no cause, a leaf's does ("the leaf prompt
    (~449 tokens) and its answer (128) would not fit the 512-token window"). Reasons that
    differ only in their numbers are the same cause; the first is quoted."""
    reasons = [n.reason for n in state.nodes.values()
               if n.mode == "leaf" and n.status != "complete" and n.reason and not n.children]
    if not reasons:
        return ""
    shapes = Counter(re.sub(r"\d+", "#", r) for r in reasons)
    (shape, count), = shapes.most_common(1)
    if count * 2 < len(reasons):
        return ""
    why = next(r for r in reasons if re.sub(r"\d+", "#", r) == shape)
    parts = "a part" if count == 1 else f"{count} parts"
    return f"{parts} could not be read: {why}"
