"""The call site: the one place every model call of a run goes through.

Strategies decide *what* to read; :class:`CallSite` makes every call go through one place, so
accounting, budgets, concurrency, the window check and the record of each call (its
ledger: the bytes and child extractions its prompt carried) cannot differ between
strategies. The answers to calls are judged one floor up (:mod:`engine.run.answers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import math
import re
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gapless.engine.core.errors import BudgetExhausted as BudgetExhausted  # the tree's kind
from gapless.engine.core.events import CallStarted, Event, ProviderCall, Sink
from gapless.engine.core.limits import Budget, Limits
from gapless.engine.core.spans import Span, merge
from gapless.engine.core.state import RunState, reduce
from gapless.engine.core.tokens import Capacity
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import (
    ContextOverflow,
    ModelReply,
    ModelRequest,
    Provider,
    ProviderError,
    TaskSpec,
)
from gapless.engine.run.calibration import PROBE_MARGIN, Gauge, measure, probe_pays
from gapless.engine.run.prompts import SYSTEM, Prompt
from gapless.engine.run.usage import Row, UsageRows

# hears each call just after its event: (the event, the request as sent, reply text or error)
CallRecorder = Callable[[ProviderCall, ModelRequest, str], None]
PromptSource = Prompt | Callable[[], Prompt]
MAX_UNUSABLE_ANSWERS = 8  # default: consecutive unusable answers that stop a run
SYSTEM_BYTES = len(SYSTEM.encode("utf-8"))
# A chat template's own tokens around the messages, which a count of their text leaves out
TEMPLATE_TOKENS = 32


def sent_text(built: Prompt) -> str:
    """The text a prompt is sent as (the system prompt, then the prompt), to be counted."""
    return f"{SYSTEM}\n\n{built.text}"


class ModelUnusable(ProviderError):
    """The model gave answer after answer that could not be used: the run stops, failed."""


# what servers say when a prompt is over the window: OpenAI's and vLLM's error code,
# vLLM's and llama.cpp's messages
_OVERFLOW = re.compile(r"context_length_exceeded|maximum context length|exceeds? the "
                       r"(?:available )?context size|exceed_context_size_error", re.I)


def is_context_overflow(exc: BaseException) -> bool:
    """A server's refusal of a prompt as longer than its context window."""
    if isinstance(exc, ContextOverflow):
        return True
    status = getattr(exc, "status", None)
    text = f"{exc} {getattr(exc, 'body', '')}"
    return status in (400, 413, 422, None) and bool(_OVERFLOW.search(text))


# the prompts checked against the window before sending: those whose strategies split or
# repack what does not fit (leaves split, folds pack, a planning turn gives way to a tree)
CHECKED_KINDS = frozenset({"leaf", "fold", "plan"})
# set while a leaf, a fold or a planning turn of tree / recursive / oneshot asks: their
# prompts are checked (strategies that size their own prompts are not asked to)
_CHECKED: contextvars.ContextVar[bool] = contextvars.ContextVar("window_checked",
                                                                default=False)


@contextlib.contextmanager
def window_checked() -> Iterator[None]:
    """Check every prompt asked inside against the window before it is sent."""
    token = _CHECKED.set(True)
    try:
        yield
    finally:
        _CHECKED.reset(token)


def carried(task: TaskSpec, sent: Sequence[Span] | None = None
            ) -> tuple[list[Span], list[Span]]:
    """The ledger of one request: the transcript bytes its prompt carries (a leaf's or a
    chunk's scope; any other prompt's fenced blocks, or what the caller names) and the
    scopes of the child extractions it carries."""
    if sent is not None:
        data = list(sent)
    elif task.kind in ("leaf", "chunk") and task.scope is not None:
        data = [task.scope]
    else:
        data = [(b.offset, b.offset + len(b.text.encode("utf-8", "surrogatepass")))
                for b in task.blocks]
    return merge(data), merge(scope for scope, _ in task.children)


TOKEN_MASK = "<coherence-token>"  # a recorded planning answer's token, replaced on replay


@dataclass(frozen=True)
class RunSetup:
    """What a run's calls are made with: its id and input, the model and its window, the
    limits and budgets, where events go (``sinks``) and who hears each call's request and
    reply (``recorder``), the price of tokens, and how many unusable answers in a row stop
    the run."""

    run_id: str
    transcript: Transcript
    provider: Provider
    capacity: Capacity
    limits: Limits | None = None
    budget: Budget | None = None
    sinks: Sequence[Sink] = ()
    price: Callable[[int, int], float] | None = None
    max_unusable: int = MAX_UNUSABLE_ANSWERS
    recorder: CallRecorder | None = None
    keep_outputs: bool = True  # every invocation's extraction in the state (a view's)


class CallSite:
    """A run's calls: the provider, the window, the budgets, the concurrency slots and the
    events every call is put on record with."""

    def __init__(self, setup: RunSetup) -> None:
        self.run_id = setup.run_id
        # hears each call's request and reply (or error) just after its ProviderCall event
        self.recorder = setup.recorder
        self.transcript = setup.transcript
        self.provider = setup.provider
        self.capacity = setup.capacity
        self.limits = setup.limits or Limits()
        self.budget = setup.budget or Budget()
        self.sinks = list(setup.sinks)
        self.price = setup.price
        self.state = RunState(keep_outputs=setup.keep_outputs)
        self._seq = 0
        self._sem = asyncio.Semaphore(max(1, self.limits.concurrency))
        self._started = time.monotonic()
        self._calls_started = 0
        self.exhausted: str | None = None
        # a model that answers nothing usable stops the run (see Answering.note_answer)
        self.max_unusable = max(1, setup.max_unusable)
        self.unusable_streak = 0
        self.halted: str | None = None
        # bytes per token the model really has on this input: from its tokenizer (before
        # the plan) or from what replies report; None until known (then the estimate)
        self.calibrated: str | None = None
        self._gauge = Gauge()
        self.overflows = 0  # prompts the server refused as over its window (each split)
        self.oversize = 0  # prompts refused before sending (over the window by count or estimate)
        # leaves whose prompts the server's count showed to fit (not estimated again)
        self.counted_to_fit: set[Span] = set()
        # spans of the input the server's tokenizer counted: (start, end, tokens)
        self.counted_spans: list[tuple[int, int, int]] = []
        # no probe was sent: the strategy learns the ratio from its own first call's usage
        self.first_call_measures = False
        # each reply's usage, and the leaves planned by the model fitted to it (checked by
        # it before they are sent)
        self.usage = UsageRows(self.transcript.data)
        self.usage_fitted: set[Span] = set()

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
        self, inv: str, prompt: PromptSource, schema: dict[str, object] | None = None,
        *, sent: Sequence[Span] | None = None, turn: tuple[str, str] | None = None,
    ) -> ModelReply:
        """One model call, accounted and bounded. Raises ProviderError or BudgetExhausted.

        ``prompt`` may be a function that builds it: it is then built only once the call
        holds its concurrency slot, so thousands of waiting leaves hold no prompts. The
        call's purpose is the kind of its task. ``sent`` names the transcript bytes the
        prompt carries where its task does not (a planning turn's read results). ``turn``
        (key, coherence token) keeps a planning turn's answer on record for a resume.
        """
        reply, _built = await self.call_built(inv, prompt, schema, sent=sent, turn=turn)
        return reply

    async def call_built(
        self, inv: str, prompt: PromptSource, schema: dict[str, object] | None = None,
        *, check: bool = True, sent: Sequence[Span] | None = None,
        turn: tuple[str, str] | None = None,
    ) -> tuple[ModelReply, Prompt]:
        """:meth:`call`, also returning the prompt as it was sent. ``check=False`` skips the
        pre-send window check, for a prompt the server has already taken once."""
        async with self._sem:
            if self.halted is not None:
                raise ModelUnusable(self.halted)
            self._check_budget()
            built = prompt() if callable(prompt) else prompt
            if check:
                await self._check_fits(built)
            self._calls_started += 1
            purpose = built.task.kind
            self.emit(CallStarted(inv=inv, purpose=purpose))
            request = ModelRequest(
                purpose=purpose,
                system=SYSTEM,
                prompt=built.text,
                schema=schema,
                max_tokens=self.capacity.answer_reserve(built.task.kind),
                task=built.task if built.stats is None else replace(built.task, figures=True),
            )
            reply = await self._send(inv, request, built.size, carried(built.task, sent),
                                     turn=turn)
            return reply, built

    async def _send(self, inv: str, request: ModelRequest, sent: int,
                    ledger: tuple[list[Span], list[Span]] = ([], []),
                    turn: tuple[str, str] | None = None) -> ModelReply:
        """Send one request and put it on record (answered, refused or cut off), whatever
        happens; a refusal as over the window is counted and raised as ContextOverflow."""
        purpose = request.purpose
        t0 = time.perf_counter()

        def failed(error: str, retries: int = 0, overflow: bool = False) -> ProviderCall:
            return ProviderCall(inv=inv, provider=self.provider.name, model=self.provider.model,
                                purpose=purpose, latency_ms=(time.perf_counter() - t0) * 1000,
                                retries=retries, bytes_sent=sent, ok=False, error=error[:500],
                                overflow=overflow, sent=ledger[0], parts=ledger[1])

        try:
            reply = await self._bounded(self.provider.complete(request))
        except (ProviderError, BudgetExhausted) as exc:
            overflow = isinstance(exc, ProviderError) and is_context_overflow(exc)
            self._record(failed(str(exc), getattr(exc, "retries", 0), overflow), request,
                         str(exc))
            if overflow:
                self.overflows += 1
            if overflow and not isinstance(exc, ContextOverflow):
                raise ContextOverflow(
                    f"the server refused the prompt as over its context window: {exc}"[:500],
                    retries=getattr(exc, "retries", 0)) from exc
            raise
        except asyncio.CancelledError:
            # The run stopped (a spent budget elsewhere, ^C) with this call in flight: the
            # request may have reached the server, so it is on record, as not answered.
            self._record(failed("cancelled before the reply"), request,
                         "cancelled before the reply")
            raise
        self._observe(request, sent, reply)
        cost = reply.cost
        if not cost and self.price is not None:
            cost = self.price(reply.tokens_in, reply.tokens_out)
        self._record(ProviderCall(
            inv=inv, provider=self.provider.name, model=reply.model or self.provider.model,
            purpose=purpose, tokens_in=reply.tokens_in, tokens_out=reply.tokens_out,
            estimated=reply.estimated,
            latency_ms=reply.latency_ms or (time.perf_counter() - t0) * 1000, cost=cost,
            retries=reply.retries, bytes_sent=sent, sent=ledger[0], parts=ledger[1],
            turn_key=turn[0] if turn else "",
            turn_reply=reply.text.replace(turn[1], TOKEN_MASK) if turn else ""),
            request, reply.text)
        return reply

    def _record(self, call: ProviderCall, request: ModelRequest, text: str) -> None:
        """Emit a call's event, then hand the recorder its request and reply (or error)."""
        self.emit(call)
        if self.recorder is not None:
            self.recorder(call, request, text)

    # calibration --------------------------------------------------------------------------
    def prompt_tokens(self, built: Prompt) -> int:
        """The tokens of a prompt as it is sent (with the system prompt), at the ratio the
        prompts are counted with (:attr:`ratio`)."""
        sent = SYSTEM_BYTES + built.size
        return math.ceil(sent / self.ratio)

    @property
    def ratio(self) -> float:
        """Bytes per token to count prompts with: the capacity's (the estimate, or the
        tokenizer's figure less 5 %), or what replies showed when that is denser."""
        return self._gauge.ratio(self.capacity.bytes_per_token)

    @property
    def seen_bytes_per_token(self) -> float | None:
        """Bytes per token as the server's usage reported them (prompts of 2 KB or more)."""
        return self._gauge.bytes_per_token

    def _observe(self, request: ModelRequest, sent: int, reply: ModelReply) -> None:
        """Count a reply's reported usage (``sent``: its prompt's bytes, the system's not
        included): in the gauge, and, for a leaf's prompt, as a row of :attr:`usage`."""
        size = sent + len(request.system.encode("utf-8"))
        if not self._gauge.observe(size, reply):
            return
        scope = request.task.scope if request.task is not None else None
        if request.purpose == "leaf" and scope is not None:  # (a probe's: by usage_row)
            chars = len(request.system) + len(request.prompt)
            self.usage.add((chars, size - chars, reply.tokens_in), scope)
        if self.calibrated is None and self._gauge.bytes_per_token is not None:
            self.calibrated = "usage"

    async def calibrate(self, sample_bytes: int = 24_000, *, probe: bool = True
                        ) -> float | None:
        """Learn the model's bytes per token on this input before anything is planned, and
        plan at it: from the server's tokenizer, else (for an input of many leaves, where
        it pays) from the prompt tokens the server reports for a one-token probe of the
        same sample (:func:`engine.run.calibration.measure`). None when neither says.

        ``probe=False``: a strategy that learns the ratio from its own first call sends no
        probe; where one would have paid, :attr:`first_call_measures` tells it to."""
        found = await measure(self.transcript, self.provider, self.capacity,
                              self._probe if probe else None, sample_bytes)
        if found is None:
            self.first_call_measures = not probe and probe_pays(
                self.transcript, self.provider, self.capacity)
            return None
        ratio, source = found.bytes_per_token, found.source
        # a probe's sample is a third of the tokenizer's (it must fit the window): its
        # figure varies more over the input, so it is trusted a little less
        self.capacity = self.capacity.calibrated(ratio * (PROBE_MARGIN if source == "probe"
                                                          else 1.0))
        self.calibrated = source
        self.counted_spans = list(found.counted)
        return ratio

    async def measured_by(self, scope: Span, prompt: Callable[[], Prompt]) -> float | None:
        """Plan at the bytes per token the reply to the leaf over ``scope`` reported, the
        run's first call (``prompt`` builds its prompt; see :meth:`usage_row`). None when
        no reply says."""
        self.first_call_measures = False
        await self.usage_row(scope, prompt)
        rows = [self.usage.of(s) for s in self.usage.within(scope)]  # (or its split parts')
        tokens = sum(row[2] for row in rows if row is not None)
        if tokens <= 0:
            return None
        # on a grid of 1 % steps: a resumed run's probe of the same prompt (its fence id
        # fresh) plans the same leaves, and finds the first run's results by their scopes
        size = sum(row[0] + row[1] for row in rows if row is not None)
        ratio = 1.01 ** math.floor(math.log(size / tokens, 1.01))
        self.capacity = self.capacity.calibrated(ratio)
        self.calibrated = self.calibrated or "usage"
        return ratio

    async def usage_row(self, scope: Span, prompt: Callable[[], Prompt]) -> Row | None:
        """The usage the reply to the leaf over ``scope`` reported; when neither it nor the
        parts it was split into reported any (reused from an earlier run, or an estimate), a
        one-token probe of that very prompt (a call) says it."""
        row = self.usage.of(scope)
        if row is None and not self.usage.within(scope):  # (split: its parts reported)
            built = prompt()
            count = await self._probe(built.text, SYSTEM)
            if count:
                chars = len(SYSTEM) + len(built.text)
                row = (chars, SYSTEM_BYTES + built.size - chars, count)
                self.usage.add(row, scope)
        return row

    async def _probe(self, text: str, system: str = "") -> int | None:
        """The prompt tokens the server reports for ``text`` asked for a one-token answer:
        a call, accounted as one (purpose ``calibrate``), counted against the budgets."""
        try:
            self._check_budget()
        except BudgetExhausted:
            self.exhausted = None  # the run itself will find the budget spent
            return None
        self._calls_started += 1
        request = ModelRequest(purpose="calibrate", system=system, prompt=text, max_tokens=1)
        try:
            reply = await self._send("r", request, len(text.encode("utf-8")))
        except (ProviderError, BudgetExhausted):
            return None
        return None if reply.estimated or reply.tokens_in <= 0 else reply.tokens_in

    async def count_exact(self, text: str) -> int | None:
        """The server's own token count of ``text``: None unless its tokenizer calibrated
        this run (a count is not a call)."""
        if self.calibrated != "tokenizer":
            return None
        try:
            return await self.provider.count_tokens(text)
        except ProviderError:
            return None

    def counted_room(self, kind: str) -> int:
        """The most tokens a prompt of this kind may count, by the server's own count of its
        text (:func:`sent_text`), and still fit with its answer and the chat template."""
        return self.capacity.context_tokens - self.capacity.answer_reserve(kind) \
            - TEMPLATE_TOKENS

    async def _check_fits(self, built: Prompt) -> None:
        """Refuse, before sending, a prompt that with its answer's reserve would not fit:
        by the server's count when it counts (a leaf it counted already is not counted
        again), a leaf planned by the replies' usage by the model fitted to it, else by the
        estimate."""
        kind = built.task.kind
        if not _CHECKED.get() or kind not in CHECKED_KINDS or \
                (kind == "leaf" and built.task.scope in self.counted_to_fit):
            return
        out = self.capacity.answer_reserve(kind)
        modelled = self._modelled(built)
        counted = await self.count_exact(sent_text(built)) if modelled is None else None
        if modelled is not None:
            tokens = modelled
            if tokens + out <= self.capacity.context_tokens:
                return
        elif counted is not None:
            if counted <= self.counted_room(kind):
                return
            tokens = counted + TEMPLATE_TOKENS
        else:
            tokens = self.prompt_tokens(built)
            if tokens + out <= self.capacity.context_tokens:
                return
        self.oversize += 1
        raise ContextOverflow(
            f"the {kind} prompt (~{tokens} tokens) and its answer ({out}) would not fit "
            f"the {self.capacity.context_tokens}-token window; it was not sent")

    def _modelled(self, built: Prompt) -> int | None:
        """The tokens of a leaf's prompt planned by the replies' usage, by the model fitted
        to it now (it grows as replies come); None for any other prompt."""
        model = self.usage.fit() if built.task.kind == "leaf" and \
            built.task.scope in self.usage_fitted else None
        if model is None:
            return None
        text = sent_text(built)
        chars = len(text)
        return math.ceil(model.text_tokens(chars, len(text.encode("utf-8")) - chars))

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
