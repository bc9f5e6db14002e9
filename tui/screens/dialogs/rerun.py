"""The re-run dialog: re-run an incomplete or failed scope, optionally with another provider,
model, read window or action budget."""

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


def rerun_overrides(base: Settings, provider: str | None, model: str, read_window: str,
                    max_actions: str) -> tuple[dict[str, Any], Settings]:
    """The overrides the form asks for, validated against the settings model."""
    overrides: dict[str, Any] = {}
    if provider and provider != base.provider:
        overrides["provider"] = provider
    if model.strip() and model.strip() != base.model:
        overrides["model"] = model.strip()
    for name, text in (("read_window", read_window), ("max_actions", max_actions)):
        value: Any = text.strip()
        if value:
            value = int(value) if value.isdigit() else value
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

    def __init__(self, run_id: str, node: NodeState, settings: Settings) -> None:
        super().__init__()
        self.run_id = run_id
        self.node = node
        self.base = settings

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
                yield Label("read window")
                yield Input(str(self.base.read_window), id="rerun-window", type="integer")
                yield Label("action budget")
                yield Input(str(self.base.max_actions), id="rerun-actions", type="integer")
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
            )
        except ValidationError as exc:
            return settings_error(exc)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._validate()

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
