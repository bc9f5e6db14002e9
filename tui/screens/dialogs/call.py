"""One model call, opened from the Calls tab: the request as it was sent (system and prompt)
and the reply (or the error), each scrollable and selectable, as Posting shows a response."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, TabbedContent, TabPane, TextArea

from gapless.engine import CallBody
from gapless.engine.core.events import ProviderCall

NOT_KEPT = ("the request and reply of this call were not kept: bodies are kept for the "
            "newest runs of a model (not the offline provider's), unless the setting "
            "keep_call_bodies is off")


class CallDialog(ModalScreen[None]):
    """The request and the reply of one call (``body`` None: they were not kept)."""

    CSS_PATH = Path(__file__).with_name("call.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close"),
        Binding("1", "show('call-request')", "Request"),
        Binding("2", "show('call-reply')", "Reply"),
    ]

    def __init__(self, call: ProviderCall, number: int, body: CallBody | None, *,
                 result: str = "", deterministic: bool = False) -> None:
        super().__init__()
        self.call = call
        self.number = number
        self.body = body
        self.result = result
        self.deterministic = deterministic

    def _title(self) -> Text:
        c = self.call
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{c.inv} · call {self.number} · {c.purpose} · {c.provider} {c.model}",
                 style="bold")
        latency = "" if self.deterministic else f" · {c.latency_ms:,.0f} ms"
        t.append(f"\n{c.tokens_in:,} tokens in → {c.tokens_out:,} out{latency} · "
                 f"{c.bytes_sent:,} bytes of data · retries {c.retries} · ")
        ok = c.ok and (not self.result or self.result == "ok")
        t.append(self.result or ("ok" if c.ok else f"failed: {c.error}"),
                 style="green" if ok else "red")
        return t

    def compose(self) -> ComposeResult:
        body = self.body
        with Vertical(id="call-box"):
            yield Static(self._title(), id="call-title")
            if body is None:
                yield Static(NOT_KEPT, id="call-missing")
            else:
                with TabbedContent(id="call-tabs"):
                    with TabPane("Request", id="call-request"):
                        yield TextArea(_request(body), read_only=True, soft_wrap=True,
                                       show_line_numbers=False, id="call-request-text")
                    with TabPane("Reply" if body.ok else "Error", id="call-reply"):
                        yield TextArea(body.reply if body.ok else body.error,
                                       read_only=True, soft_wrap=True,
                                       show_line_numbers=False, id="call-reply-text")
                if body.cut:
                    yield Static(f"{body.cut:,} bytes were left out of these texts (each is "
                                 "kept up to 256 KB, head and tail)", id="call-cut")
            yield Static("1 request · 2 reply · esc close · select text to copy",
                         id="call-keys")

    def on_mount(self) -> None:
        if self.body is not None:
            self.query_one("#call-request-text", TextArea).focus()

    def action_show(self, pane: str) -> None:
        if self.body is None:
            return
        self.query_one("#call-tabs", TabbedContent).active = pane
        self.query_one(f"#{pane}-text", TextArea).focus()

    def action_close(self) -> None:
        self.dismiss(None)


def _request(body: CallBody) -> str:
    """The request as sent: the system prompt, then the prompt."""
    parts = []
    if body.system:
        parts.append(f"── system ──\n{body.system}")
    parts.append(f"── prompt ({body.purpose}) ──\n{body.prompt}")
    return "\n\n".join(parts)
