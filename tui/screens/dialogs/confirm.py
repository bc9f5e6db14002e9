"""A question with a few answers as buttons (discard unsaved edits?)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmDialog(ModalScreen[str | None]):
    """Returns the id of the answer chosen, or None (escape: the last answer, "keep")."""

    CSS_PATH = Path(__file__).with_name("confirm.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Keep editing")]

    def __init__(self, question: str, answers: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers  # (id, label), the first is the default button

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="confirm-question")
            with Horizontal():
                for i, (key, label) in enumerate(self.answers):
                    yield Button(label, id=f"confirm-{key}",
                                 variant="warning" if i == 0 else "default")

    def on_mount(self) -> None:
        self.query_one(f"#confirm-{self.answers[-1][0]}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("confirm-") or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
