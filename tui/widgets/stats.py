"""The run header: status, elapsed time, calls, tokens, cost, bytes/s and an ETA; and the
step-through timeline."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.widgets import Static

from gapless.engine import RunPlan, Verdict, count_text
from gapless.engine.core.spans import covered_bytes
from gapless.engine.core.state import RunState
from gapless.tui.viewmodel.bars import run_bar
from gapless.tui.viewmodel.formatting import STATUS, exact_size, human_bytes, pct
from gapless.tui.viewmodel.run_model import chunk_counts


def _clock(seconds: float) -> str:
    s = int(max(0, seconds))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def _exact(n: int) -> str:
    return f"{n:,}"


class RunStats(Static):
    """Two lines about the run as a whole."""

    DEFAULT_CSS = """
    RunStats { height: 2; padding: 0 1; background: $boost;
               text-wrap: nowrap; text-overflow: ellipsis; }
    """

    _last: tuple[RunState, dict[str, Any]] | None = None

    def on_resize(self) -> None:
        if self._last is not None:  # the second line's form depends on the width
            state, kw = self._last
            self.show(state, **kw)

    def show(self, state: RunState, *, started_settings: dict[str, object] | None = None,
             live: bool = True, deterministic: bool = False, step: str = "",
             plan: RunPlan | None = None, verdict: Verdict | None = None) -> None:
        """``plan``: the run's plan, made before it started (shown until its first event,
        then as the calls planned); ``verdict``: what verify found of a finished run."""
        self._last = (state, {"started_settings": started_settings, "live": live,
                              "deterministic": deterministic, "step": step, "plan": plan,
                              "verdict": verdict})
        glyph, colour, word = STATUS.get(state.status, STATUS["pending"])
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{glyph} {word} ", style=f"bold {colour}")
        if verdict is not None and state.status not in ("running", "pending"):
            # the run's claims checked against the ledger of its calls (gapless verify)
            if verdict.holds:
                t.append("verified ", style="bold green")
            else:
                t.append(f"CONTRADICTED ({len(verdict.contradictions)}) ", style="bold red")
        if plan is not None and state.status == "pending":
            t.append(f"{state.run_id or '…'} ", style="bold")
            t.append(f"{plan.provider} {plan.model} · {plan.source}\n")
            t.append(plan.line(), style="cyan")
            self.update(t)
            return
        t.append(f"{state.run_id or '…'} ", style="bold")
        t.append(f"{state.strategy} · {state.provider} {state.model} · {state.source}")
        if step:
            t.append(f"  ◆ {step}", style="bold cyan")
        t.append("\n")
        bar = run_bar(state)
        size = max(1, state.input_bytes)
        cov = covered_bytes(bar.covered)
        running = state.status in ("running", "pending")
        if deterministic:
            elapsed = None
        elif running and live and state.started_at:
            elapsed = max(0.0, time.time() - state.started_at)
        else:
            elapsed = state.elapsed
        root = state.nodes.get(state.root or "")
        narrow = 0 < self.size.width < 120
        # The second line in order of importance, so that what a narrow terminal cuts off
        # (with an ellipsis, never a wrap) is the least needed: coverage, elapsed, ETA,
        # calls, tokens first; size, cost, rate, chunks and nodes after.
        if bar.final:
            t.append(f"covered {pct(cov / size)}", style=colour)
        else:  # what calls have read (the bar's green), and what complete parts hold
            t.append(f"read {pct(cov / size)} · done "
                     f"{pct(root.done if root is not None else 0.0)}", style=colour)
        t.append(f" · elapsed {_clock(elapsed) if elapsed is not None else '—'}")
        read = state.bytes_read
        rate = read / elapsed if elapsed else 0.0
        eta = state.eta_seconds(elapsed) if running and elapsed else None
        if eta is not None:  # the unread bytes and the folds still owed, at the pace so far
            t.append(f" · ETA {_clock(eta)}")
        elif running and plan is not None and plan.eta_seconds is not None:
            # nothing read yet: the plan's ETA, from the provider's earlier calls
            t.append(f" · ETA ~{_clock(max(0.0, plan.eta_seconds - (elapsed or 0.0)))}")
        t.append(f" · calls {state.calls}")
        if running and plan is not None and plan.strategy == state.strategy:
            t.append(f"/{'≥' if not plan.exact else ''}{plan.calls}", style="cyan")
        if state.failed_calls:
            t.append(f" ({state.failed_calls} failed)", style="red")
        tokens = count_text if narrow else _exact
        t.append(f" · tokens {tokens(state.tokens_in)}→{tokens(state.tokens_out)}")
        size_text = human_bytes(state.input_bytes) if narrow else exact_size(state.input_bytes)
        t.append(f" · of {size_text}")
        t.append(f" · cost {state.cost:.4f}")
        t.append(f" · {human_bytes(rate)}/s" if elapsed else " · — B/s")
        counts = chunk_counts(state, None)
        if counts is not None:
            total = started_settings.get("chunks_total") if started_settings else None
            t.append(f" · chunks {counts[0]}/{total or counts[1]}")
        t.append(f" · nodes {len(state.nodes)}")
        if state.rejected_dones:
            t.append(f" · {state.rejected_dones} done rejected", style="magenta")
        self.update(t)


class Timeline(Static):
    """Where stepping is: step k of n, the event at k, play state and speed."""

    DEFAULT_CSS = """
    Timeline { height: 2; padding: 0 1; background: $boost; display: none;
               text-wrap: nowrap; text-overflow: ellipsis; }
    Timeline.-on { display: block; }
    """

    def show(self, k: int, n: int, what: str, playing: bool, speed: float) -> None:
        width = max(10, self.size.width - 4)
        pos = 0 if n == 0 else int(k / n * (width - 1))
        bar = Text("━" * pos, style="cyan")
        bar.append("●", style="bold cyan")
        bar.append("─" * max(0, width - 1 - pos), style="grey50")
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{'▶ playing' if playing else '‖ paused'} ×{speed:g} ev/s ", style="bold")
        t.append(f"step {k}/{n} ", style="bold cyan")
        t.append(what)
        t.append("\n")
        t.append_text(bar)
        self.update(t)
