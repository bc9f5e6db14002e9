"""The run context shared by every strategy: calls, budgets, memo, events, finishing.

Strategies decide *what* to read; this module makes every call go through one place, so
accounting, budgets, concurrency and the coverage rules cannot differ between strategies.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pydantic import ValidationError

from engine.core.events import (
    CallStarted,
    ChildFinished,
    Event,
    InvocationFinished,
    InvocationStarted,
    Mode,
    ProviderCall,
    SpanRead,
    Status,
)
from engine.core.extraction import Extraction, extraction_schema, normalise
from engine.core.jsonrepair import LlmJsonError, parse_llm_json
from engine.core.limits import Budget, Limits
from engine.core.spans import Span, coverage_ratio, merge, residual_gaps
from engine.core.state import RunState, reduce
from engine.core.tokens import Capacity
from engine.core.transcript import Transcript
from engine.providers.base import DataBlock, ModelReply, ModelRequest, Provider, ProviderError
from engine.run.prompts import SYSTEM, Prompt, fold_prompt

PROMPT_VERSION = "v1"
MemoKind = Literal["leaf", "plan", "fold"]  # what a memo key is the result of


class BudgetExhausted(Exception):
    """No more calls may be made in this run."""


class Memo(Protocol):
    """Results of completed invocations, so a resumed or re-run scope is not sent again."""

    async def get(self, key: str) -> Extraction | None: ...

    async def put(self, key: str, extraction: Extraction) -> None: ...


class MemoryMemo:
    def __init__(self) -> None:
        self.data: dict[str, Extraction] = {}

    async def get(self, key: str) -> Extraction | None:
        return self.data.get(key)

    async def put(self, key: str, extraction: Extraction) -> None:
        self.data[key] = extraction


@dataclass
class Outcome:
    """How an invocation ended, as its parent needs to know it."""

    inv: str
    scope: Span
    status: Status
    extraction: Extraction | None = None
    gaps: list[Span] = field(default_factory=list)
    key: str = ""
    reason: str = ""

    @property
    def complete(self) -> bool:
        return self.status == "complete"


Sink = Callable[[Event], None]
PromptSource = Prompt | Callable[[], Prompt]


class RunContext:
    """Everything one run shares: transcript, provider, limits, budget, memo and events."""

    def __init__(
        self,
        *,
        run_id: str,
        transcript: Transcript,
        provider: Provider,
        capacity: Capacity,
        limits: Limits | None = None,
        budget: Budget | None = None,
        question: str | None = None,
        instructions: str = "",
        memo: Memo | None = None,
        sinks: Sequence[Sink] = (),
        price: Callable[[int, int], float] | None = None,
    ) -> None:
        self.run_id = run_id
        self.transcript = transcript
        self.provider = provider
        self.capacity = capacity
        self.limits = limits or Limits()
        self.budget = budget or Budget()
        self.question = question
        self.instructions = instructions
        self.memo: Memo = memo if memo is not None else MemoryMemo()
        self.sinks = list(sinks)
        self.price = price
        self.state = RunState()
        self._seq = 0
        self._sem = asyncio.Semaphore(max(1, self.limits.concurrency))
        self._started = time.monotonic()
        self._calls_started = 0
        self.exhausted: str | None = None

    # events -------------------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self._seq += 1
        event.seq = self._seq
        reduce(self.state, event)
        for sink in self.sinks:
            sink(event)

    # budget -------------------------------------------------------------------------------
    def _check_budget(self) -> None:
        b, st = self.budget, self.state
        reason: str | None = None
        if b.max_calls is not None and self._calls_started >= b.max_calls:
            reason = f"the call budget ({b.max_calls} calls) is spent"
        elif b.max_tokens is not None and st.tokens_in + st.tokens_out >= b.max_tokens:
            reason = f"the token budget ({b.max_tokens} tokens) is spent"
        elif b.max_cost is not None and st.cost >= b.max_cost:
            reason = f"the cost budget ({b.max_cost}) is spent"
        elif b.max_seconds is not None and time.monotonic() - self._started >= b.max_seconds:
            reason = f"the time budget ({b.max_seconds:g} s) is spent"
        if reason:
            self.exhausted = reason
            raise BudgetExhausted(reason)

    # calls --------------------------------------------------------------------------------
    async def call(
        self, inv: str, prompt: PromptSource, schema: dict[str, object] | None = None
    ) -> ModelReply:
        """One model call, accounted and bounded. Raises ProviderError or BudgetExhausted.

        ``prompt`` may be a function that builds it: it is then built only once the call
        holds its concurrency slot, so thousands of waiting leaves hold no prompts. The
        call's purpose is the kind of its task.
        """
        async with self._sem:
            self._check_budget()
            self._calls_started += 1
            built = prompt() if callable(prompt) else prompt
            purpose = built.task.kind
            self.emit(CallStarted(inv=inv, purpose=purpose))
            request = ModelRequest(
                purpose=purpose,
                system=SYSTEM,
                prompt=built.text,
                schema=schema,
                max_tokens=self.capacity.output_tokens,
                task=built.task,
            )
            sent = len(built.text.encode("utf-8"))
            t0 = time.perf_counter()
            try:
                reply = await self._bounded(self.provider.complete(request))
            except (ProviderError, BudgetExhausted) as exc:
                self.emit(
                    ProviderCall(
                        inv=inv,
                        provider=self.provider.name,
                        model=self.provider.model,
                        purpose=purpose,
                        latency_ms=(time.perf_counter() - t0) * 1000,
                        retries=getattr(exc, "retries", 0),
                        bytes_sent=sent,
                        ok=False,
                        error=str(exc)[:500],
                    )
                )
                raise
            except asyncio.CancelledError:
                # The run stopped (a spent budget elsewhere, ^C) with this call in flight: the
                # request may have reached the server, so it is on record, as not answered.
                self.emit(ProviderCall(
                    inv=inv, provider=self.provider.name, model=self.provider.model,
                    purpose=purpose, latency_ms=(time.perf_counter() - t0) * 1000,
                    bytes_sent=sent, ok=False, error="cancelled before the reply",
                ))
                raise
            cost = reply.cost
            if not cost and self.price is not None:
                cost = self.price(reply.tokens_in, reply.tokens_out)
            self.emit(
                ProviderCall(
                    inv=inv,
                    provider=self.provider.name,
                    model=reply.model or self.provider.model,
                    purpose=purpose,
                    tokens_in=reply.tokens_in,
                    tokens_out=reply.tokens_out,
                    estimated=reply.estimated,
                    latency_ms=reply.latency_ms or (time.perf_counter() - t0) * 1000,
                    cost=cost,
                    retries=reply.retries,
                    bytes_sent=sent,
                )
            )
            return reply

    async def _bounded(self, call: Coroutine[Any, Any, ModelReply]) -> ModelReply:
        """Await a provider call, but not past the wall-time budget."""
        if self.budget.max_seconds is None:
            return await call
        left = self.budget.max_seconds - (time.monotonic() - self._started)
        try:
            return await asyncio.wait_for(call, max(0.001, left))
        except TimeoutError:
            self.exhausted = f"the time budget ({self.budget.max_seconds:g} s) is spent"
            raise BudgetExhausted(self.exhausted) from None

    async def ask_extraction(self, inv: str, prompt: PromptSource, scope: Span) -> Extraction:
        """Call until the answer is a usable extraction (one corrective retry)."""
        extraction, _raw = await self.ask_extraction_json(inv, prompt, scope)
        return extraction

    async def ask_extraction_json(
        self, inv: str, prompt: PromptSource, scope: Span,
        schema: dict[str, Any] | None = None,
    ) -> tuple[Extraction, dict[str, Any]]:
        """Like :meth:`ask_extraction`, also returning the raw JSON object, for callers whose
        answers carry more than an extraction (a chunk's outline)."""
        problem = ""
        for attempt in range(2):
            text: PromptSource = prompt if not attempt else _corrected(prompt, problem)
            reply = await self.call(inv, text, schema or extraction_schema())
            try:
                raw = parse_llm_json(reply.text)
                extraction = Extraction.model_validate(raw)
            except LlmJsonError as exc:
                problem = str(exc)
                continue
            except ValidationError as exc:
                first = exc.errors()[0]
                problem = f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"
                continue
            cleaned, _dropped = normalise(extraction, scope)
            return cleaned, raw
        raise ProviderError(f"the model's answer was not a usable extraction: {problem}")

    # keys and memo ------------------------------------------------------------------------
    def _key(self, kind: MemoKind, *parts: bytes) -> str:
        """What a completed invocation's result depends on. The provider is left out on
        purpose: re-running a failed scope with another model keeps the completed work of
        the first; resume only draws on runs of the same provider (see the fingerprint)."""
        h = hashlib.sha256()
        for p in (
            kind.encode(),
            PROMPT_VERSION.encode(),
            (self.question or "").encode(),
            self.instructions.encode(),
            str(self.capacity.context_tokens).encode(),
            *parts,
        ):
            h.update(len(p).to_bytes(8, "little"))
            h.update(p)
        return h.hexdigest()[:32]

    def scope_key(self, kind: MemoKind, scope: Span, question: str | None) -> str:
        s, e = scope
        return self._key(
            kind, f"{s}:{e}".encode(), (question or "").encode(), self.transcript.data[s:e]
        )

    def fold_key(self, children: Sequence[Outcome]) -> str:
        return self._key("fold", *(c.key.encode() for c in children))

    # invocation lifecycle -----------------------------------------------------------------
    def start(
        self,
        inv: str,
        parent: str | None,
        scope: Span,
        depth: int,
        mode: Mode,
        *,
        question: str | None = None,
        action_budget: int = 0,
        engine_spawned: bool = False,
    ) -> None:
        self.emit(
            InvocationStarted(
                inv=inv,
                parent=parent,
                start=scope[0],
                end=scope[1],
                depth=depth,
                mode=mode,
                question=question,
                action_budget=action_budget,
                engine_spawned=engine_spawned,
            )
        )

    def finish(
        self,
        inv: str,
        scope: Span,
        status: Status,
        *,
        covered: Sequence[Span] = (),
        extraction: Extraction | None = None,
        key: str = "",
        reason: str = "",
        reused: bool = False,
    ) -> Outcome:
        """Emit the end of an invocation. Only a complete one carries an extraction."""
        if status == "complete":
            gaps: list[Span] = []
            coverage = 1.0
        else:
            extraction = None
            covered = covered if status == "incomplete" else ()
            gaps = residual_gaps(scope, covered)
            coverage = coverage_ratio(scope, covered)
        self.emit(
            InvocationFinished(
                inv=inv,
                status=status,
                coverage=coverage,
                gaps=gaps,
                extraction=extraction.model_dump() if extraction else None,
                reason=reason,
                reused=reused,
                key=key if status == "complete" else "",
            )
        )
        return Outcome(inv, scope, status, extraction, gaps, key, reason)

    def child_finished(self, parent: str, outcome: Outcome) -> None:
        self.emit(
            ChildFinished(
                inv=parent,
                child=outcome.inv,
                status=outcome.status,
                start=outcome.scope[0],
                end=outcome.scope[1],
            )
        )

    def read(self, inv: str, span: Span) -> None:
        self.emit(SpanRead(inv=inv, start=span[0], end=span[1]))

    async def reuse(self, inv: str, scope: Span, key: str) -> Outcome | None:
        """Finish from the memo if this exact work completed before."""
        hit = await self.memo.get(key)
        if hit is None:
            return None
        return self.finish(inv, scope, "complete", extraction=hit, key=key,
                           reason="reused a completed invocation", reused=True)

    async def complete(self, inv: str, scope: Span, extraction: Extraction, key: str) -> Outcome:
        await self.memo.put(key, extraction)
        return self.finish(inv, scope, "complete", extraction=extraction, key=key)


def _corrected(prompt: PromptSource, problem: str) -> PromptSource:
    """The prompt again, telling the model what was wrong with its last answer."""

    def build() -> Prompt:
        base = prompt() if callable(prompt) else prompt
        return Prompt(f"{base.text}\n\nYour previous answer was not usable ({problem}). "
                      "Answer with the JSON object only.", base.task)

    return build


async def run_leaf(
    ctx: RunContext,
    inv: str,
    parent: str | None,
    scope: Span,
    depth: int,
    *,
    question: str | None = None,
    engine_spawned: bool = False,
) -> Outcome:
    """Read a scope that fits the usable context whole, in one call."""
    from engine.run.prompts import leaf_prompt

    ctx.start(inv, parent, scope, depth, "leaf", question=question, engine_spawned=engine_spawned)
    key = ctx.scope_key("leaf", scope, question)
    try:
        reused = await ctx.reuse(inv, scope, key)
        if reused:
            return reused
        def prompt() -> Prompt:
            return leaf_prompt(
                ctx.transcript.text(*scope),
                scope[0],
                question=question or ctx.question,
                instructions=ctx.instructions,
                summary_chars=ctx.capacity.summary_chars,
            )

        extraction = await ctx.ask_extraction(inv, prompt, scope)
    except BudgetExhausted as exc:
        return ctx.finish(inv, scope, "incomplete", reason=str(exc), key=key)
    except ProviderError as exc:
        return ctx.finish(inv, scope, "failed", reason=str(exc), key=key)
    except asyncio.CancelledError:
        ctx.finish(inv, scope, "failed", reason="cancelled", key=key)
        raise
    ctx.read(inv, scope)
    return await ctx.complete(inv, scope, extraction, key)


async def fold_outcomes(
    ctx: RunContext,
    inv: str,
    scope: Span,
    children: Sequence[Outcome],
    *,
    question: str | None,
    blocks: Sequence[DataBlock] = (),
    notes: Sequence[str] = (),
) -> Extraction:
    """Merge complete children's extractions in one call (in batches if there are many)."""
    parts = [(c.scope, c.extraction) for c in children if c.extraction is not None]
    fan_in = ctx.capacity.fan_in
    while len(parts) > fan_in:
        merged: list[tuple[Span, Extraction]] = []
        for i in range(0, len(parts), fan_in):
            batch = parts[i : i + fan_in]
            if len(batch) == 1:
                merged.append(batch[0])
                continue
            span = (batch[0][0][0], batch[-1][0][1])
            prompt = fold_prompt(batch, question=question or ctx.question,
                                 instructions=ctx.instructions,
                                 summary_chars=ctx.capacity.summary_chars)
            merged.append((span, await ctx.ask_extraction(inv, prompt, scope)))
        parts = merged
    prompt = fold_prompt(
        parts,
        question=question or ctx.question,
        instructions=ctx.instructions,
        summary_chars=ctx.capacity.summary_chars,
        blocks=blocks,
        notes=notes,
    )
    return await ctx.ask_extraction(inv, prompt, scope)


def complete_spans(outcomes: Sequence[Outcome]) -> list[Span]:
    return merge(o.scope for o in outcomes if o.complete)
