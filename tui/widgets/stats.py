"""The run header: status, elapsed time, calls, tokens, cost, bytes/s and an ETA; and the
step-through timeline."""

from __future__ import annotations

import time

from rich.text import Text
from textual.widgets import Static

from engine.core.spans import covered_bytes
from engine.core.state import RunState
from tui.viewmodel.bars import run_bar
from tui.viewmodel.formatting import STATUS, exact_size, human_bytes, pct
from tui.viewmodel.run_model import chunk_counts


def _clock(seconds: float) -> str:
    s = int(max(0, seconds))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


class RunStats(Static):
    """Two lines about the run as a whole."""

    DEFAULT_CSS = """
    RunStats { height: 2; padding: 0 1; background: $boost; }
    """

    def show(self, state: RunState, *, started_settings: dict[str, object] | None = None,
             live: bool = True, deterministic: bool = False, step: str = "") -> None:
        glyph, colour, word = STATUS.get(state.status, STATUS["pending"])
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{glyph} {word} ", style=f"bold {colour}")
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
        if bar.final:
            t.append(f"covered {pct(cov / size)}", style=colour)
        else:  # what calls have read (the bar's green), and what complete parts hold
            t.append(f"read {pct(cov / size)} · done "
                     f"{pct(root.coverage if root is not None else 0.0)}", style=colour)
        t.append(f" of {exact_size(state.input_bytes)}")
        t.append(f" · elapsed {_clock(elapsed) if elapsed is not None else '—'}")
        t.append(f" · calls {state.calls}")
        if state.failed_calls:
            t.append(f" ({state.failed_calls} failed)", style="red")
        t.append(f" · tokens {state.tokens_in:,}→{state.tokens_out:,}")
        t.append(f" · cost {state.cost:.4f}")
        read = state.bytes_read
        if elapsed:
            rate = read / elapsed
            t.append(f" · {human_bytes(rate)}/s")
            if running and rate > 0:
                t.append(f" · ETA {_clock((state.input_bytes - read) / rate)}")
        else:
            t.append(" · — B/s")
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
    Timeline { height: 2; padding: 0 1; background: $boost; display: none; }
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
