"""The run context shared by every strategy: calls, budgets, memo, events, finishing.

Strategies decide *what* to read; this module makes every call go through one place, so
accounting, budgets, concurrency and the coverage rules cannot differ between strategies.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import hashlib
import math
import re
import time
from collections.abc import Callable, Coroutine, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol, TypeVar

from pydantic import ValidationError

from engine.core.events import (
    CallStarted,
    ChildFinished,
    Event,
    InvocationFinished,
    InvocationStarted,
    Mode,
    ProviderCall,
    Sink,
    SpanRead,
    Status,
)
from engine.core.extraction import Extraction, cut_summary, extraction_schema, normalise
from engine.core.jsonrepair import LlmJsonError, parse_llm_json
from engine.core.limits import Budget, Limits
from engine.core.proof import available, composed_cover, intersect
from engine.core.spans import Span, coverage_ratio, format_spans, merge, residual_gaps
from engine.core.state import NodeState, RunState, reduce
from engine.core.tokens import Capacity
from engine.core.transcript import Transcript, snap_to_codepoint
from engine.extractive.logs.ahead import scan_soon
from engine.extractive.logs.merge import merge_kept
from engine.providers.base import (
    ContextOverflow,
    DataBlock,
    ModelReply,
    ModelRequest,
    Provider,
    ProviderError,
    TaskSpec,
)
from engine.run.prompts import SYSTEM, Prompt, child_line, fold_extra_bytes, fold_prompt

PROMPT_VERSION = "v1"
MemoKind = Literal["leaf", "plan", "fold"]  # what a memo key is the result of
# hears each call just after its event: (the event, the request as sent, reply text or error)
CallRecorder = Callable[[ProviderCall, ModelRequest, str], None]
_T = TypeVar("_T")


class BudgetExhausted(Exception):
    """No more calls may be made in this run."""


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


_SYSTEM_BYTES = len(SYSTEM.encode("utf-8"))
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


MIN_SPLIT_BYTES = 256  # a leaf smaller than this is not split again on an overflow
MAX_UNUSABLE_ANSWERS = 8  # default: consecutive unusable answers that stop a run
# where the data a prompt carries begins (it ends at the closing tag with the same id)
_FENCE_OPEN = re.compile(r'<(transcript-data|child-extractions) id="([0-9a-f]{12})"[^>]*>')
# a placeholder value in a prompt's example of the answer's shape: "topics": ["3 to 8 ..."]
_PLACEHOLDER = re.compile(r'"[a-z_]+":\s*\[?\s*"([^"\n]{3,120})"')


def parroted(extraction: Extraction, prompt: str) -> str:
    """What of the answer only copies the prompt's own wording (the placeholder values of
    its example of the answer's shape, outside the data it carries), or "" when it is
    content: a headline or summary that is a placeholder, or topics that all are."""
    own = {_words(m) for m in _PLACEHOLDER.findall(_outside_fences(prompt))}
    if extraction.skipped or not own:
        return ""
    if extraction.headline and _only_placeholders(extraction.headline, own):
        return f"headline {extraction.headline!r}"
    if extraction.summary and _only_placeholders(extraction.summary, own):
        return f"summary {extraction.summary[:60]!r}"
    if extraction.topics and all(_words(t) in own for t in extraction.topics):
        return f"topics {extraction.topics[:3]!r}"
    return ""


def _outside_fences(prompt: str) -> str:
    """The prompt's own words: its text without the data fenced in it (found by the exact
    closing tag, not a lazy regex over every byte of the data)."""
    out: list[str] = []
    pos = 0
    while (m := _FENCE_OPEN.search(prompt, pos)) is not None:
        close = f'</{m.group(1)} id="{m.group(2)}">'
        end = prompt.find(close, m.end())
        if end < 0:  # not closed: not a fence; look for one further on
            out.append(prompt[pos:m.end()])
            pos = m.end()
            continue
        out.append(prompt[pos:m.start()])
        pos = end + len(close)
    out.append(prompt[pos:])
    return " ".join(out)


# what joins copies of a placeholder: "1. what happened: 2. what happened", "- one line"
_JOINS = re.compile(r"(?:^|[\s:;|])(?:\d+[.)]|[-*•])(?=\s)|[:;|\n]")


def _only_placeholders(text: str, own: set[str]) -> bool:
    """The text is a placeholder, or copies of placeholders numbered or joined together."""
    if _words(text) in own:
        return True
    seen = False
    for piece in _JOINS.split(text):
        words = _words(piece)
        if words and words not in own:
            return False  # content: most answers stop here, at their first words
        seen = seen or bool(words)
    return seen


def _words(text: str) -> str:
    return " ".join(text.lower().split()).strip(" .")


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


PromptSource = Prompt | Callable[[], Prompt]


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


def _trust(_node: NodeState) -> bool:
    """The engine trusts its memo: a hit is the result of a completed invocation (the
    verifier finds that invocation again)."""
    return True


def node_cover_now(state: RunState, node: NodeState, known: dict[str, list[Span]], *,
                   verbatim: bool = False) -> list[Span]:
    """The proven cover of a node about to finish complete (its finish not folded yet)."""
    if verbatim and node.mode == "compact":
        return [node.scope]
    return composed_cover(state, node, known, _trust)


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
        max_unusable: int = MAX_UNUSABLE_ANSWERS,
        recorder: CallRecorder | None = None,
    ) -> None:
        self.run_id = run_id
        # hears each call's request and reply (or error) just after its ProviderCall event
        self.recorder = recorder
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
        # a model that answers nothing usable stops the run (see note_answer)
        self.max_unusable = max(1, max_unusable)
        self.unusable_streak = 0
        self.halted: str | None = None
        # bytes per token the model really has on this input: from its tokenizer (before
        # the plan) or from what replies report; None until known (then the estimate)
        self.calibrated: str | None = None
        self._seen_bytes = 0
        self._seen_tokens = 0
        self.overflows = 0  # prompts the server refused as over its window (each split)
        self.oversize = 0  # prompts refused before sending (over the window by estimate)
        # each finished node's proven cover (engine.core.proof), children before parents
        self.proven: dict[str, list[Span]] = {}
        self._fold_lines = 0  # fold answers seen, and their lines' bytes (without anchors)
        self._fold_line_bytes = 0

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
        *, sent: Sequence[Span] | None = None,
    ) -> ModelReply:
        """One model call, accounted and bounded. Raises ProviderError or BudgetExhausted.

        ``prompt`` may be a function that builds it: it is then built only once the call
        holds its concurrency slot, so thousands of waiting leaves hold no prompts. The
        call's purpose is the kind of its task. ``sent`` names the transcript bytes the
        prompt carries where its task does not (a planning turn's read results).
        """
        reply, _built = await self.call_built(inv, prompt, schema, sent=sent)
        return reply

    async def call_built(
        self, inv: str, prompt: PromptSource, schema: dict[str, object] | None = None,
        *, check: bool = True, sent: Sequence[Span] | None = None,
    ) -> tuple[ModelReply, Prompt]:
        """:meth:`call`, also returning the prompt as it was sent. ``check=False`` skips the
        pre-send window check, for a prompt the server has already taken once."""
        async with self._sem:
            if self.halted is not None:
                raise ModelUnusable(self.halted)
            self._check_budget()
            built = prompt() if callable(prompt) else prompt
            if check:
                self._check_fits(built)
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
            reply = await self._send(inv, request, built.size, carried(built.task, sent))
            return reply, built

    async def _send(self, inv: str, request: ModelRequest, sent: int,
                    ledger: tuple[list[Span], list[Span]] = ([], [])) -> ModelReply:
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
        self._observe(sent + len(request.system.encode("utf-8")), reply)
        cost = reply.cost
        if not cost and self.price is not None:
            cost = self.price(reply.tokens_in, reply.tokens_out)
        self._record(ProviderCall(
            inv=inv, provider=self.provider.name, model=reply.model or self.provider.model,
            purpose=purpose, tokens_in=reply.tokens_in, tokens_out=reply.tokens_out,
            estimated=reply.estimated,
            latency_ms=reply.latency_ms or (time.perf_counter() - t0) * 1000, cost=cost,
            retries=reply.retries, bytes_sent=sent, sent=ledger[0], parts=ledger[1]),
            request, reply.text)
        return reply

    def _record(self, call: ProviderCall, request: ModelRequest, text: str) -> None:
        """Emit a call's event, then hand the recorder its request and reply (or error)."""
        self.emit(call)
        if self.recorder is not None:
            self.recorder(call, request, text)

    def prompt_tokens(self, built: Prompt) -> int:
        """The tokens of a prompt as it is sent (with the system prompt), at the ratio the
        prompts are counted with (:attr:`ratio`)."""
        sent = _SYSTEM_BYTES + built.size
        return math.ceil(sent / self.ratio)

    @property
    def ratio(self) -> float:
        """Bytes per token to count prompts with: the capacity's (the estimate, or the
        tokenizer's figure less 5 %), or what replies showed when that is denser."""
        seen = self.seen_bytes_per_token
        base = self.capacity.bytes_per_token
        return min(base, seen / 1.03) if seen is not None else base

    @property
    def seen_bytes_per_token(self) -> float | None:
        """Bytes per token as the server's usage reported them (prompts of 2 KB or more)."""
        if self._seen_tokens <= 0 or self._seen_bytes < 1024:
            return None
        return self._seen_bytes / self._seen_tokens

    def _observe(self, sent: int, reply: ModelReply) -> None:
        if reply.estimated or reply.tokens_in <= 0 or sent < 512:
            return
        self._seen_bytes += sent
        self._seen_tokens += reply.tokens_in
        if self.calibrated is None and self.seen_bytes_per_token is not None:
            self.calibrated = "usage"

    async def calibrate(self, sample_bytes: int = 24_000) -> float | None:
        """Learn the model's bytes per token on this input before anything is planned, and
        plan at it: from the server's tokenizer, else (for an input of many leaves, where
        it pays) from the prompt tokens the server reports for a one-token probe of the
        same sample. None when neither says."""
        data = self.transcript.data
        if len(data) < 1024:
            return None
        text = self._sample(sample_bytes)
        try:
            count = await self.provider.count_tokens(text)
        except ProviderError:
            return None
        source = "tokenizer"
        if not count and self.provider.probes_usage and \
                len(data) >= PROBE_MIN_LEAVES * self.capacity.data_bytes:
            # a sample that fits the window even at a denser tokenizer than the estimate
            text = self._sample(min(sample_bytes, self.capacity.data_bytes * 2 // 3), floor=256)
            count, source = await self._probe(text), "probe"
        if not count:
            return None
        ratio = len(text.encode("utf-8")) / count
        # a probe's sample is a third of the tokenizer's (it must fit the window): its
        # figure varies more over the input, so it is trusted a little less
        self.capacity = self.capacity.calibrated(ratio * (PROBE_MARGIN if source == "probe"
                                                          else 1.0))
        self.calibrated = source
        return ratio

    def _sample(self, size: int, floor: int = 1024) -> str:
        """Text from the start, middle and end of the input, ``size`` bytes in all (each
        of the three at least ``floor``)."""
        data = self.transcript.data
        piece = max(floor, size // 3)
        starts = sorted({0, max(0, len(data) // 2 - piece // 2), max(0, len(data) - piece)})
        return "".join(self.transcript.text(s, min(len(data), s + piece)) for s in starts)

    async def _probe(self, text: str) -> int | None:
        """The prompt tokens the server reports for ``text`` asked for a one-token answer:
        a call, accounted as one (purpose ``calibrate``), counted against the budgets."""
        try:
            self._check_budget()
        except BudgetExhausted:
            self.exhausted = None  # the run itself will find the budget spent
            return None
        self._calls_started += 1
        request = ModelRequest(purpose="calibrate", system="", prompt=text, max_tokens=1)
        try:
            reply = await self._send("r", request, len(text.encode("utf-8")))
        except (ProviderError, BudgetExhausted):
            return None
        return None if reply.estimated or reply.tokens_in <= 0 else reply.tokens_in

    def _check_fits(self, built: Prompt) -> None:
        """Refuse, before sending, a prompt that with its answer's reserve would not fit."""
        if not _CHECKED.get() or built.task.kind not in CHECKED_KINDS:
            return
        out = self.capacity.answer_reserve(built.task.kind)
        need = self.prompt_tokens(built) + out
        if need > self.capacity.context_tokens:
            self.oversize += 1
            raise ContextOverflow(
                f"the {built.task.kind} prompt (~{need - out} tokens) "
                f"and its answer ({out}) would not fit the "
                f"{self.capacity.context_tokens}-token window; it was not sent")

    def note_fold_line(self, size: int) -> None:
        """Remember how large a fold's answer was (its line without anchors), so later
        fold packing counts merged batches at their real size."""
        self._fold_lines += 1
        self._fold_line_bytes += size

    def fold_line_estimate(self, budget: int) -> int:
        """The size a merged batch is counted at before its answer exists: what fold
        answers have had in this run, else a full summary and its fields."""
        if self._fold_lines:
            return min(budget // 2, self._fold_line_bytes // self._fold_lines)
        return min(budget // 2, 2 * self.capacity.summary_chars + 600)

    def note_answer(self, usable: bool, answer: str = "") -> None:
        """Count an answer as usable or not; after ``max_unusable`` unusable ones in a row
        the run is halted (every later call fails at once) and ModelUnusable is raised."""
        if usable:
            self.unusable_streak = 0
            return
        self.unusable_streak += 1
        if self.halted is None and self.unusable_streak >= self.max_unusable:
            quote = " ".join(answer.split())
            quote = quote[:120] + ("…" if len(quote) > 120 else "")
            self.halted = (f"the model {self.provider.model or self.provider.name} gave "
                           f"{self.unusable_streak} unusable answers in a row and none usable, "
                           f"e.g. “{quote}”")
        if self.halted is not None:
            raise ModelUnusable(self.halted)

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
        built: Prompt | None = None
        for _attempt in range(2):
            if built is None:
                reply, built = await self.call_built(inv, prompt, schema or extraction_schema())
            else:  # the corrective retry, checked by _corrective itself
                reply, built = await self.call_built(
                    inv, self._corrective(built, problem), schema or extraction_schema(),
                    check=False)
            try:
                raw = parse_llm_json(reply.text)
                if built.stats is not None and isinstance(raw, dict):
                    # a log's figures are those computed for its prompt, whatever the
                    # answer says (and an answer's copy of them is not parsed again)
                    raw = {**raw, "stats": built.stats}
                extraction = Extraction.model_validate(raw)
            except LlmJsonError as exc:
                problem = str(exc)
                self.note_answer(False, reply.text)
                continue
            except ValidationError as exc:
                first = exc.errors()[0]
                problem = f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"
                self.note_answer(False, reply.text)
                continue
            copied = "" if self.provider.writes_from_data else parroted(extraction, built.text)
            if copied:
                problem = f"its {copied} only copies the prompt's own wording"
                self.note_answer(False, reply.text)
                continue
            self.note_answer(True)
            cleaned, _dropped = normalise(extraction, scope)
            return cleaned, raw
        raise ProviderError(f"the model's answer was not a usable extraction: {problem}")

    def _corrective(self, sent: Prompt, problem: str) -> PromptSource:
        """The corrective retry's prompt: the prompt as sent with a note on what was wrong,
        or that same prompt again when the note would take it over the window. A full leaf
        has no room to spare, and the server took the prompt once, so a corrective retry must
        not turn into a split (even when the replies since showed denser tokens)."""

        def build() -> Prompt:
            fixed = Prompt(f"{sent.text}\n\nYour previous answer was not usable "
                           f"({problem[:160]}). Answer with the JSON object only.", sent.task,
                           sent.stats)
            if self.prompt_tokens(fixed) + self.capacity.answer_reserve(sent.task.kind) <= \
                    self.capacity.context_tokens:
                return fixed
            return sent

        return build

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
        source_run: str | None = None,
        verbatim: bool = False,
    ) -> Outcome:
        """Emit the end of an invocation. Only a complete one carries an extraction.

        The claim is checked against the ledger first (:mod:`engine.core.proof`): a node
        whose bytes did not all reach a successful call of its own, or of a proven complete
        child whose extraction one of them carried, is refused ``complete`` and ends
        incomplete over what was proven; an incomplete node claims no more than that."""
        node = self.state.nodes.get(inv)
        if status == "complete" and not reused and node is not None:
            cover = node_cover_now(self.state, node, self.proven, verbatim=verbatim)
            missing = residual_gaps(scope, cover)
            self.proven[inv] = cover
            if missing:
                status, covered = "incomplete", cover
                reason = (f"refused complete: no successful call read {format_spans(missing)}"
                          + (f"; {reason}" if reason else ""))
        if status == "complete":
            gaps: list[Span] = []
            coverage = 1.0
        else:
            extraction = None
            covered = covered if status == "incomplete" else ()
            if node is not None and covered:
                covered = intersect(covered, available(self.state, node, self.proven, _trust))
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
                source_run=source_run,
                verbatim=verbatim and status == "complete",
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
        # a long log's scans are made ahead in the order leaves start (none otherwise)
        scan_soon(scope[0], functools.partial(ctx.transcript.text, *scope))
        reused = await ctx.reuse(inv, scope, key)
        if reused:
            return reused
        def prompt() -> Prompt:
            return leaf_prompt(
                ctx.transcript.text(*scope),
                scope[0],
                question=question or ctx.question,
                instructions=ctx.instructions,
                summary_chars=ctx.capacity.leaf_summary_chars,
            )

        with window_checked():
            extraction = await ctx.ask_extraction(inv, prompt, scope)
    except BudgetExhausted as exc:
        return ctx.finish(inv, scope, "incomplete", reason=str(exc), key=key)
    except ContextOverflow as exc:
        halves = split_in_two(ctx.transcript, scope)
        if halves is None or ctx.halted is not None:
            return ctx.finish(inv, scope, "failed", reason=str(exc), key=key)
        return await _split_leaf(ctx, inv, scope, depth, halves, key, str(exc),
                                 question=question)
    except ProviderError as exc:
        return ctx.finish(inv, scope, "failed", reason=str(exc), key=key)
    except asyncio.CancelledError:
        ctx.finish(inv, scope, "failed", reason="cancelled", key=key)
        raise
    ctx.read(inv, scope)
    return await ctx.complete(inv, scope, extraction, key)


def split_in_two(transcript: Transcript, scope: Span) -> list[Span] | None:
    """Two halves of ``scope`` cut at a message boundary or line start near its middle
    (None when it is too small to split)."""
    s, e = scope
    if e - s < MIN_SPLIT_BYTES:
        return None
    mid = s + (e - s) // 2
    quarter = (e - s) // 4
    bounds = transcript.boundaries((s + quarter, e - quarter))
    if bounds:
        cut = min(bounds, key=lambda b: abs(b - mid))
    else:
        nl = transcript.data.find(b"\n", mid, e - quarter)
        cut = nl + 1 if nl >= 0 else snap_to_codepoint(transcript.data, mid)
    if not s < cut < e:
        return None
    return [(s, cut), (cut, e)]


async def _split_leaf(ctx: RunContext, inv: str, scope: Span, depth: int, halves: list[Span],
                      key: str, why: str, *, question: str | None) -> Outcome:
    """A leaf whose prompt did not fit the window: its halves are read as leaves under it
    and folded; the leaf says why it split (so ``why`` shows it)."""
    tasks = [asyncio.create_task(run_leaf(ctx, f"{inv}.{i}", inv, half, depth + 1,
                                          question=question, engine_spawned=True))
             for i, half in enumerate(halves)]
    try:
        outcomes = [await t for t in tasks]
    except asyncio.CancelledError:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        ctx.finish(inv, scope, "failed", reason="cancelled", key=key)
        raise
    for outcome in outcomes:
        ctx.child_finished(inv, outcome)
    note = f"split in {len(halves)}: {why}"[:400]
    if not all(o.complete for o in outcomes):
        return ctx.finish(inv, scope, "incomplete", covered=complete_spans(outcomes),
                          reason=note, key=key)
    try:
        extraction = await fold_outcomes(ctx, inv, scope, outcomes, question=question)
    except BudgetExhausted as exc:
        return ctx.finish(inv, scope, "incomplete", reason=f"{exc} before the fold; {note}",
                          key=key)
    except ProviderError as exc:
        return ctx.finish(inv, scope, "failed", reason=f"{exc}; {note}", key=key)
    await ctx.memo.put(key, extraction)
    return ctx.finish(inv, scope, "complete", extraction=extraction, key=key, reason=note)


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
    """Merge complete children's extractions in one call (in batches if there are many).

    The groups are decided here, from the children's real sizes as the prompt shows them:
    all in one call when they fit (the largest lose anchors, then a little summary, to
    share it); otherwise the fewest batches whose merged answers make the rest fit, each
    packed with as many children as its window takes. A child too large to share a
    prompt loses anchors, then summary, until it fits."""
    parts = [(c.scope, c.extraction) for c in children if c.extraction is not None]
    figured = [ex.stats for _, ex in parts if ex.stats is not None and not ex.skipped]
    with merge_kept(figured):  # a log's: packing, prompt and offline answer merge them
        return await _fold_parts(ctx, inv, scope, parts, question or ctx.question,
                                 blocks, notes)


async def _fold_parts(ctx: RunContext, inv: str, scope: Span,
                      parts: list[tuple[Span, Extraction]], q: str | None,
                      blocks: Sequence[DataBlock], notes: Sequence[str]) -> Extraction:
    # every prompt of this fold carries its children's merged figures (a log) and the
    # conversation fields' sentence as well as the children's lines
    shape = fold_shape(ctx, q)
    budget = fold_budget(ctx, shape) - fold_extra_bytes(
        [ex for _, ex in parts], facts_cap=shape.facts_cap, compact=shape.compact)
    extra = sum(len(b.text.encode("utf-8")) + 120 for b in blocks)
    extra += sum(len(n.encode("utf-8")) + 4 for n in notes) + (40 if notes else 0)
    final_budget = max(budget // 2, budget - extra)
    parts = [(sp, fit_child(sp, ex, budget // 2)) for sp, ex in parts]

    async def merge_batch(batch: list[tuple[Span, Extraction]]) -> tuple[Span, Extraction]:
        if len(batch) == 1:
            return batch[0]
        span = (batch[0][0][0], batch[-1][0][1])
        return span, fit_child(span, await _ask_fold(ctx, inv, scope, batch, q, shape=shape),
                               budget // 2)

    while (fitted := fit_together(parts, final_budget)) is None:
        # the fewest batches (of the front children) whose merged answers, with the rest
        # as they are, fit one call; the batches of one level are folded at once
        batches = merge_plan(parts, budget, final_budget, ctx.fold_line_estimate(budget))
        merged = await _all(merge_batch(b) for b in batches)
        if len(merged) == len(parts):  # nothing could be merged: fold what there is
            fitted = parts
            break
        parts = merged
    parts = fitted
    return await _ask_fold(ctx, inv, scope, parts, q, blocks=blocks, notes=notes, shape=shape)


async def _all(coros: Iterable[Coroutine[Any, Any, _T]]) -> list[_T]:
    """Await coroutines concurrently, results in order; the first error cancels the rest."""
    tasks = [asyncio.create_task(c) for c in coros]
    try:
        return [await t for t in tasks]
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _ask_fold(ctx: RunContext, inv: str, scope: Span,
                    parts: Sequence[tuple[Span, Extraction]], question: str | None, *,
                    blocks: Sequence[DataBlock] = (), notes: Sequence[str] = (),
                    depth: int = 0, shape: FoldShape | None = None) -> Extraction:
    """One fold call. Refused as over the window (by the estimate, or by the server, whose
    tokenizer is denser than the estimate), its children are folded in two halves first,
    or, two or fewer, cut (never dropped) to what the window leaves them by the estimate,
    else to two thirds, and it is asked again (a few times at most)."""
    batch = list(parts)
    shape = shape or fold_shape(ctx, question)
    for attempt in range(4):
        prompt = fold_prompt(batch, question=question, instructions=ctx.instructions,
                             summary_chars=ctx.capacity.summary_chars, blocks=blocks,
                             notes=notes, facts_cap=shape.facts_cap, compact=shape.compact)
        try:
            with window_checked():
                merged = await ctx.ask_extraction(inv, prompt, scope)
            ctx.note_fold_line(bare_bytes(scope, merged))
            return merged
        except ContextOverflow:
            if attempt == 3 or depth > 4:
                raise
            if len(batch) > 2:
                half = len(batch) // 2
                sides = []
                for side in (batch[:half], batch[half:]):
                    span = (side[0][0][0], side[-1][0][1])
                    sides.append((span, side[0][1] if len(side) == 1 else
                                  await _ask_fold(ctx, inv, scope, side, question,
                                                  depth=depth + 1, shape=shape)))
                batch = sides
            else:
                sizes = [child_bytes(sp, ex) for sp, ex in batch]
                cap = fair_cap(sizes, _lines_room(ctx, prompt, sum(sizes)))
                batch = [(sp, fit_child(sp, ex, max(MIN_CHILD_LINE, n * 2 // 3 if cap is None
                                                    else min(n, cap))))
                         for (sp, ex), n in zip(batch, sizes, strict=True)]
    raise AssertionError("unreachable")


def _lines_room(ctx: RunContext, prompt: Prompt, lines: int) -> int:
    """The bytes the children's lines of ``prompt`` (``lines`` bytes now) may take for it
    to fit the window by the estimate."""
    window = int((ctx.capacity.context_tokens - ctx.capacity.answer_reserve("fold"))
                 * ctx.ratio) - _SYSTEM_BYTES - FOLD_SLACK_BYTES
    return max(0, window - (prompt.size - lines))


@dataclass(frozen=True)
class FoldShape:
    """How this window's fold prompts are laid out: ``room`` is what the window leaves for
    the children's lines and the extras (a log's facts, the conversation note) once the
    prompt's fixed words and the answer's reserve are counted; a small window's prompt is
    ``compact`` and cuts a log's facts block to ``facts_cap`` bytes (None: whole)."""

    room: int
    facts_cap: int | None
    compact: bool


COMPACT_FOLD_ROOM = 1600  # under this room for children, a fold prompt is compact
WHOLE_FACTS_ROOM = 5600  # from this room up, a log's facts block is whole (up to 2.6 KB)
FOLD_SLACK_BYTES = 8  # the estimate rounds tokens up
MIN_CHILD_LINE = 120  # about the least a child's line can be cut to (its scope and keys)


def fold_shape(ctx: RunContext, question: str | None) -> FoldShape:
    """The layout of a fold prompt in this window (see :class:`FoldShape`)."""
    from engine.run.prompts import fold_fixed_bytes

    cap = ctx.capacity
    window = int((cap.context_tokens - cap.answer_reserve("fold")) * ctx.ratio) \
        - _SYSTEM_BYTES - FOLD_SLACK_BYTES

    def room(compact: bool) -> int:
        return window - fold_fixed_bytes(question=question, instructions=ctx.instructions,
                                         summary_chars=cap.summary_chars, compact=compact)

    full = room(False)
    compact = full < COMPACT_FOLD_ROOM
    left = room(True) if compact else full
    return FoldShape(left, None if left >= WHOLE_FACTS_ROOM else max(0, left // 3), compact)


MAX_FOLD_FAN_IN = 16
# A probe call (calibrate) is sent only for an input of at least this many leaves: planned
# at the real ratio rather than the conservative one, such an input needs a tenth fewer.
PROBE_MIN_LEAVES = 8
PROBE_MARGIN = 0.97
_FOLD_FIXED_BYTES = 900  # a fold prompt around its children: instructions, shape, fences


def fold_budget(ctx: RunContext, shape: FoldShape | None = None) -> int:
    """Bytes of child extractions one fold prompt may carry in the window: a conservative
    guess at its fixed words, but never more than the room the prompt really leaves (a
    small window's)."""
    cap = ctx.capacity
    asked = len(((ctx.question or "") + ctx.instructions + SYSTEM).encode("utf-8"))
    room = int((cap.context_tokens - cap.output_tokens - 24) * ctx.ratio) - asked
    shape = shape or fold_shape(ctx, ctx.question)
    return max(2 * MIN_CHILD_LINE, min(max(1024, room - _FOLD_FIXED_BYTES), shape.room))


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
    decisions, actions, questions, topics) shorten, then the summary and the headline, and
    what is left of the anchors goes, down to the line's keys and scope. The child is
    never dropped from its fold, and its full extraction stays in the store."""
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
    for name, floor in (("answer", 80), ("summary", 80), ("headline", 60), ("answer", 0),
                        ("summary", 0)):
        if (n := over()) > 0 and getattr(ex, name):
            text = getattr(ex, name)  # n characters are n bytes or more
            ex = ex.model_copy(update={name: _shorter(text, max(floor, len(text) - n - 8))})
    if over() > 0 and ex.anchors:
        ex = ex.model_copy(update={"anchors": []})
    if (n := over()) > 0 and ex.headline:
        ex = ex.model_copy(update={"headline": _shorter(ex.headline,
                                                        max(12, len(ex.headline) - n - 4))})
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


def complete_spans(outcomes: Sequence[Outcome]) -> list[Span]:
    return merge(o.scope for o in outcomes if o.complete)
