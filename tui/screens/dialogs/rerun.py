"""The re-run dialog: re-run an incomplete or failed scope, optionally with another provider,
model, budgets (calls, tokens, seconds) and, for a recursive run, read window or action
budget. Enter in a field submits."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from engine import PROVIDERS, Settings, settings_error
from engine.core.state import NodeState

# the settings only a recursive run reads (a tree or one-shot run has no read window)
RECURSIVE_ONLY = ("read_window", "max_actions")
BUDGETS = (("max_calls", "max calls"), ("max_tokens", "max tokens"),
           ("max_seconds", "max seconds"))


def applies(strategy: str, name: str) -> bool:
    """Does setting ``name`` change a re-run of a ``strategy`` run? (unknown: offer it)"""
    return name not in RECURSIVE_ONLY or strategy in ("", "auto", "recursive")


def _number(text: str) -> Any:
    value: Any = text.strip()
    if value.isdigit():
        return int(value)
    try:
        return float(value)
    except ValueError:
        return value  # the settings model says what is wrong with it


def rerun_overrides(base: Settings, provider: str | None, model: str, read_window: str,
                    max_actions: str, budgets: dict[str, str] | None = None
                    ) -> tuple[dict[str, Any], Settings]:
    """The overrides the form asks for, validated against the settings model (a budget left
    empty keeps the settings' own)."""
    overrides: dict[str, Any] = {}
    if provider and provider != base.provider:
        overrides["provider"] = provider
    if model.strip() and model.strip() != base.model:
        overrides["model"] = model.strip()
    fields = [("read_window", read_window), ("max_actions", max_actions),
              *(budgets or {}).items()]
    for name, text in fields:
        value: Any = text.strip()
        if value:
            value = _number(value)
            if value != getattr(base, name):
                overrides[name] = value
    merged = Settings(**{**base.model_dump(), **overrides})
    return overrides, merged


class RerunDialog(ModalScreen[dict[str, Any] | None]):
    """Returns the setting overrides for the re-run, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "submit", "Re-run", priority=True),
    ]

    CSS_PATH = Path(__file__).with_name("rerun.tcss")

    def __init__(self, run_id: str, node: NodeState, settings: Settings,
                 strategy: str = "") -> None:
        super().__init__()
        self.run_id = run_id
        self.node = node
        self.base = settings
        self.strategy = strategy

    def compose(self) -> ComposeResult:
        n = self.node
        with Vertical():
            yield Static(f"[b]Re-run {n.inv}[/b] of run {self.run_id}: {n.status}, scope "
                         f"[{n.start}, {n.end}) ({n.end - n.start:,} bytes)\n"
                         "Completed invocations are reused, not sent again; the ancestors are "
                         "recomposed so the root can reach 100 %.", id="rerun-intro")
            with Grid():
                yield Label("provider")
                yield Select([(p, p) for p in PROVIDERS], value=self.base.provider,
                             allow_blank=False, id="rerun-provider")
                yield Label("model")
                yield Input(self.base.model, placeholder="(provider default)", id="rerun-model")
                recursive = applies(self.strategy, "read_window")
                yield Label("read window", classes="" if recursive else "-hidden")
                yield Input(str(self.base.read_window), id="rerun-window", type="integer",
                            classes="" if recursive else "-hidden")
                yield Label("action budget", classes="" if recursive else "-hidden")
                yield Input(str(self.base.max_actions), id="rerun-actions", type="integer",
                            classes="" if recursive else "-hidden")
                for name, label in BUDGETS:
                    value = getattr(self.base, name)
                    yield Label(label)
                    yield Input("" if value is None else f"{value:g}", id=f"rerun-{name}",
                                placeholder="no limit", type="number")
            note = ("Budgets left empty mean no limit; enter in a field re-runs." if recursive
                    else f"A {self.strategy} run has no read window or action budget (only "
                    "recursive runs do). Budgets left empty mean no limit; enter re-runs.")
            yield Static(note, id="rerun-note")
            yield Static("", id="rerun-error")
            with Horizontal():
                yield Button("Cancel", id="rerun-cancel")
                yield Button("Re-run", variant="primary", id="rerun-go")

    def _values(self) -> tuple[dict[str, Any], Settings] | str:
        provider = self.query_one("#rerun-provider", Select).value
        try:
            return rerun_overrides(
                self.base, str(provider) if provider is not Select.NULL else None,
                self.query_one("#rerun-model", Input).value,
                self.query_one("#rerun-window", Input).value,
                self.query_one("#rerun-actions", Input).value,
                {name: self.query_one(f"#rerun-{name}", Input).value for name, _ in BUDGETS},
            )
        except ValidationError as exc:
            return settings_error(exc)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._validate()

    def _validate(self) -> bool:
        got = self._values()
        err = self.query_one("#rerun-error", Static)
        if isinstance(got, str):
            err.update(got)
            self.query_one("#rerun-go", Button).disabled = True
            return False
        err.update("")
        self.query_one("#rerun-go", Button).disabled = False
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rerun-go":
            self.action_submit()
        else:
            self.action_cancel()

    def action_submit(self) -> None:
        got = self._values()
        if isinstance(got, str):
            self.query_one("#rerun-error", Static).update(got)
            return
        self.dismiss(got[0])

    def action_cancel(self) -> None:
        self.dismiss(None)
