"""The re-run dialog: re-run an incomplete or failed scope. It starts from the run's own
provider, base URL, model, key variable, window and budgets (what ``RunStarted`` recorded),
so pressing Re-run sends the scope to the server the run used; every one of them can be
changed, and "test connection" (ctrl+t) checks the server before anything is sent. Enter in a
field submits."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gapless.engine import PROVIDERS, STRATEGIES, Settings, settings_error
from gapless.engine.core.state import NodeState, RunState
from gapless.tui.viewmodel.connection import check_connection
from gapless.tui.workbench import workbench

# the settings only a recursive run reads (a tree or one-shot run has no read window)
BUDGETS = (("max_calls", "max calls"), ("max_tokens", "max tokens"),
           ("max_cost", "max cost"), ("max_seconds", "max seconds"))
# (setting, label, input id) of the text fields, in the order shown
FIELDS = (
    ("base_url", "base URL", "rerun-base_url"),
    ("model", "model", "rerun-model"),
    ("api_key_env", "key variable", "rerun-api_key_env"),
    ("context_tokens", "window (tokens)", "rerun-context_tokens"),
    ("read_window", "read window", "rerun-window"),
    ("max_actions", "action budget", "rerun-actions"),
    *((name, label, f"rerun-{name}") for name, label in BUDGETS),
)
# What a re-run takes from the run it re-runs (the rest, e.g. the sources, is the app's).
CARRIED = ("provider", "base_url", "model", "api_key_env", "extras", "context_tokens",
           "concurrency", "timeout_seconds", "max_retries", "retry_base_seconds",
           "retry_max_seconds", "max_retry_after", "max_calls", "max_tokens", "max_cost",
           "max_seconds", "read_window", "max_actions", "spawn_fraction",
           "max_unusable_answers", "price_in_per_mtok", "price_out_per_mtok", "prices",
           "script")


def applies(strategy: str, name: str) -> bool:
    """Does setting ``name`` change a re-run of a ``strategy`` run? (unknown: offer it)"""
    entry = STRATEGIES.find(strategy)
    if entry is None or entry.routes:  # the router (or unknown): any may run
        return True
    owned = {n for e in STRATEGIES.entries() for n in e.own_settings}
    return name not in owned or name in entry.own_settings


def _masked(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_masked(v) for v in value.values())
    return value == "***"


def run_settings(app_settings: Settings, run: RunState | None) -> Settings:
    """The settings ``run`` was made with, as far as a re-run uses them: its provider, base
    URL, model, key variable, window, budgets and patience as ``RunStarted`` recorded them
    (``settings``; older runs: its provider, model and window), the app's for the rest."""
    if run is None:
        return app_settings
    data = app_settings.model_dump()
    recorded = run.settings or {}
    for name in CARRIED:
        if name in recorded:
            data[name] = recorded[name]
    if _masked(data.get("extras")):  # a secret extra is not stored: keep the app's own
        data["extras"] = app_settings.extras
    if "provider" not in recorded and run.provider in PROVIDERS:
        data["provider"] = run.provider
        if run.model and not PROVIDERS.get(run.provider).offline:
            data["model"] = run.model
    if "context_tokens" not in recorded and run.context_tokens:
        data["context_tokens"] = run.context_tokens
    try:
        return Settings(**data)
    except (ValidationError, TypeError):
        return app_settings


def _value(start: Settings, name: str, text: str) -> Any:
    """A field's text as a setting value: empty means none for the settings whose default is
    none (a budget: no limit; the base URL: the provider's own), the default otherwise."""
    value = text.strip()
    if value:
        return value  # pydantic coerces numbers and says what is wrong
    default = Settings.model_fields[name].default
    return None if default is None else default


def rerun_overrides(base: Settings, start: Settings, provider: str | None,
                    form: dict[str, str]) -> tuple[dict[str, Any], Settings]:
    """The settings the form asks for, validated against the settings model, as overrides of
    the app's settings ``base`` (what the launcher merges): ``start`` is what the form was
    filled from (the run's own settings), ``form`` the text of its fields by setting name."""
    data = start.model_dump()
    if provider:
        data["provider"] = provider
    for name, text in form.items():
        data[name] = _value(start, name, text)
    merged = Settings(**data)
    dumped = merged.model_dump()
    own = base.model_dump()
    overrides = {k: v for k, v in dumped.items() if v != own.get(k)}
    return overrides, merged


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class RerunDialog(ModalScreen[dict[str, Any] | None]):
    """Returns the setting overrides for the re-run, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "submit_typed", "Re-run", priority=True),
        Binding("ctrl+t", "test", "Test connection", priority=True),
    ]

    CSS_PATH = Path(__file__).with_name("rerun.tcss")
    # the first field a re-run usually changes is focused as the dialog is composed, not the
    # box around the fields (the default, "*") with the field's focus a moment later: Enter
    # pressed at once, on a loaded machine too, re-runs
    AUTO_FOCUS = "Input"

    def __init__(self, run_id: str, node: NodeState, settings: Settings,
                 strategy: str = "", run: RunState | None = None) -> None:
        super().__init__()
        self.run_id = run_id
        self.node = node
        self.base = settings
        self.start = run_settings(settings, run)
        self.strategy = strategy or (run.strategy if run is not None else "")

    def compose(self) -> ComposeResult:
        n = self.node
        s = self.start
        recursive = applies(self.strategy, "read_window")
        with VerticalScroll(id="rerun-box"):
            yield Static(f"[b]Re-run {n.inv}[/b] of run {self.run_id}: {n.status}, scope "
                         f"[{n.start}, {n.end}) ({n.end - n.start:,} bytes). Completed "
                         "invocations are reused; the ancestors are recomposed.",
                         id="rerun-intro")
            with Grid(id="rerun-grid"):
                yield Label("provider")
                yield Select([(p, p) for p in PROVIDERS], value=s.provider, compact=True,
                             allow_blank=False, id="rerun-provider")
                for name, label, wid in FIELDS:
                    hidden = "" if applies(self.strategy, name) else "-hidden"
                    yield Label(label, classes=hidden)
                    yield Input(_text(getattr(s, name)), id=wid, compact=True, classes=hidden,
                                placeholder=_placeholder(name))
            note = ("Empty budgets: no limit. enter re-runs · ctrl+t tests the connection."
                    if recursive else
                    f"A {self.strategy} run has no read window or action budget (only "
                    "recursive runs do). Empty budgets: no limit. enter re-runs · ctrl+t "
                    "tests the connection.")
            yield Static(note, id="rerun-note")
            yield Static("", id="rerun-status")
            yield Static("", id="rerun-error")
            with Horizontal(id="rerun-buttons"):
                yield Button("Test connection", id="rerun-test", compact=True)
                yield Button("Cancel", id="rerun-cancel", compact=True)
                yield Button("Re-run", variant="primary", id="rerun-go", compact=True)

    def on_mount(self) -> None:
        self._validate()
        # the first field a re-run usually changes, so that Enter re-runs at once (the
        # provider list first would open its dropdown instead)
        first = next((w for w in self.query(Input) if not w.has_class("-hidden")), None)
        if first is not None:
            first.focus()

    def _form(self) -> dict[str, str]:
        return {name: self.query_one(f"#{wid}", Input).value for name, _l, wid in FIELDS
                if applies(self.strategy, name)}

    def _values(self) -> tuple[dict[str, Any], Settings] | str:
        provider = self.query_one("#rerun-provider", Select).value
        try:
            return rerun_overrides(
                self.base, self.start,
                str(provider) if provider is not Select.NULL else None, self._form())
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
        self.query_one("#rerun-status", Static).update(self._target(got[1]))
        return True

    @staticmethod
    def _target(s: Settings) -> Text:
        """Where the re-run will send its requests, in one line."""
        if s.provider in PROVIDERS and PROVIDERS.get(s.provider).offline:
            return Text(f"→ {s.provider}: offline, no server", style="dim")
        where = s.base_url or "the provider's default URL"
        line = Text(f"→ {s.provider} {s.model or '(default model)'} at {where}", style="dim")
        if s.key_env:
            line.append(f" · key from ${s.key_env}", style="dim")
        return line

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rerun-go":
            self.action_submit()
        elif event.button.id == "rerun-test":
            self.action_test()
        else:
            self.action_cancel()

    def action_submit_typed(self) -> None:
        """ctrl+s: once the focused field has the keys typed before it (see Settings)."""
        focused = self.focused
        (focused or self).call_later(self.action_submit)

    def action_submit(self) -> None:
        got = self._values()
        if isinstance(got, str):
            self.query_one("#rerun-error", Static).update(got)
            return
        self.dismiss(got[0])

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_test(self) -> None:
        got = self._values()
        if isinstance(got, str):
            self.query_one("#rerun-error", Static).update(got)
            return
        settings = got[1]
        self.query_one("#rerun-status", Static).update(
            Text(f"testing {settings.provider} {settings.base_url or ''}…", style="yellow"))
        self._test(settings)

    @work(exclusive=True, group="rerun-test")
    async def _test(self, settings: Settings) -> None:
        got = await check_connection(settings, workbench(self).make_provider)
        self.query_one("#rerun-status", Static).update(
            Text(f"{'✔' if got.ok else '✖'} {got.sentence}",
                 style="bold green" if got.ok else "bold red"))


def _placeholder(name: str) -> str:
    if name in dict(BUDGETS):
        return "no limit"
    return {"base_url": "(the provider's default)", "model": "(the provider's default)",
            "api_key_env": "(none: no key)"}.get(name, "")
