"""A coverage bar: covered, in flight, pending and gap bytes, each with its own glyph and colour
(never colour alone), the gap byte ranges under the bar, and the exact range on hover/click."""

from __future__ import annotations

import bisect

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from gapless.engine.core.spans import Span, covered_bytes, format_spans
from gapless.tui.viewmodel.bars import BarData
from gapless.tui.viewmodel.formatting import pct

GLYPHS = {
    "c": ("█", "green"),
    "f": ("▒", "yellow"),
    "p": ("·", "grey50"),
    "g": ("░", "bold red"),
}
WORDS = {"c": "covered", "f": "in flight", "p": "pending", "g": "gap"}


def _hits(spans: list[Span], starts: list[int], a: int, b: int) -> bool:
    i = bisect.bisect_left(starts, b) - 1
    return i >= 0 and spans[i][1] > a


def _span_at(spans: list[Span], starts: list[int], a: int, b: int) -> Span | None:
    i = bisect.bisect_left(starts, b) - 1
    if i >= 0 and spans[i][1] > a:
        return spans[i]
    return None


def _fully(spans: list[Span], starts: list[int], a: int, b: int) -> bool:
    i = bisect.bisect_right(starts, a) - 1
    return i >= 0 and spans[i][0] <= a and spans[i][1] >= b


PARTS = "▁▂▃▄▅▆▇"


def _covered_in(spans: list[Span], starts: list[int], a: int, b: int) -> int:
    i = max(0, bisect.bisect_right(starts, a) - 1)
    total = 0
    while i < len(spans) and spans[i][0] < b:
        s, e = spans[i]
        total += max(0, min(e, b) - max(s, a))
        i += 1
    return total


def cell_classes(data: BarData, width: int) -> list[str]:
    """One class per cell: g(ap) > f(light) > p(ending) > c(overed), so no gap is hidden.
    A pending cell that is partly covered is ``"1"``..``"7"`` (eighths covered)."""
    s, e = data.scope
    size = max(0, e - s)
    if width <= 0:
        return []
    if size == 0:  # nothing to read: done once final, else nothing known yet (step 0)
        return ["c" if data.final else "p"] * width
    cs = [x[0] for x in data.covered]
    fs = [x[0] for x in data.in_flight]
    gs = [x[0] for x in data.gaps]
    out: list[str] = []
    for i in range(width):
        a = s + size * i // width
        b = max(a + 1, s + size * (i + 1) // width)
        if _hits(data.gaps, gs, a, b):
            out.append("g")
        elif _hits(data.in_flight, fs, a, b):
            out.append("f")
        elif not _fully(data.covered, cs, a, b):
            if data.final:
                out.append("g")
                continue
            part = _covered_in(data.covered, cs, a, b) * 8 // (b - a)
            out.append(str(min(7, part)) if part else "p")
        else:
            out.append("c")
    return out


def _glyph(c: str) -> tuple[str, str]:
    if c.isdigit():
        return PARTS[int(c) - 1], "green"
    return GLYPHS[c]


class CoverageBar(Widget):
    """Two lines: the bar, then a legend with the percentages and the gap ranges."""

    DEFAULT_CSS = """
    CoverageBar { height: 2; width: 1fr; }
    """

    class RangeSelected(Message):
        """A click on the bar: the span under the pointer and what it is."""

        def __init__(self, bar: CoverageBar, kind: str, span: Span) -> None:
            super().__init__()
            self.bar = bar
            self.kind = kind
            self.span = span

    def __init__(self, label: str = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.data: BarData | None = None
        self.selected: tuple[str, Span] | None = None

    def set_data(self, data: BarData | None) -> None:
        if data != self.data:
            self.data = data
            if self.selected and data and not (
                data.scope[0] <= self.selected[1][0] <= data.scope[1]
            ):
                self.selected = None
            self.refresh()

    # geometry ----------------------------------------------------------------------------
    def _bar_width(self) -> int:
        return max(1, self.size.width - len(self.label) - 1)

    def _what_at(self, x: int) -> tuple[str, Span] | None:
        if self.data is None:
            return None
        x -= len(self.label) + 1 if self.label else 0
        width = self._bar_width()
        if not 0 <= x < width:
            return None
        s, e = self.data.scope
        size = e - s
        a = s + size * x // width
        b = max(a + 1, s + size * (x + 1) // width)
        for kind, spans in (("g", self.data.gaps), ("f", self.data.in_flight),
                            ("p", self.data.pending), ("c", self.data.covered)):
            hit = _span_at(spans, [sp[0] for sp in spans], a, b)
            if hit is not None:
                return kind, hit
        return None

    # rendering ---------------------------------------------------------------------------
    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.label:
            text.append(self.label + " ", style="bold")
        d = self.data
        if d is None:
            text.append("no run yet", style="dim")
            return text
        classes = cell_classes(d, self._bar_width())
        run, prev = "", ""
        for c in classes:
            if c != prev and run:
                glyph, style = _glyph(prev)
                text.append(glyph * len(run), style=style)
                run = ""
            run += c
            prev = c
        if run:
            glyph, style = _glyph(prev)
            text.append(glyph * len(run), style=style)
        text.append("\n")
        size = max(1, d.scope[1] - d.scope[0])
        parts = [("c", covered_bytes(d.covered)), ("f", covered_bytes(d.in_flight))]
        if not d.final:
            parts.append(("p", covered_bytes(d.pending)))
        parts.append(("g", covered_bytes(d.gaps)))
        for kind, n in parts:
            glyph, style = GLYPHS[kind]
            text.append(f"{glyph} ", style=style)
            word = "read" if kind == "c" and not d.final else WORDS[kind]
            text.append(f"{word} {pct(n / size)}  ")
        if self.selected:
            kind, (a, b) = self.selected
            text.append(f"selected {WORDS[kind]} [{a}, {b}) ", style="reverse")
        if d.gaps:
            shown = format_spans(d.gaps[:4])
            more = f" +{len(d.gaps) - 4} more" if len(d.gaps) > 4 else ""
            text.append(f"gaps: {shown}{more}", style="red")
        elif d.final:
            text.append("no gaps", style="green")
        return text

    # pointer -----------------------------------------------------------------------------
    def on_mouse_move(self, event: events.MouseMove) -> None:
        hit = self._what_at(event.x) if event.y == 0 else None
        if hit is None:
            self.tooltip = None
            return
        kind, (a, b) = hit
        self.tooltip = f"{WORDS[kind]}: bytes [{a}, {b}) — {b - a:,} bytes"

    def on_click(self, event: events.Click) -> None:
        hit = self._what_at(event.x)
        if hit is not None:
            self.selected = hit
            self.refresh()
            self.post_message(self.RangeSelected(self, hit[0], hit[1]))
