"""The plan of a run before it starts: what the router picks and why, how many calls (the
engine's own planner: leaves and folds), the tokens and — with a price table — the cost,
and an ETA from the latency the provider's earlier calls took. Nothing is sent to a model
and no run is stored (``gapless summarize PATH --plan``, the workbench before a launch).

How close the plan is: the tree is planned here exactly as a run plans it, at the
conservative estimate of the model's bytes per token. A run makes the same calls unless it
learns the model's own ratio first (a server with a tokenizer endpoint, the usage its
first leaf reports, or a one-token probe, on an input of 8 leaves or more: then about a
tenth fewer leaves), a call fails and is
re-sent or a leaf is split, or a fold's children do not fit one call (one more call per
merged batch): within ~10 % of the plan. A recursive run's model plans what it reads: its
calls are at least the tree's. Tokens are estimated from bytes; answers are counted at the
size asked for (``tokens_out``) and at most their reserve (``tokens_out_max``).
"""

from __future__ import annotations

import asyncio
import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gapless.engine.config import Settings
from gapless.engine.core.account import count_text
from gapless.engine.core.errors import UserError
from gapless.engine.core.tokens import Capacity
from gapless.engine.core.transcript import Transcript
from gapless.engine.registry import PROVIDERS, STRATEGIES, StrategyEntry, load
from gapless.engine.run.calibration import PROBE_MIN_LEAVES
from gapless.engine.run.offline_window import offline_window
from gapless.engine.service import capacity_for, checked_route, fingerprint
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store, default_db_path
from gapless.engine.strategies.planning import CallPlan, fixed_tokens, tokens

__all__ = ["RunPlan", "plan_file", "plan_run", "plan_transcript"]

NO_LATENCY = "no earlier calls to measure"


@dataclass
class RunPlan:
    """What a run would do (see the module's docstring for how close it comes)."""

    source: str
    input_bytes: int
    strategy: str
    reason: str
    provider: str
    model: str
    context_tokens: int
    concurrency: int
    leaves: int = 0
    folds: int = 0
    probes: int = 0  # a calibration probe sent before the plan (counted in calls)
    calls: int = 0
    exact: bool = True  # the calls are the engine's own plan (False: a lower bound)
    depth: int = 0  # calls on the longest path (leaf, then each fold above it)
    tokens_in: int = 0
    tokens_out: int = 0
    tokens_out_max: int = 0
    cost: float | None = None  # None: no price for this model in the settings
    cost_max: float | None = None  # with every answer at its reserve
    latency_ms: float | None = None  # the median of the measured calls
    measured_calls: int = 0
    eta_seconds: float | None = None
    reused_run: str | None = None  # the same work already finished: the run sends nothing
    resumes: list[str] = field(default_factory=list)  # unfinished runs of the same work
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"plan": True, **asdict(self)}

    @property
    def splits(self) -> bool:
        """Whether the strategy cuts the input into calls (False: one call reads it all)."""
        entry = STRATEGIES.find(self.strategy)
        return entry is None or entry.splits

    @property
    def who(self) -> str:
        return f"{self.provider} {self.model}".strip()

    def calls_text(self) -> str:
        at_least = "" if self.exact else "≥ "
        if not self.splits:
            return f"{at_least}{self.calls} (one call reads it all)"
        parts = [f"{self.leaves} {'leaf' if self.leaves == 1 else 'leaves'}",
                 f"{self.folds} {'fold' if self.folds == 1 else 'folds'}"]
        if self.probes:
            parts.append(f"{self.probes} calibration probe")
        return f"{at_least}{self.calls}: " + " + ".join(parts)

    def eta_text(self) -> str:
        if self.eta_seconds is None or self.latency_ms is None:
            return NO_LATENCY
        per = f"{self.latency_ms:.0f} ms" if self.latency_ms < 1000 else \
            f"{self.latency_ms / 1000:.2f} s"
        return (f"~{clock(self.eta_seconds)} at {per} a call (median "
                f"of {self.measured_calls} earlier calls of {self.who}), "
                f"{self.concurrency} at once")

    def cost_text(self) -> str:
        if self.cost is None:
            return f"no price for {self.model or self.provider} in the settings"
        return f"~{self.cost:.4f} (at most {self.cost_max:.4f})"

    def lines(self) -> list[str]:
        """The plan as ``summarize --plan`` prints it."""
        out = [f"plan for {self.source} ({self.input_bytes:,} bytes) — nothing sent, "
               "nothing stored",
               f"  strategy  {self.strategy} — {self.reason}",
               f"  calls     {self.calls_text()}",
               f"  tokens    ~{self.tokens_in:,} in · ~{self.tokens_out:,} out "
               f"(at most {self.tokens_out_max:,})",
               f"  cost      {self.cost_text()}",
               f"  ETA       {self.eta_text()}"]
        if self.reused_run:
            out.append(f"  already summarized in run {self.reused_run}: the run sends "
                       "nothing (--force runs it again)")
        for rid in self.resumes[:1]:
            out.append(f"  resumes the unfinished run {rid}: its completed parts are not "
                       "sent again (fewer calls than planned)")
        out.extend(f"  note      {n}" for n in self.notes)
        return out

    def line(self) -> str:
        """The plan in one line (the workbench's run header before a run starts)."""
        eta = f"ETA ~{clock(self.eta_seconds)}" if self.eta_seconds is not None else \
            "ETA: " + NO_LATENCY
        cost = f" · cost ~{self.cost:.4f}" if self.cost is not None else ""
        calls = f"{'≥' if not self.exact else ''}{self.calls} calls"
        if self.splits:
            probe = f", {self.probes} probe" if self.probes else ""
            calls += f" ({self.leaves} leaves, {self.folds} folds{probe})"
        # in order of importance: a narrow header cuts the end
        return (f"plan: {self.strategy} · {calls} · {eta}{cost} · ~{count_text(self.tokens_in)}→"
                f"{count_text(self.tokens_out)} tokens")


def clock(seconds: float) -> str:
    s = max(0, math.ceil(seconds))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def model_name(settings: Settings) -> str:
    """The model a run of these settings is recorded under, as far as known before it
    starts (an OpenAI-compatible server's first listed model is only known from it)."""
    if settings.model:
        return settings.model
    vendor = settings.vendor
    return vendor.model if vendor is not None and settings.hosted else ""


def plan_transcript(transcript: Transcript, settings: Settings, *, strategy: str = "auto",
                    question: str | None = None, source: str = "",
                    latencies: Sequence[float] = ()) -> RunPlan:
    """The plan of a run over ``transcript`` (pure: nothing is sent or stored).
    ``latencies`` are earlier calls' latencies in ms (the ETA's measure). A strategy that
    cannot read the input, or cannot be planned before it runs, is refused (a UserError)."""
    entry = STRATEGIES.get(strategy)
    if not _plannable(entry):
        planned = ", ".join(e.name for e in STRATEGIES.entries() if _plannable(e))
        raise UserError(f"--plan covers {planned}; the {strategy} strategy plans as it "
                        "reads (gapless read shows a sequential read's chunks)")
    size = len(transcript)
    widened = offline_window(settings, transcript)  # as the run will read it
    as_set, settings = settings, widened
    capacity = capacity_for(settings, question, size)
    chosen = checked_route(transcript, settings, strategy, question)
    plan = RunPlan(source=source or transcript.name, input_bytes=size,
                   strategy=chosen.strategy, reason=chosen.reason, provider=settings.provider,
                   model=model_name(settings), context_tokens=settings.context_tokens,
                   concurrency=settings.concurrency)
    if widened is not as_set:
        plan.notes.append(f"a long log, read offline in leaves of a {widened.context_tokens:,}"
                          "-token window (its figures are the same in any window; "
                          "--context-tokens sets one)")
    if not transcript.data.strip():
        plan.notes.append("the input is empty: the run is skipped without a call")
        _finish(plan, settings, latencies)
        return plan
    runs = STRATEGIES.get(chosen.strategy)
    if runs.plan is None:
        raise UserError(f"the {runs.name} strategy cannot be planned before it runs")
    calls: CallPlan = load(runs.plan)(transcript, capacity, settings.limits.spawn_fraction)
    plan.leaves, plan.folds, plan.depth = calls.leaves, calls.folds, calls.depth
    plan.tokens_in, plan.tokens_out = calls.tokens_in, calls.tokens_out
    plan.tokens_out_max, plan.exact = calls.tokens_out_max, calls.exact
    if runs.splits:
        _provider_notes(plan, settings, capacity, probed=not runs.measures)
    plan.calls = plan.leaves + plan.folds + plan.probes
    plan.notes.extend(calls.notes)
    _finish(plan, settings, latencies)
    return plan


def _plannable(entry: StrategyEntry) -> bool:
    """A strategy ``--plan`` can plan: its own planner, or the router (which picks one)."""
    return entry.offered and not entry.reads_file and (entry.plan is not None
                                                       or entry.routes)


def _provider_notes(plan: RunPlan, settings: Settings, capacity: Capacity, *,
                    probed: bool = True) -> None:
    """What a model server adds to a split input's plan: the calibration probe of a
    provider that sends one (unless the strategy measures by its own first call), and the
    bytes per token the plan assumed."""
    entry = PROVIDERS.find(settings.provider)
    if entry is None or not entry.http:
        return
    size = plan.input_bytes
    if probed and entry.probes and size >= PROBE_MIN_LEAVES * capacity.data_bytes:
        plan.probes = 1
        plan.tokens_in += fixed_tokens(capacity) + tokens(
            min(24_000, capacity.data_bytes * 2 // 3), capacity)
    if size >= 1024:
        plan.notes.append("planned at 3.5 bytes a token: a server that reports its "
                          "tokenizer's count lets the run plan about a tenth fewer "
                          "leaves")


def _finish(plan: RunPlan, settings: Settings, latencies: Sequence[float]) -> None:
    """The cost (when the settings price the model) and the ETA (when calls were measured)."""
    if settings.priced:
        plan.cost = settings.price(plan.tokens_in, plan.tokens_out)
        plan.cost_max = settings.price(plan.tokens_in, plan.tokens_out_max)
    measured = [x for x in latencies if x >= 0]
    if measured and plan.calls:
        plan.latency_ms = float(statistics.median(measured))
        plan.measured_calls = len(measured)
        rounds = max(math.ceil(plan.calls / max(1, plan.concurrency)), plan.depth)
        plan.eta_seconds = rounds * plan.latency_ms / 1000


async def plan_run(store: Store, transcript: Transcript, settings: Settings, *,
                   strategy: str = "auto", question: str | None = None,
                   source: str = "") -> RunPlan:
    """:func:`plan_transcript` with what ``store`` knows: the latencies of earlier calls of
    the same provider and model, and whether the same work finished (the run then sends
    nothing) or is unfinished (the run resumes it). Reads only. The planning and the input's
    fingerprint run in a worker thread: on a large input they take long enough to freeze a
    workbench that awaits them on its event loop."""
    latencies = await store.call_latencies(settings.provider, model_name(settings))

    def planned() -> tuple[RunPlan, str]:
        return (plan_transcript(transcript, settings, strategy=strategy, question=question,
                                source=source, latencies=latencies),
                fingerprint(transcript, settings, kind="summarize", strategy=strategy,
                            question=question, source=source))

    plan, fp = await asyncio.to_thread(planned)
    done = await store.finished_result(fp)
    if done is not None:
        plan.reused_run = done.id
    plan.resumes = [r.id for r in await store.unfinished(fp)]
    return plan


async def plan_file(db: str | Path | None, path: str, settings: Settings, *,
                    strategy: str = "auto", question: str | None = None,
                    thinking: bool = False) -> RunPlan:
    """The plan of ``gapless summarize PATH`` with these settings (``--plan``): the file
    loaded as the run would load it; the database read when it exists (never created)."""
    transcript = load_transcript(path, include_thinking=thinking, include=settings.include,
                                 tool_output_limit=settings.tool_output_limit)
    where = Path(db).expanduser() if db is not None else default_db_path()
    if not where.is_file():
        return plan_transcript(transcript, settings, strategy=strategy, question=question,
                               source=path)
    store = await Store.open(where)
    try:
        return await plan_run(store, transcript, settings, strategy=strategy,
                              question=question, source=path)
    finally:
        await store.close()
