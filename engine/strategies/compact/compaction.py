"""``gapless compact``: agent context compaction that keeps what matters (the compact strategy).

Aider-style: the conversation is split near the middle on an assistant-message boundary,
the older head is summarized and the recent tail is kept verbatim; if the result is still
over budget, the summary plus the tail is split and summarized again (a summary of
summaries), at most to depth 3. The output is

    [system prompt] + [summary of the head] + [working-memory block] + [recent tail verbatim]

Compaction triggers at a share of the budget (60 % by default) and the result must fit
under that share, so it does not trigger again on the next turn. The summarizer may be a
different (cheaper) provider and model than the agent's.

The summary is checked against entities found deterministically in the head: every
modified file path, the current task and the recent errors. If it misses any, the split
moves back so the messages carrying them stay verbatim and the smaller head is summarized
again; what was missing is reported. The working-memory block lists the same entities for
the whole conversation, built without a model, so they survive even a poor summary.

Every step is an invocation of mode ``compact`` on the rendered conversation, so the run
has the same events and coverage accounting as any other: the head is covered by the
summary invocations, the system prompt and the tail by invocations that keep them verbatim.

This module is the algorithm; the entities are in :mod:`engine.strategies.compact.entities`, the
summarizing calls in :mod:`engine.strategies.compact.summarize`, the check and its fallback in
:mod:`engine.strategies.compact.validate` and the summary and working-memory messages in
:mod:`engine.strategies.compact.memory`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Sink, Status
from gapless.engine.core.run_info import CompactionInfo
from gapless.engine.core.state import RunState
from gapless.engine.core.tokens import tokens_to_bytes
from gapless.engine.core.transcript import Transcript
from gapless.engine.providers.base import Provider
from gapless.engine.run.context import Ending, Opening
from gapless.engine.run.lifecycle import RunLifecycle, Supplied
from gapless.engine.run.memo import Outcome
from gapless.engine.run.request import RunRequest
from gapless.engine.sources.common import RenderOptions
from gapless.engine.strategies.compact.entities import Entity, head_entities, mentions
from gapless.engine.strategies.compact.memory import summary_message, working_memory
from gapless.engine.strategies.compact.messages import (
    JsonObj,
    Message,
    load_conversation,
    message_tokens,
)
from gapless.engine.strategies.compact.summarize import ROOT, Compactor
from gapless.engine.strategies.compact.validate import Validation, validate_summary

__all__ = [
    "DEFAULT_TRIGGER",
    "CompactAsk",
    "CompactResult",
    "Entity",
    "Validation",
    "compact_conversation",
    "head_entities",
    "mentions",
]

_Untouched = Callable[..., "CompactResult"]
MAX_DEPTH = 3
DEFAULT_TRIGGER = 0.6
FILL = 0.8  # a compaction should use at least this share of its target


@dataclass
class CompactResult:
    """The compacted message list and its report (``to_json`` is the ``--json`` object)."""

    messages: list[JsonObj]
    validation: Validation
    tokens_before: int
    tokens_after: int
    depth: int
    status: Status = "complete"
    reason: str = ""
    run_id: str = ""
    triggered: bool = True
    summarized: int = 0  # messages of the body replaced by the summary
    kept: int = 0  # messages of the body kept verbatim
    target: int = 0  # the token count the result had to fit (trigger x budget)
    state: RunState = field(default_factory=RunState, repr=False)
    # every record of the input counted once (as summarize counts it), plus how many of the
    # rendered ones were summarized and how many kept verbatim
    source: dict[str, Any] = field(default_factory=dict)

    @property
    def left_out(self) -> dict[str, int]:
        """Records of the input in neither the summary nor the output, by reason."""
        records = self.source.get("records") or {}
        out = dict(records.get("dropped") or {})
        if records.get("malformed"):
            out["malformed"] = int(records["malformed"])
        if records.get("not_in_output"):
            out["no message of the agent's"] = int(records["not_in_output"])
        return out

    @property
    def ok(self) -> bool:
        return self.status == "complete" or (self.status == "skipped" and bool(self.reason))

    def to_json(self) -> dict[str, Any]:
        return {
            "messages": self.messages,
            "validation": self.validation.to_json(),
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "depth": self.depth,
            "summarized": self.summarized,
            "kept_verbatim": self.kept,
            "target": self.target,
            "source": self.source,
        }


def _check_args(budget: int, trigger: float) -> None:
    if budget < 256:
        raise UserError(f"the budget must be at least 256 tokens (got {budget})")
    if not 0 < trigger <= 1:
        raise UserError(f"the trigger share must be in (0, 1] (got {trigger})")


@dataclass(frozen=True)
class CompactAsk:
    """How to compact: to fit ``budget`` tokens, once the conversation passes ``trigger``
    of it, with summaries written by ``summarizer`` (None: the agent's own settings)."""

    budget: int
    trigger: float = DEFAULT_TRIGGER
    summarizer: Settings | None = None


async def compact_conversation(
    path: str | Path,
    ask: CompactAsk,
    *,
    settings: Settings | None = None,
    provider: Provider | None = None,
    sinks: Sequence[Sink] = (),
    run_id: str | None = None,
) -> CompactResult:
    """Compact the conversation in ``path`` as ``ask`` says.

    ``settings`` describe the agent's own provider and model; ``provider`` overrides the
    summarizer's provider (tests). The input file is only read.
    """
    budget, trigger = ask.budget, ask.trigger
    _check_args(budget, trigger)
    main = settings or Settings.model_validate({})
    summ = ask.summarizer or main
    conv = load_conversation(path, RenderOptions.from_settings(main))
    transcript, starts = conv.transcript()
    before = sum(m.tokens for m in conv.messages)
    target = int(budget * trigger)
    asked = RunRequest(summ, source=str(conv.path), run_id=run_id)
    async with RunLifecycle(asked, transcript, Supplied(provider=provider, sinks=sinks),
                            cancelled="the compaction was cancelled") as run:
        ctx = run.ctx
        run.started(
            input_bytes=len(transcript), strategy="compact",
            router_reason=f"{before} tokens against a trigger of {target} "
                          f"({trigger:.0%} of a {budget}-token budget)",
            detail=CompactionInfo(budget=budget, trigger=trigger,
                                  main_provider=main.provider, main_model=main.model,
                                  messages=len(conv.messages), format=conv.kind),
            malformed=conv.malformed,
        )
        unchanged = [m.raw for m in conv.messages]

        def untouched(status: Status, reason: str, depth: int = 0) -> CompactResult:
            return CompactResult(unchanged, Validation(), before, before, depth, status, reason,
                                 ctx.run_id, triggered=status != "skipped",
                                 kept=len(conv.messages), target=target, state=ctx.state,
                                 source=source_of(transcript, conv.messages, 0, 0))

        if before <= target:
            reason = (f"under the trigger: {before} tokens <= {target} ({trigger:.0%} of "
                      f"{budget}); nothing to compact")
            run.finish_skipped(reason)
            return untouched("skipped", reason)
        work = Compactor(ctx, conv, transcript, starts, budget, target)
        if not work.boundaries():
            reason = "no message boundary to split at; nothing to compact"
            run.finish_skipped(reason)
            return untouched("skipped", reason)
        return await _compact(run, work, before, untouched)


async def _compact(run: RunLifecycle, work: Compactor, before: int, untouched: _Untouched
                   ) -> CompactResult:
    ctx = work.ctx
    body = work.body
    n = len(body)
    wm_text = working_memory(work.conv, body, max(400, min(2400, tokens_to_bytes(work.target)
                                                             // 6)))
    wm_msg: JsonObj = {"role": "user", "content": wm_text}
    wm_tokens = message_tokens(wm_msg)
    summary_reserve = work.summary_chars // 3 + 40
    ctx.start(ROOT, None, work.transcript.span, Opening(0, "compact"))

    # 1. keep the longest tail that fits, summarize the head; again on [summary] + tail if
    #    the summary came out larger than reserved
    depth = 0
    split = 0
    accepted: Outcome | None = None
    summary_tokens = summary_reserve
    after = before
    while depth < MAX_DEPTH:
        cap = work.target - work.system_tokens - summary_tokens - wm_tokens
        k = work.choose_split(split, max(0, cap))
        if k is None or k <= split:
            break
        depth += 1
        must = head_entities(body, k)
        outcome = await work.summarize(f"{ROOT}.d{depth}", split, k, accepted, must)
        if not outcome.complete or outcome.extraction is None:
            return _fail(run, work, outcome, depth, untouched)
        accepted, split = outcome, k
        summary_tokens = message_tokens(summary_message(outcome.extraction, split, n))
        after = work.result_tokens(split, summary_tokens, wm_tokens)
        if after <= work.target:
            break
    if accepted is not None and after < work.target * FILL:
        # The summary came out smaller than reserved: keep more of the tail verbatim and
        # summarize the shorter head once more (from the messages), when that still fits.
        refilled = await _refill(work, accepted, split, summary_tokens, wm_tokens)
        if refilled[1] != split:
            accepted, split, depth = refilled[0], refilled[1], 1
    if accepted is None or accepted.extraction is None:
        reason = "no split left anything to summarize; nothing to compact"
        ctx.finish(ROOT, work.transcript.span, Ending("complete", reason=reason, verbatim=True))
        run.finish_skipped(reason)
        return untouched("skipped", reason)

    # 2. validate the summary against the head's entities; keep more verbatim if it misses
    validation, accepted, split = await validate_summary(work, accepted, split, wm_tokens)
    assert accepted.extraction is not None

    # 3. the output: system prompt, summary, working memory, recent tail verbatim
    ctx.child_finished(ROOT, accepted)
    if work.n_system:
        work.keep(f"{ROOT}.system", (0, work.at(0)), "the system prompt")
    work.keep(f"{ROOT}.tail", (work.at(split), len(work.transcript)),
              f"the last {n - split} messages")
    messages = ([m.raw for m in work.conv.messages[:work.n_system]]
                + [summary_message(accepted.extraction, split, n), wm_msg]
                + [m.raw for m in body[split:]])
    after = sum(message_tokens(m) for m in messages)
    root = ctx.finish(ROOT, work.transcript.span, Ending("complete",
                                                         extraction=accepted.extraction))
    over = "" if after <= work.budget else over_budget(after, work.budget, work.system_tokens)
    run.finish("complete", coverage=1.0 if root.complete else 0.0,
               entry=accepted.extraction.model_dump(), reason=over)
    status: Status = "complete" if root.complete else "incomplete"  # as the run says
    return CompactResult(messages, validation, before, after, depth, status,
                         over if root.complete else root.reason,
                         ctx.run_id, triggered=True, summarized=split, kept=n - split,
                         target=work.target, state=ctx.state,
                         source=source_of(work.transcript, work.conv.messages, work.n_system,
                                          split))


def source_of(transcript: Transcript, messages: Sequence[Message], n_system: int,
              split: int) -> dict[str, Any]:
    """The ``source`` object of ``--json``: the reader's account of every record, with the
    rendered records split into summarized (the head) and kept verbatim (the rest)."""
    account = transcript.account
    if account is None:
        return {}
    out = account.to_json()
    head = messages[n_system:n_system + split]
    rest = [*messages[:n_system], *messages[n_system + split:]]
    out["records"]["summarized"] = sum(m.records + m.riders for m in head)
    out["records"]["kept_verbatim"] = sum(m.records for m in rest)
    # rendered records that were no message of the agent's (a title line, a notice): read
    # with the message they ride with, but not output
    out["records"]["not_in_output"] = sum(m.riders for m in rest)
    return out


def over_budget(after: int, budget: int, system_tokens: int) -> str:
    """Why a compacted conversation is still over its budget, in one sentence."""
    said = f"the result ({after:,} tokens) is over the {budget:,}-token budget"
    if system_tokens * 2 > budget:
        said += (f": the system prompt alone is {system_tokens:,} tokens, kept verbatim "
                 "(compaction never rewrites the harness's instructions)")
    return said


async def _refill(work: Compactor, accepted: Outcome, split: int, summary_tokens: int,
                  wm_tokens: int) -> tuple[Outcome, int]:
    """A split keeping more of the tail, with its own summary, if it fits the target."""
    n = len(work.body)
    margin = summary_tokens + summary_tokens // 10
    k = work.choose_split(0, max(0, work.target - work.system_tokens - margin - wm_tokens))
    if k is None or k >= split:
        return accepted, split
    outcome = await work.summarize(f"{ROOT}.r1", 0, k, None, head_entities(work.body, k))
    if not outcome.complete or outcome.extraction is None:
        return accepted, split  # keep the summary we have
    tokens = message_tokens(summary_message(outcome.extraction, k, n))
    if work.result_tokens(k, tokens, wm_tokens) > work.target:
        return accepted, split
    return outcome, k


def _fail(run: RunLifecycle, work: Compactor, outcome: Outcome, depth: int,
          untouched: _Untouched) -> CompactResult:
    """A summary could not be written: the conversation is returned unchanged, loudly."""
    ctx = work.ctx
    reason = f"the head could not be summarized: {outcome.reason}"
    status: Status = "incomplete" if outcome.status == "incomplete" else "failed"
    root = ctx.finish(ROOT, work.transcript.span, Ending(status, reason=reason))
    run.finish(root.status, coverage=0.0, gaps=[work.transcript.span], reason=reason)
    return untouched(root.status, reason, depth)
