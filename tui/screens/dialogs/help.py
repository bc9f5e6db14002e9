"""The help screen: the keys of every screen and what the glyphs mean."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """\
# Gapless workbench

Every byte of the input is read by some model invocation, or the run says exactly which
bytes were not. The workbench shows that work as it happens.

## Everywhere
| key | does |
| --- | --- |
| `ctrl+p` | command palette: every command, themes, screenshots |
| `j` / `k` / `s` | journal and runs / skipped groups / settings |
| `o` | open a run by id · `N` summarize a file |
| `?` | this help · `q` quit (a run going on: asks first; the same command resumes it) |

## Run screen
The bar on top is the whole input: `█` covered (`▁`…`▇` partly), `▒` in flight, `·` pending,
`░` gap (red).
While a run goes on, two numbers: **read**, the bytes some call has been sent (the bars'
green, the same rule on the header, the tree and every bar), and **done**, the engine's
coverage of a node (its own reads plus its complete parts), which is what the final
coverage counts. Once finished, both are the one final coverage. Sizes are decimal
(1 KB = 1,000 bytes), with the exact byte count where it matters.
Hover over a bar for the exact byte range; click a node's bar to show that range's text.
A run started here shows its plan before anything is sent (strategy, calls, tokens, cost,
an ETA from the model's earlier calls), then `calls 9/26`: made of planned. A finished run
says `verified` beside its status when every claim holds against its calls' ledger
(`gapless verify`), `CONTRADICTED` otherwise.

| key | does |
| --- | --- |
| `↑` `↓` `enter` | move in the invocation tree; expand a node (children load lazily) |
| `→` / `←` | expand / collapse the selected node (again: to its first child / its parent) |
| `x` `a` `c` `e` `u` | tabs: text, actions, provider calls, extraction, run |
| `c`, `↑` `↓`, `enter` | a call's request as sent and its reply, scrollable (`1` / `2`, `esc`) |
| `g` / `G` | next / previous gap of the selected node, in the text pane |
| `]` / `[` | next / previous failed or incomplete invocation, where it went wrong |
| `!` | the tree shows only failed or incomplete invocations and their ancestors |
| `r` | re-run the selected failed scope, as the run was made (its provider, server, model) |
| `t` | step through: the timeline |
| `escape` | back |

## Stepping (after `t`)
It opens at step 0 (then where you left it). `escape` (or `t`) leaves stepping, back to the
run as it is now.

| key | does |
| --- | --- |
| `←` `→` (or `,` `.`) | one event back / forward |
| `n` / `b` | the next / previous action of the selected node |
| `f` / `F` | on to the next / back to the previous invocation's finish |
| `p` | play / pause · `+` `-` speed, 1 to 5,000 events a second (starts at ~1 min a run) |
| `home` / `end` | first / last event |

The tree, the bars and the panes show the state after step k: the fold of the first k events.

## Skipped groups
Filter by project, dates and reason; `pagedown` / `pageup` page; `ctrl+a` summarize the
selected group anyway; `ctrl+w` why (its run).

## Settings
The form is the config file's model. Invalid fields turn red as you type. `ctrl+t` tests the
connection with a tiny request; `ctrl+s` saves the file atomically (mode 0600). Keys are never
stored: `api_key_env` names the variable that holds the key.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "dismiss", "Close"),
    ]
    CSS_PATH = Path(__file__).with_name("help.tcss")

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Markdown(HELP), id="help-text")

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(None)
