"""Provider settings as a form built from the same pydantic model as the config file,
validated as you type; "test connection" sends a tiny request; save writes the file atomically."""

from __future__ import annotations

import json
import os
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from gapless.engine import (
    PROVIDERS,
    Provider,
    Settings,
    read_config_file,
    settings_error,
    write_config_file,
)
from gapless.tui.screens.dialogs.confirm import ConfirmDialog
from gapless.tui.viewmodel.connection import check_connection
from gapless.tui.workbench import Workbench, workbench

# (field, help) in the order the form shows them (the providers' help: provider_help)
FIELDS: tuple[tuple[str, str], ...] = (
    ("provider", ""),
    ("base_url", "server URL for openai-compatible providers"),
    ("model", "model name (empty: the provider's default)"),
    ("api_key_env", "NAME of the environment variable holding the key (never the key)"),
    ("extras", "extra request fields, as a JSON object"),
    ("context_tokens", "usable context of the model, in tokens"),
    ("concurrency", "model calls at once"),
    ("timeout_seconds", "seconds one call may take before it is retried"),
    ("max_retries", "retries on 429, 5xx, timeouts"),
    ("max_calls", "budget: stop after N calls (empty: none)"),
    ("max_tokens", "budget: stop after N tokens (empty: none)"),
    ("max_cost", "budget: stop after this cost (empty: none)"),
    ("max_seconds", "budget: stop after S seconds (empty: none)"),
    ("read_window", "recursion: bytes one read_range may return"),
    ("max_actions", "recursion: actions per invocation"),
    ("spawn_fraction", "recursion: largest child as a fraction of its parent (≤ 0.5)"),
    ("script", "scripted provider: file of canned answers"),
)
NAMES = tuple(f for f, _ in FIELDS)


def provider_help() -> str:
    """The providers registered now (engine.registry), in order, the offline ones marked:
    one a plugin adds is listed as the built-in ones are."""
    return ", ".join(f"{e.name} (offline)" if e.offline else e.name
                     for e in PROVIDERS.entries())


def help_for(name: str, text: str) -> str:
    """A field's help line (the provider's is made from the registry when it is shown)."""
    return provider_help() if name == "provider" else text


def _is_literal(field: str) -> bool:
    ann = Settings.model_fields[field].annotation
    return typing.get_origin(ann) is typing.Literal


def _is_table(field: str) -> bool:
    ann = Settings.model_fields[field].annotation
    return ann is dict or typing.get_origin(ann) is dict


def _text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return json.dumps(value) if value else ""
    return str(value)


def form_to_data(raw: dict[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """Form strings -> setting values (pydantic coerces numbers); JSON errors by field."""
    data: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name, text in raw.items():
        field = Settings.model_fields[name]
        value = text.strip()
        if _is_table(name):
            if not value:
                data[name] = {}
                continue
            try:
                parsed = json.loads(value)
            except ValueError as exc:
                errors[name] = f"setting '{name}' is invalid: not JSON ({exc})"
                continue
            data[name] = parsed
        elif value == "":
            if field.default is None:
                data[name] = None
            # else: left out, so the default applies
        else:
            data[name] = value
    return data, errors


class SettingsScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_name("settings.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "save_typed", "Save", priority=True),
        Binding("ctrl+t", "test_typed", "Test connection", priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.valid: Settings | None = None
        self.errors: dict[str, str] = {}
        self.other: dict[str, Any] = {}
        self.saved: dict[str, str] | None = None  # the form as loaded or last saved

    @property
    def gapp(self) -> Workbench:
        """The settings and the provider factory this workbench shares."""
        return workbench(self)

    def _initial(self) -> Settings:
        path = self.gapp.config_file
        try:
            raw = read_config_file(path)
            self.other = {k: v for k, v in raw.items() if k not in NAMES}
            return Settings(**raw)
        except Exception:
            return self.gapp.settings

    def compose(self) -> ComposeResult:
        initial = self._initial()
        yield Static(f"[b]Settings[/b] — {self.gapp.config_file}", id="settings-title")
        with VerticalScroll(id="settings-form"), Grid(id="settings-grid"):
            for name, text in FIELDS:
                help_text = help_for(name, text)
                yield Label(name, classes="field-name")
                value = getattr(initial, name)
                if _is_literal(name):
                    ann = Settings.model_fields[name].annotation
                    yield Select([(v, v) for v in typing.get_args(ann)], value=value,
                                 allow_blank=False, id=f"s-{name}")
                else:
                    yield Input(_text_of(value), placeholder=help_text, id=f"s-{name}")
                yield Static(help_text, classes="field-help", id=f"h-{name}")
        yield Static("", id="settings-status")
        with Horizontal(id="settings-buttons"):
            yield Button("Test connection", id="settings-test")
            yield Button("Save", variant="primary", id="settings-save")
        yield Footer()

    def on_mount(self) -> None:
        self.validate_form()
        self.saved = self._raw()
        # the first text field, so that typing edits it and Enter saves
        first = next(iter(self.query(Input)), None)
        if first is not None:
            first.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field saves (the screen's default action)."""
        event.stop()
        self.action_save()

    @property
    def unsaved(self) -> bool:
        """Does the form differ from what was loaded or last saved?"""
        return self.saved is not None and self._raw() != self.saved

    def action_back(self) -> None:
        """Leave; with unsaved edits, ask first (save, discard, or keep editing)."""
        if not self.unsaved:
            self.app.pop_screen()
            return
        changed = [n for n, v in self._raw().items() if self.saved and v != self.saved[n]]

        def answered(choice: str | None) -> None:
            leave = choice == "discard" or (choice == "save" and self.action_save())
            if leave:
                self.app.pop_screen()

        answers = [("discard", "Discard"), ("keep", "Keep editing")]
        if self.valid is not None:
            answers.insert(1, ("save", "Save"))
        self.app.push_screen(ConfirmDialog(
            f"Discard the unsaved edits to {', '.join(changed)}?", answers), answered)

    def _raw(self) -> dict[str, str]:
        raw: dict[str, str] = {}
        for name in NAMES:
            w = self.query_one(f"#s-{name}")
            if isinstance(w, Select):
                raw[name] = "" if w.value is Select.NULL else str(w.value)
            else:
                assert isinstance(w, Input)
                raw[name] = w.value
        return raw

    def validate_form(self) -> Settings | None:
        """Validate every field now; mark the bad ones; return the settings when valid."""
        data, errors = form_to_data(self._raw())
        settings: Settings | None = None
        message = ""
        if not errors:
            try:
                settings = Settings(**{**self.other, **data})
            except ValidationError as exc:
                for err in exc.errors():
                    loc = err.get("loc") or ("",)
                    errors.setdefault(str(loc[0]), settings_error(exc))
                message = settings_error(exc)
            except Exception as exc:  # a bad value in the rest of the file
                message = str(exc)
        else:
            message = next(iter(errors.values()))
        self.errors = errors
        for name, text in FIELDS:
            bad = name in errors
            self.query_one(f"#s-{name}").set_class(bad, "-invalid")
            help_widget = self.query_one(f"#h-{name}", Static)
            help_widget.update(Text(errors[name], style="red") if bad
                               else help_for(name, text))
        status = self.query_one("#settings-status", Static)
        if settings is None:
            status.update(Text(f"✖ {message or 'invalid settings'}", style="bold red"))
        else:
            line = Text("✔ valid — ctrl+s saves, ctrl+t tests the connection", style="green")
            var = settings.key_env
            if var:  # say whether the key is there, never what it is
                present = bool(os.environ.get(var, "").strip())
                line.append(f" · the key variable ${var} is {'set' if present else 'NOT set'}",
                            style="green" if present else "bold yellow")
            status.update(line)
        self.query_one("#settings-save", Button).disabled = settings is None
        self.valid = settings
        return settings

    def on_input_changed(self, event: Input.Changed) -> None:
        self.validate_form()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.validate_form()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "settings-save":
            self.action_save()
        elif event.button.id == "settings-test":
            self.action_test()

    def _after_typing(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once the focused field has handled the keys typed before this
        one: a priority binding is dispatched before the keys queued for the field, so a
        save pressed 50 ms after typing would otherwise read the value before them."""
        focused = self.focused
        if focused is not None:
            focused.call_later(callback)
        else:
            self.call_later(callback)

    def action_save_typed(self) -> None:
        self._after_typing(self.action_save)

    def action_test_typed(self) -> None:
        self._after_typing(self.action_test)

    def action_save(self) -> bool:
        settings = self.validate_form()
        if settings is None:
            self.notify("not saved: fix the invalid settings first", severity="error")
            return False
        path: Path = self.gapp.config_file
        try:
            table = read_config_file(path)
        except Exception:
            table = {}
        dumped = settings.model_dump()
        defaults = Settings()
        for name in NAMES:
            value = dumped[name]
            if value is None or (value == getattr(defaults, name) and name != "provider"):
                table.pop(name, None)
            else:
                table[name] = value
        try:
            write_config_file(path, table)
        except OSError as exc:
            self.notify(f"cannot write {path}: {exc.strerror}", severity="error")
            return False
        self.saved = self._raw()
        self.gapp.reload_settings()
        self.notify(f"saved to {path}", title="settings")
        self.query_one("#settings-status", Static).update(
            Text(f"✔ saved to {path}", style="bold green"))
        return True

    def action_test(self) -> None:
        settings = self.validate_form()
        if settings is None:
            self.notify("fix the invalid settings before testing", severity="error")
            return
        self.query_one("#settings-status", Static).update(
            Text(f"testing {settings.provider} {settings.model or ''}…", style="yellow"))
        self._test(settings)

    @work(exclusive=True, group="settings-test")
    async def _test(self, settings: Settings) -> None:
        line = await test_connection(settings, self.gapp.make_provider)
        self.query_one("#settings-status", Static).update(line)


async def test_connection(settings: Settings, factory: Callable[[Settings], Provider]) -> Text:
    """Send one tiny request: the model and latency, or one sentence saying why not."""
    got = await check_connection(settings, factory)
    return Text(f"{'✔' if got.ok else '✖'} {got.sentence}",
                style="bold green" if got.ok else "bold red")
