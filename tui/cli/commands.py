"""The commands of ``gapless``, in the order ``--help`` lists them: each one's name, its line
of help and the module that registers its flags and runs it.

The modules are imported only for the command that runs (``gapless --version`` and
``gapless --help`` import none of them, so they cost no engine import): adding a command is
one entry here and its module with ``register(parser)`` and ``run(args)``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    module: str

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)


# The main verb first, then by how often they are needed.
COMMANDS = (
    Command("summarize", "summarize a transcript, log or text file", "gapless.tui.cli.summarize"),
    Command("journal", "list the journal's entries by week and day (skipped groups apart, "
            "with their reason)", "gapless.tui.cli.journal"),
    Command("read", "summarize a huge file chunk by chunk: bounded summary, outline with line "
            "anchors", "gapless.tui.cli.read"),
    Command("compact", "compact a Claude Code session or chat messages JSON to fit a token "
            "budget", "gapless.tui.cli.compact"),
    Command("why", "explain a run: its invocation tree, reads, actions, calls and extraction",
            "gapless.tui.cli.why"),
    Command("verify", "check that a run's claims hold: every byte it calls read reached a "
            "successful call", "gapless.tui.cli.verify"),
    Command("rerun", "re-run a failed or incomplete scope of a run (completed invocations are "
            "reused)", "gapless.tui.cli.rerun"),
    Command("runs", "list runs with status, coverage and calls", "gapless.tui.cli.runs"),
    Command("skipped", "list skipped (day, project) groups with their reasons",
            "gapless.tui.cli.skipped"),
    Command("rollup", "write weekly rollups (Monday-anchored) of the journal, skipped days "
            "listed apart", "gapless.tui.cli.rollup"),
    Command("tui", "the workbench: watch a run live, step through it, re-run a failed scope",
            "gapless.tui.cli.tui"),
    Command("serve", "serve the workbench to a browser (needs the optional textual-serve "
            "package)", "gapless.tui.cli.serve"),
    Command("mcp", "serve read_summary, summarize, why and journal as MCP tools to coding "
            "agents", "gapless.tui.cli.mcp"),
    Command("config", "show, check or change the settings file", "gapless.tui.cli.config"),
)
BY_NAME = {c.name: c for c in COMMANDS}
