"""The journal: entries by week, day and project with their weekly rollups and the why view of
any entry; and the list of runs (attach to any of them)."""

from __future__ import annotations

import time
from datetime import date
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.markdown import Markdown
from rich.markup import escape
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane, Tree

from gapless.engine import INTERRUPTED, SKIP_REASONS, week_of
from gapless.tui.messages import IngestRequested, OpenRunRequested, SummarizeGroupRequested
from gapless.tui.viewmodel.formatting import STATUS, pct
from gapless.tui.workbench import Workbench, workbench

RUNS_LIMIT = 500


class JournalScreen(Screen[None]):
    """Home screen: the journal and the runs."""

    CSS_PATH = Path(__file__).with_name("journal.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "why", "Why (open run)"),
        Binding("a", "anyway", "Summarize anyway"),
        Binding("f5,ctrl+r", "reload", "Reload"),
        Binding("i", "ingest", "Ingest"),
        Binding("1", "tab('tab-entries')", "Entries", show=False),
        Binding("2", "tab('tab-runs')", "Runs", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._weeks_loaded: set[str] = set()
        self.shown = ""  # the plain text of the detail pane

    @property
    def gapp(self) -> Workbench:
        """The records and the settings this workbench shares."""
        return workbench(self)

    def compose(self) -> ComposeResult:
        yield Static("[b]Gapless[/b] — journal and runs", id="journal-title")
        progress = Static("", id="journal-progress")
        progress.display = False  # shown while an ingest goes on, and its last word after
        yield progress
        with TabbedContent(id="journal-tabs"):
            with TabPane("Entries", id="tab-entries"), Horizontal():
                tree: Tree[dict[str, Any]] = Tree("journal", id="journal-tree")
                tree.show_root = False
                yield tree
                with VerticalScroll(id="journal-side"):
                    yield Static("", id="journal-detail")
            with TabPane("Runs", id="tab-runs"):
                yield DataTable(id="runs-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    async def on_mount(self) -> None:
        table = self.query_one("#runs-table", DataTable)
        table.add_columns("run", "started", "kind", "status", "coverage", "gaps", "calls",
                          "parent", "source")
        await self.reload()

    async def on_screen_resume(self) -> None:
        await self.reload()

    async def action_reload(self) -> None:
        await self.reload()

    def action_tab(self, tab: str) -> None:
        self.query_one("#journal-tabs", TabbedContent).active = tab

    async def reload(self) -> None:
        """Read the journal and the runs again; the tree keeps the focus it had, and the
        right pane shows what the cursor is on (or says what to do)."""
        tree = self.query_one("#journal-tree", Tree)
        had_focus = self.focused is tree or self.focused is None
        await self._load_weeks()
        await self._load_runs()
        if had_focus and self.query_one("#journal-tabs", TabbedContent).active == \
                "tab-entries":
            tree.focus()
        node = tree.cursor_node
        if node is not None and node.data:
            self._show(node.data)

    def action_ingest(self) -> None:
        """Ingest the configured sources (``gapless summarize`` without a path) here."""
        self.post_message(IngestRequested())

    async def show_progress(self, text: str, *, done: bool = False) -> None:
        """The ingest's progress line; when it has ended, the journal read again."""
        line = self.query_one("#journal-progress", Static)
        line.display = True
        line.update(Text(text, style="bold green" if done else "yellow"))
        if done:
            await self.reload()

    # entries -----------------------------------------------------------------------------
    async def _load_weeks(self) -> None:
        counts: dict[str, list[int]] = {}
        for day_count in await self.gapp.records.day_counts():
            try:
                monday = week_of(date.fromisoformat(day_count.date))[0].isoformat()
            except ValueError:
                continue
            c = counts.setdefault(monday, [0, 0])
            c[0] += day_count.entries
            c[1] += day_count.skips
        tree = self.query_one("#journal-tree", Tree)
        expanded = {n.data["week"] for n in tree.root.children if n.is_expanded and n.data}
        tree.clear()
        self._weeks_loaded.clear()
        if not counts:
            tree.root.add_leaf(Text("no journal entries yet — run `gapless summarize` without "
                                    "a path, or open a run from the Runs tab", style="dim"))
            self.query_one("#journal-detail", Static).update(
                "The journal is empty: i ingests the sources (as `gapless summarize` without "
                "a path). Runs of any kind are listed on the Runs tab (2).")
            return
        self.shown = ""
        self.query_one("#journal-detail", Static).update(Text(
            "Select a week, a day or an entry: its text and its weekly rollup show here.",
            style="dim"))
        for monday in sorted(counts, reverse=True):
            e, s = counts[monday]
            label = Text.assemble((f"week of {monday}", "bold"), f"  {e} entries",
                                  (f" · {s} skipped" if s else "", "grey62"))
            node = tree.root.add(label, data={"week": monday}, allow_expand=True)
            if monday in expanded:
                node.expand()

    async def _load_week(self, node: Any) -> None:
        monday = node.data["week"]
        if monday in self._weeks_loaded:
            return
        self._weeks_loaded.add(monday)
        entries, skips = await self.gapp.records.week(date.fromisoformat(monday))
        days: dict[str, list[dict[str, Any]]] = {}
        for e in entries:
            days.setdefault(e.date, []).append({"kind": "entry", "date": e.date,
                                                "project": e.project, "headline": e.headline,
                                                "stale": e.stale, "run_id": e.run_id})
        for k in skips:
            days.setdefault(k.date, []).append({"kind": "skip", "date": k.date,
                                                "project": k.project, "reason": k.reason,
                                                "detail": k.detail, "run_id": k.run_id})
        for d in sorted(days, reverse=True):
            day = node.add(Text(d, style="bold"), data={"day": d, "week": monday}, expand=True)
            for item in days[d]:
                if item["kind"] == "entry":
                    label = Text.assemble(("✔ ", "green"), (item["project"], "bold"), "  ",
                                          item["headline"][:80],
                                          (" (stale)" if item["stale"] else "", "yellow"))
                else:
                    label = Text.assemble(("⊘ ", "grey62"), (item["project"], "bold"),
                                          (f"  skipped: {item['reason']}", "grey62"))
                day.add_leaf(label, data=item)

    async def on_tree_node_expanded(self, event: Tree.NodeExpanded[Any]) -> None:
        if event.node.data and "week" in event.node.data and "day" not in event.node.data:
            await self._load_week(event.node)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[Any]) -> None:
        if event.node.data:
            self._show(event.node.data)

    def on_tree_node_selected(self, event: Tree.NodeSelected[Any]) -> None:
        data = event.node.data or {}
        if data.get("kind") == "entry":
            self.action_why()

    @work(exclusive=True, group="journal-detail")
    async def _show(self, data: dict[str, Any]) -> None:
        out = self.query_one("#journal-detail", Static)
        records = self.gapp.records
        if "kind" not in data:
            day = date.fromisoformat(data.get("day") or data["week"])
            rollup = await records.rollup(day, None)
            self.shown = rollup.markdown()
            out.update(Markdown(self.shown))
            return
        parts: list[Any] = []
        if data["kind"] == "entry":
            row = await records.entry(data["date"], data["project"])
            if row:
                head, summary, topics, oqs, run_id, stale = (
                    row.headline, row.summary, row.topics, row.open_questions, row.run_id,
                    row.stale)
                t = Text()
                t.append(f"{data['date']} · {data['project']}\n", style="bold cyan")
                t.append(f"{head}\n", style="bold")
                t.append(f"{summary}\n\n")
                t.append("topics: " + ", ".join(topics) + "\n", style="cyan")
                for q in oqs:
                    t.append(f"? {q}\n", style="yellow")
                if stale:
                    t.append("stale: a source changed since; summarize again\n", style="yellow")
                if run_id:
                    run = await records.run(run_id)
                    if run:
                        t.append(f"\nrun {run_id}: {run.status} {pct(run.coverage)} · "
                                 f"{run.calls} calls · w: why (the invocation tree)\n",
                                 style="dim")
                parts.append(t)
        else:
            t = Text()
            t.append(f"{data['date']} · {data['project']}\n", style="bold cyan")
            t.append(f"⊘ skipped: {data['reason']} — {SKIP_REASONS.get(data['reason'], '')}\n",
                     style="grey62")
            t.append(f"{data['detail']}\n")
            t.append("\na: summarize anyway" + (" · w: why" if data.get("run_id") else "") + "\n",
                     style="dim")
            parts.append(t)
        rollup = await records.rollup(date.fromisoformat(data["date"]), data["project"])
        parts.append(Text("\nweekly rollup", style="bold underline"))
        parts.append(Markdown(rollup.markdown()))
        self.shown = "\n".join(p.plain if isinstance(p, Text) else "" for p in parts) + \
            rollup.markdown()
        out.update(Group(*parts))

    # runs --------------------------------------------------------------------------------
    async def _load_runs(self) -> None:
        table = self.query_one("#runs-table", DataTable)
        rows = await self.gapp.records.runs(RUNS_LIMIT)
        table.clear()
        for r in rows:
            glyph, colour, word = (("◐", "red", INTERRUPTED) if r.interrupted
                                   else STATUS.get(r.status, STATUS["running"]))
            started = "—" if self.gapp.deterministic else time.strftime(
                "%Y-%m-%d %H:%M", time.localtime(r.created_at))
            table.add_row(r.id, started, r.kind, Text(f"{glyph} {word}", style=colour),
                          pct(r.coverage), str(len(r.gaps)), str(r.calls),
                          r.parent_run_id or "", escape(r.source[-60:]), key=r.id)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """The tab's list takes the focus, so that Enter opens what its cursor is on
        without a Tab first."""
        pane = event.pane.id
        target = "#runs-table" if pane == "tab-runs" else "#journal-tree"
        self.query_one(target).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "runs-table" and event.row_key.value:
            self.post_message(OpenRunRequested(str(event.row_key.value)))

    # actions -----------------------------------------------------------------------------
    def _current(self) -> dict[str, Any] | None:
        tabs = self.query_one("#journal-tabs", TabbedContent)
        if tabs.active == "tab-runs":
            table = self.query_one("#runs-table", DataTable)
            if table.row_count:
                key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
                return {"kind": "run", "run_id": key}
            return None
        node = self.query_one("#journal-tree", Tree).cursor_node
        return node.data if node is not None else None

    def action_why(self) -> None:
        data = self._current() or {}
        if data.get("run_id"):
            self.post_message(OpenRunRequested(data["run_id"]))
        else:
            self.notify("select an entry (or a skip that had a run) to see why")

    def action_anyway(self) -> None:
        data = self._current() or {}
        if data.get("kind") != "skip":
            self.notify("select a skipped group to summarize it anyway")
            return
        self.post_message(SummarizeGroupRequested(data["date"], data["project"]))
