"""The skip audit: every (day, project) group that ended without an entry, and why; filtered
by project, dates and reason, paged for large journals, with "summarize anyway"."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Select, Static

from gapless.engine import SKIP_REASONS, skip_report
from gapless.tui.messages import OpenRunRequested, SummarizeGroupRequested
from gapless.tui.workbench import Workbench, workbench

PAGE = 100


def _short(detail: str, limit: int = 120) -> str:
    """The detail for the table: whole when short, else cut at a space with an ellipsis (a
    figure like ``coverage 99.9%`` is never cut in the middle; the status line has it all)."""
    if len(detail) <= limit:
        return detail
    cut = detail.rfind(" ", 0, limit)
    return detail[: cut if cut > 0 else limit].rstrip(" ;,") + " …"


def valid_day(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


class SkipsScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_name("skips.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("pagedown,ctrl+n", "page(1)", "Next page", priority=True),
        Binding("pageup,ctrl+b", "page(-1)", "Prev page", priority=True),
        Binding("ctrl+a", "anyway", "Summarize anyway"),
        Binding("ctrl+w", "why", "Why"),
        Binding("ctrl+l", "clear_filters", "Clear filters"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.page = 0
        self.rows: list[dict[str, Any]] = []
        self.has_next = False
        self.loaded: tuple[dict[str, str | None], int] | None = None  # what the table shows
        self.filters: dict[str, str | None] = {"project": None, "since": None, "until": None,
                                               "reason": None}

    @property
    def gapp(self) -> Workbench:
        """The records this workbench shares."""
        return workbench(self)

    def compose(self) -> ComposeResult:
        yield Static("[b]Skipped groups[/b] — why each (day, project) has no entry",
                     id="skips-title")
        with Horizontal(id="skip-filters"):
            yield Input(placeholder="project", id="f-project")
            yield Input(placeholder="since YYYY-MM-DD", id="f-since")
            yield Input(placeholder="until YYYY-MM-DD", id="f-until")
            yield Select([(f"{k}", k) for k in sorted(SKIP_REASONS)], prompt="any reason",
                         id="f-reason")
        yield DataTable(id="skips-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="skips-status")
        yield Footer()

    async def on_mount(self) -> None:
        table = self.query_one("#skips-table", DataTable)
        table.add_columns("date", "project", "reason", "detail", "run")
        table.focus()
        await self.load()

    # filters -----------------------------------------------------------------------------
    def _read_filters(self) -> dict[str, str | None] | None:
        out: dict[str, str | None] = {}
        ok = True
        for key in ("project", "since", "until"):
            widget = self.query_one(f"#f-{key}", Input)
            value = widget.value.strip() or None
            bad = key != "project" and value is not None and not valid_day(value)
            widget.set_class(bad, "-invalid")
            ok = ok and not bad
            out[key] = value
        reason = self.query_one("#f-reason", Select).value
        out["reason"] = None if reason is Select.NULL else str(reason)
        return out if ok else None

    async def on_input_changed(self, event: Input.Changed) -> None:
        await self._refilter()

    async def on_select_changed(self, event: Select.Changed) -> None:
        await self._refilter()

    async def _refilter(self) -> None:
        filters = self._read_filters()
        if filters is None:
            self.query_one("#skips-status", Static).update(
                Text("a date must look like 2026-02-24", style="red"))
            return
        if filters != self.filters:
            self.filters = filters
            self.page = 0
            await self.load()

    def action_clear_filters(self) -> None:
        for key in ("project", "since", "until"):
            self.query_one(f"#f-{key}", Input).value = ""
        self.query_one("#f-reason", Select).clear()

    # data --------------------------------------------------------------------------------
    async def load(self) -> None:
        rows = [skip_report(r) for r in await self.gapp.records.skips(
            limit=PAGE + 1, offset=self.page * PAGE, **self.filters)]
        self.has_next = len(rows) > PAGE
        self.rows = rows[:PAGE]
        table = self.query_one("#skips-table", DataTable)
        table.clear()
        for i, r in enumerate(self.rows):
            table.add_row(r["date"], escape(r["project"]), Text(r["reason"], style="yellow"),
                          escape(_short(r["detail"])), r["run_id"] or "", key=str(i))
        first = self.page * PAGE + 1 if self.rows else 0
        active = ", ".join(f"{k}={v}" for k, v in self.filters.items() if v) or "none"
        status = Text()
        if not self.rows:  # the CLI's words for an empty list (gapless skipped)
            filtered = any(self.filters.values())
            status.append("no skipped groups" + (" with these filters" if filtered else ""),
                          style="bold")
            status.append(f" · filters: {active}" if filtered else "", style="dim")
            self.query_one("#skips-status", Static).update(status)
            self.loaded = (dict(self.filters), self.page)
            return
        status.append(f"page {self.page + 1} · rows {first}–{self.page * PAGE + len(self.rows)}",
                      style="bold")
        status.append(f"{' · more on the next page' if self.has_next else ''} · filters: "
                      f"{active} · ctrl+a: summarize the selected group anyway")
        if self.rows:
            reason = self.rows[0]["reason"]
            status.append(f"\n{reason}: {SKIP_REASONS.get(reason, '')}", style="dim")
        self.query_one("#skips-status", Static).update(status)
        self.loaded = (dict(self.filters), self.page)

    async def action_page(self, delta: int) -> None:
        if delta > 0 and not self.has_next:
            self.notify("this is the last page")
            return
        if delta < 0 and self.page == 0:
            return
        self.page += delta
        await self.load()

    def _selected(self) -> dict[str, Any] | None:
        table = self.query_one("#skips-table", DataTable)
        if not self.rows:
            return None
        return self.rows[min(table.cursor_row, len(self.rows) - 1)]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        row = self._selected()
        if row:
            self._explain(row)

    @work(exclusive=True)
    async def _explain(self, row: dict[str, Any]) -> None:
        status = self.query_one("#skips-status", Static)
        text = Text()
        text.append(f"page {self.page + 1}{' · more →' if self.has_next else ''} · ",
                    style="bold")
        text.append(f"{row['date']} {row['project']}: {row['reason']} — {row['explanation']}\n")
        text.append(row["detail"], style="dim")  # whole: as `gapless skipped` prints it
        status.update(text)

    def action_anyway(self) -> None:
        row = self._selected()
        if row is None:
            self.notify("no skipped group selected")
            return
        self.post_message(SummarizeGroupRequested(row["date"], row["project"]))

    def action_why(self) -> None:
        row = self._selected()
        if row and row.get("run_id"):
            self.post_message(OpenRunRequested(row["run_id"]))
        else:
            self.notify("this group was skipped before any model call: no run to show")
