"""The selected invocation: its coverage bar, the text of its scope with reads highlighted and
gaps marked, its actions, its provider calls and its extraction; plus the run's own tab."""

from __future__ import annotations

import itertools
import json
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import DataTable, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from gapless.engine.core.events import RunStarted
from gapless.engine.core.spans import Span, clip, format_spans, merge
from gapless.engine.core.state import NodeState, RunState
from gapless.engine.core.transcript import Transcript, snap_to_codepoint
from gapless.tui.viewmodel.bars import node_bar, run_bar
from gapless.tui.viewmodel.formatting import STATUS, anchor_rows, call_results, exact_size, pct
from gapless.tui.viewmodel.run_model import (
    chunk_counts,
    outline_entries,
    progress_view,
    validation_actions,
)
from gapless.tui.widgets.coverage import CoverageBar

TEXT_WINDOW = 16_000  # bytes of a scope shown at once (the pane starts at the selection)
# how each call went first (a narrow pane scrolls the figures); its model is in its dialog
CALL_COLUMNS = ("#", "purpose", "result", "in", "out", "latency", "cost", "retries")


def _segments(window: Span, reads: list[Span], kids: list[Span], gaps: list[Span]
              ) -> list[tuple[int, int, str]]:
    a, b = window
    cuts = {a, b}
    for spans in (reads, kids, gaps):
        for s, e in clip(spans, window):
            cuts.update((s, e))
    pts = sorted(cuts)
    out: list[tuple[int, int, str]] = []
    for s, e in itertools.pairwise(pts):
        mid = (s, e)
        if clip(gaps, mid):
            kind = "gap"
        elif clip(reads, mid):
            kind = "read"
        elif clip(kids, mid):
            kind = "child"
        else:
            kind = "unread"
        if out and out[-1][2] == kind and out[-1][1] == s:
            out[-1] = (out[-1][0], e, kind)
        else:
            out.append((s, e, kind))
    return out


STYLES = {
    "read": "on #12361f",
    "child": "on #14304a",
    "gap": "bold white on #6b1414 underline",
    "unread": "dim",
}


def scope_text(t: Transcript, node: NodeState, gaps: list[Span], focus: int | None) -> Text:
    """The text of ``node``'s scope from ``focus`` on, with reads, complete children's
    scopes and gaps styled, and a marker at each gap."""
    s, e = node.scope
    start = s if focus is None else max(s, min(focus, e))
    start = snap_to_codepoint(t.data, start)
    end = snap_to_codepoint(t.data, min(e, start + TEXT_WINDOW)) if start + TEXT_WINDOW < e else e
    text = Text()
    text.append(f"bytes [{start}, {end}) of scope [{s}, {e})", style="bold")
    if end < e:
        text.append(f" — {e - end:,} more bytes below (g: next gap)", style="dim")
    where = t.anchor_label(start, end) if t.messages else ""
    if where:
        text.append(f"\nfrom {where}", style="dim")
    text.append("\n")
    reads = merge(node.reads)
    kids = merge(node.complete_children)
    for a, b, kind in _segments((start, end), reads, kids, gaps):
        if kind == "gap":
            text.append(f"⟦gap [{a}, {b})⟧", style="bold red reverse")
        text.append(t.text(a, b), style=STYLES[kind])
    return text


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


class NodeDetail(Vertical):
    """Everything about one invocation."""

    DEFAULT_CSS = """
    NodeDetail { height: 1fr; }
    NodeDetail #node-title { height: auto; max-height: 4; padding: 0 1; }
    NodeDetail TabbedContent { height: 1fr; }
    NodeDetail VerticalScroll { height: 1fr; }
    NodeDetail OptionList.anchors { height: auto; max-height: 22; margin: 0 1; }
    NodeDetail OptionList.anchors.-empty { display: none; }
    NodeDetail #calls-pane { height: 1fr; }
    NodeDetail #node-calls-table { height: auto; max-height: 1fr; }
    NodeDetail #node-calls { height: auto; }
    """

    class CallSelected(Message):
        """A call picked in the Calls tab (enter): open its request and reply."""

        def __init__(self, inv: str, seq: int) -> None:
            super().__init__()
            self.inv = inv
            self.seq = seq

    class AnchorSelected(Message):
        """An anchor picked in a list: show its bytes in the range pane."""

        def __init__(self, span: Span) -> None:
            super().__init__()
            self.span = span

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.deterministic = False
        self._key: tuple[Any, ...] | None = None
        self.inv: str | None = None
        self.focus_offset: int | None = None
        self.gaps: list[Span] = []
        self._run_args: tuple[RunState, RunStarted | None, Transcript | None] | None = None
        self._anchor_keys: dict[str, tuple[Any, ...]] = {}
        self._run_stale = True
        self._calls_key: tuple[Any, ...] | None = None

    def compose(self) -> ComposeResult:
        yield Static("select an invocation", id="node-title")
        yield CoverageBar("node", id="node-bar")
        with TabbedContent(id="node-tabs"):
            with TabPane("Text", id="tab-text"), VerticalScroll(id="text-scroll"):
                yield Static("", id="node-text")
            with TabPane("Actions", id="tab-actions"), VerticalScroll():
                yield Static("", id="node-actions")
            with TabPane("Calls", id="tab-calls"), Vertical(id="calls-pane"):
                yield DataTable(id="node-calls-table", cursor_type="row", zebra_stripes=True)
                yield Static("", id="node-calls")
            with TabPane("Extraction", id="tab-extraction"), VerticalScroll():
                yield Static("", id="node-extraction")
                yield OptionList(id="node-anchors", classes="anchors")
            with TabPane("Run", id="tab-run"), VerticalScroll():
                yield Static("", id="run-info")
                yield OptionList(id="run-anchors", classes="anchors")

    def _refresh_run(self) -> None:
        if self._run_args is not None and self._run_stale:
            self._run_stale = False
            self._show_run(*self._run_args)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "tab-run":
            self._refresh_run()

    # -------------------------------------------------------------------------------------
    def show(self, state: RunState, inv: str | None, transcript: Transcript | None,
             started: RunStarted | None, *, fragments: list[dict[str, Any]] | None = None,
             force: bool = False, text_note: str = "") -> None:
        node = state.nodes.get(inv or "") if inv else None
        if node is None and state.root:
            node = state.nodes.get(state.root)
        # the node's bar moves with its descendants' reads and what is in flight under it:
        # part of the key, so the panel is redrawn when they change, not only the node
        bar = node_bar(state, node) if node is not None else None
        key = (
            (tuple(bar.covered), tuple(bar.in_flight), tuple(bar.gaps)) if bar else None,
            node.inv if node else None, node.last_seq if node else 0,
            node.status if node else "", len(node.actions) if node else 0,
            len(node.calls) if node else 0, len(node.reads) if node else 0,
            len(node.complete_children) if node else 0, self.focus_offset,
            transcript is not None, bool(fragments), id(state), text_note,
        )
        self._run_args = (state, started, transcript)
        self._run_stale = True
        if self.query_one("#node-tabs", TabbedContent).active == "tab-run" or force:
            self._refresh_run()
        if key == self._key and not force:
            return
        self._key = key
        if node is None:
            self.inv = None
            self.query_one("#node-title", Static).update("waiting for the first invocation…")
            self.query_one("#node-bar", CoverageBar).set_data(None)
            return
        if node.inv != self.inv:
            self.focus_offset = None
        self.inv = node.inv
        assert bar is not None
        self.gaps = bar.gaps
        self.query_one("#node-bar", CoverageBar).set_data(bar)
        read = sum(e - s for s, e in bar.covered) / max(1, node.end - node.start)
        self.query_one("#node-title", Static).update(self._title(node, read))
        self._show_text(node, bar.gaps, transcript, fragments, text_note)
        self.query_one("#node-actions", Static).update(self._actions(node))
        self._fill_calls(node)
        self.query_one("#node-extraction", Static).update(self._extraction(node))
        self._fill_anchors("node-anchors", (node.extraction or {}).get("anchors"), transcript)

    def _fill_anchors(self, list_id: str, anchors: Any, transcript: Transcript | None) -> None:
        """One line per anchor (span, file:line, a short quote), each selectable."""
        key = (id(anchors), len(anchors) if isinstance(anchors, list) else 0,
               transcript is not None)
        if self._anchor_keys.get(list_id) == key:
            return
        self._anchor_keys[list_id] = key
        t = transcript
        rows = anchor_rows(
            anchors,
            text=(lambda a, b: t.text(a, b)) if t is not None else None,
            label=(lambda a, b: t.anchor_label(a, b)) if t is not None and t.messages else None)
        widget = self.query_one(f"#{list_id}", OptionList)
        widget.clear_options()
        # ids by position: two anchors may hold the same bytes
        widget.add_options([Option(Text(r.line()), id=f"{list_id}:{i}:{r.start}-{r.end}")
                            for i, r in enumerate(rows)])
        widget.set_class(not rows, "-empty")
        widget.border_title = f"anchors ({len(rows)}): enter shows the bytes" if rows else ""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.has_class("anchors") and event.option.id:
            a, b = event.option.id.rsplit(":", 1)[1].split("-")
            event.stop()
            self.post_message(self.AnchorSelected((int(a), int(b))))

    def _title(self, n: NodeState, read: float | None = None) -> Text:
        glyph, colour, word = STATUS.get(n.status, STATUS["running"])
        t = Text()
        t.append(f"{glyph} {word} ", style=f"bold {colour}")
        t.append(f"{n.inv}", style="bold")
        t.append(f"  {n.mode} · depth {n.depth} · scope [{n.start}, {n.end}) "
                 f"{exact_size(n.end - n.start)} · ")
        if n.status == "running" and read is not None:
            t.append(f"read {pct(read)} · done {pct(n.done)}")
        else:
            t.append(f"covered {pct(n.coverage)}")
        if n.action_budget:
            t.append(f" · actions {len(n.actions)}/{n.action_budget}")
        if n.rejected:
            t.append(f" · {len(n.rejected)} done rejected", style="magenta")
        if n.reused:
            t.append(" · reused from memo", style="dim")
        if n.question:
            t.append(f"\nquestion: {n.question}", style="italic")
        if n.reason:
            t.append(f"\nreason: {n.reason}", style=colour)
        return t

    def _show_text(self, node: NodeState, gaps: list[Span], transcript: Transcript | None,
                   fragments: list[dict[str, Any]] | None, note: str = "") -> None:
        widget = self.query_one("#node-text", Static)
        if transcript is not None and node.end <= len(transcript):
            widget.update(scope_text(transcript, node, gaps, self.focus_offset))
            self.query_one("#text-scroll", VerticalScroll).scroll_home(animate=False)
            return
        t = Text()
        if transcript is not None:
            note = f"the scope ends past the {len(transcript):,} bytes loaded"
        t.append(f"{note or 'loading the source text…'}; what the run recorded:\n",
                 style="dim")
        t.append(f"reads: {format_spans(merge(node.reads)) or 'none'}\n")
        t.append(f"gaps: {format_spans(gaps) or 'none'}\n", style="red" if gaps else "green")
        for f in fragments or []:
            t.append(f"[{f['start']}, {f['end']}) {f['category']}: ", style="bold")
            t.append(f"{f['preview']}\n")
        widget.update(t)

    def _actions(self, n: NodeState) -> RenderableType:
        if not n.actions and not n.rejected:
            return Text("no actions (a leaf or fold reads its scope whole)", style="dim")
        table = Table("#", "action", "arguments", "ok", "result", expand=True,
                      show_edge=False, pad_edge=False)
        for a in n.actions:
            table.add_row(str(a.n), a.action, escape(_json(a.args)[:200]),
                          Text("✔", "green") if a.ok else Text("✖", "red"),
                          escape(a.result[:300]))
        parts: list[RenderableType] = [table]
        for r in n.rejected:
            parts.append(Text(f"✗ done rejected: {r.reason} — gaps {format_spans(r.gaps)}",
                              style="magenta"))
        return Group(*parts)

    def _call_rows(self, n: NodeState) -> list[tuple[Text, ...]]:
        """One row per provider call of ``n``, in order (the Calls tab's columns; plain
        text, never markup: a model's name is the server's)."""
        rows: list[tuple[Text, ...]] = []
        for i, (c, (usable, words)) in enumerate(zip(n.calls, call_results(n), strict=True)):
            est = "~" if c.estimated else ""
            latency = "—" if self.deterministic else f"{c.latency_ms:,.0f} ms"
            figures = (f"{est}{c.tokens_in:,}", f"{est}{c.tokens_out:,}", latency,
                       f"{c.cost:.4f}", str(c.retries))
            rows.append((Text(str(i + 1)), Text(c.purpose),
                         Text("ok", "green") if usable else Text(f"✖ {words}", "red"),
                         *(Text(x) for x in figures)))
        return rows

    def _calls_total(self, n: NodeState) -> Text:
        if not n.calls:
            return Text("no provider calls", style="dim")
        tin = sum(c.tokens_in for c in n.calls)
        tout = sum(c.tokens_out for c in n.calls)
        calls = f"{len(n.calls)} call{'s' if len(n.calls) != 1 else ''}"
        t = Text(f"{calls} · {tin:,} tokens in · {tout:,} out · "
                 f"cost {sum(c.cost for c in n.calls):.4f}")
        t.append(" · enter on a call opens its request and reply", style="dim")
        return t

    def _calls(self, n: NodeState) -> RenderableType:
        """The Calls tab as one renderable: the rows, then the totals."""
        if not n.calls:
            return self._calls_total(n)
        table = Table(*CALL_COLUMNS, expand=True, show_edge=False, pad_edge=False)
        for row in self._call_rows(n):
            table.add_row(*row)
        return Group(table, self._calls_total(n))

    def _fill_calls(self, n: NodeState) -> None:
        """The Calls tab's table (a row a call: enter opens it), rebuilt only when the
        node's calls or how they went change."""
        rows = self._call_rows(n)
        key = (n.inv, tuple(tuple(str(x) for x in r) for r in rows))
        table = self.query_one("#node-calls-table", DataTable)
        if key != self._calls_key:
            same_node = self._calls_key is not None and self._calls_key[0] == n.inv
            keep = table.cursor_row if same_node else 0
            self._calls_key = key
            if not table.columns:
                for name in CALL_COLUMNS:
                    table.add_column(name, key=name)
            table.clear()
            for c, row in zip(n.calls, rows, strict=True):
                table.add_row(*row, key=str(c.seq))
            if rows:
                table.move_cursor(row=min(keep, len(rows) - 1), animate=False)
            table.display = bool(rows)
        self.query_one("#node-calls", Static).update(self._calls_total(n))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "node-calls-table" and self.inv and event.row_key.value:
            event.stop()
            self.post_message(self.CallSelected(self.inv, int(event.row_key.value)))

    def _extraction(self, n: NodeState) -> RenderableType:
        ex = n.extraction
        if not ex:
            return Text("no extraction (yet)" if n.status == "running" else
                        "no extraction: this invocation did not complete", style="dim")
        return _entry(ex)

    def _show_run(self, state: RunState, started: RunStarted | None,
                  transcript: Transcript | None = None) -> None:
        t = Text()
        glyph, colour, word = STATUS.get(state.status, STATUS["running"])
        t.append(f"{glyph} run {state.run_id} {word}", style=f"bold {colour}")
        if state.status in ("running", "pending"):
            root = state.nodes.get(state.root or "")
            bar = run_bar(state)
            read = sum(e - s for s, e in bar.covered) / max(1, state.input_bytes)
            t.append(f" · read {pct(read)} · done "
                     f"{pct(root.done if root is not None else 0.0)}\n")
        else:
            t.append(f" · coverage {pct(state.coverage)}\n")
        t.append(f"input: {exact_size(state.input_bytes)}\n")
        t.append(f"source: {state.source}\n")
        if state.source_account is not None:
            t.append(f"input: {state.source_account.human()}; coverage is of the rendering\n",
                     style="dim")
        t.append(f"strategy: {state.strategy} — {state.router_reason}\n")
        t.append(f"provider: {state.provider} {state.model}\n")
        if state.parent_run_id:
            t.append(f"re-run of / resumes: {state.parent_run_id}\n", style="cyan")
        if state.question:
            t.append(f"question: {state.question}\n", style="italic")
        if state.reason:
            t.append(f"reason: {state.reason}\n", style=colour)
        if state.gaps and state.status not in ("running", "pending"):
            t.append(f"residual gaps: {format_spans(state.gaps)}\n", style="red")
        parts: list[RenderableType] = [t]
        counts = chunk_counts(state, started)
        if counts is not None:
            parts.append(Text(f"chunks read: {counts[0]} of {counts[1]} planned", style="bold"))
            outline = outline_entries(state)
            if outline:
                table = Table("lines", "outline", expand=True, show_edge=False, title="outline")
                if len(outline) > 40:
                    parts.append(Text(f"… {len(outline) - 40} earlier outline entries",
                                      style="dim"))
                for e in outline[-40:]:
                    lines = f"{e.start_line}"
                    if e.end_line:
                        lines += f"–{e.end_line}"
                    table.add_row(lines, escape((e.title or _json(e.model_dump()))[:160]))
                parts.append(table)
        validation = validation_actions(state)
        if validation or progress_view(state) == "validation":
            table = Table("round", "ok", "validation", expand=True, show_edge=False,
                          title="compaction validation")
            for a in (v.as_action() for v in validation):
                table.add_row(str(a.n), Text("✔", "green") if a.ok else Text("✖", "red"),
                              escape(a.result + " " + _json(a.args)[:200]))
            parts.append(table if validation else Text("no validation yet", style="dim"))
        if state.entry:
            parts.append(Text("entry", style="bold underline"))
            parts.append(_entry(state.entry))
        self.query_one("#run-info", Static).update(Group(*parts))
        self._fill_anchors("run-anchors", (state.entry or {}).get("anchors"), transcript)


# The extraction's lists shown as lists (the rest of its optional fields as JSON).
_LISTS = (("decisions", "decided"), ("actions", "to do"), ("files", "files changed"),
          ("commands", "commands"), ("errors", "errors"))


def _entry(ex: dict[str, Any]) -> RenderableType:
    t = Text()
    if ex.get("skipped"):
        t.append(f"skipped: {ex.get('skip_reason') or 'non-substantive'}\n", style="grey62")
    if ex.get("headline"):
        t.append(f"{ex['headline']}\n", style="bold")
    if ex.get("summary"):
        t.append(f"{ex['summary']}\n")
    if ex.get("topics"):
        t.append("topics: " + ", ".join(map(str, ex["topics"])) + "\n", style="cyan")
    for q in ex.get("open_questions") or []:
        t.append(f"? {q}\n", style="yellow")
    for key, label in _LISTS:
        items = ex.get(key)
        if isinstance(items, list) and items:
            t.append(f"{label}:\n", style="bold")
            for item in items:
                t.append(f"  - {item}\n")
    anchors = ex.get("anchors") or []
    if anchors:
        t.append(f"anchors: {len(anchors)}, listed below (enter on one shows its bytes)\n",
                 style="dim")
    rest = {k: v for k, v in ex.items()
            if k not in ("skipped", "skip_reason", "headline", "summary", "topics",
                         "open_questions", "anchors", *(key for key, _ in _LISTS)) and v}
    if rest:
        t.append(_json(rest)[:800] + "\n", style="dim")
    return t
