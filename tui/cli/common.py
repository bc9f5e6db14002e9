"""What every command shares: settings from flags, exit codes, one-sentence errors.

Settings come from the config file, then ``GAPLESS_*`` variables, then the flags.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pydantic import ValidationError

from gapless.engine import PROVIDERS, STRATEGIES, Settings, UserError, load_settings, settings_error
from gapless.tui.cli.exits import EXIT_INCOMPLETE as EXIT_INCOMPLETE
from gapless.tui.cli.exits import EXIT_OK as EXIT_OK
from gapless.tui.cli.exits import EXIT_USAGE as EXIT_USAGE

# the exit codes, here too: every command imports them with its flags
from gapless.tui.flag_settings import FLAG_TO_SETTING as _FLAG_TO_SETTING


def count_of(n: int, singular: str, plural: str | None = None) -> str:
    """``1 entry``, ``3 entries``: a count with its noun in the right number."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"



def strategy_choices(*, by_path: bool) -> list[str]:
    """The registered strategies a command offers: with ``by_path`` (it is given a file's
    path) also those that read a file in order (chunked)."""
    return [e.name for e in STRATEGIES.entries() if e.offered and (by_path or not e.reads_file)]


def strategy_help(*, by_path: bool) -> str:
    """Each offered strategy and what it does, for ``--strategy``'s help."""
    return "; ".join(f"{e.name}: {e.help}" for e in STRATEGIES.entries()
                     if e.offered and (by_path or not e.reads_file))


def add_provider_flags(p: argparse.ArgumentParser) -> None:
    """The provider flags every model-calling command takes."""
    g = p.add_argument_group("provider")
    g.add_argument("--provider", choices=PROVIDERS,
                   help=f"model provider (default: extractive): {PROVIDERS.help()}")
    g.add_argument("--base-url", help="server URL for openai-compatible providers")
    g.add_argument("--model", help="model name")
    g.add_argument("--api-key-env", metavar="VAR",
                   help="name of the environment variable holding the API key")
    g.add_argument("--script", metavar="FILE", help="answers for the scripted provider")
    g.add_argument("--context-tokens", type=int, metavar="N",
                   help="usable context of the model in tokens (default 8192)")
    g.add_argument("--concurrency", type=int, metavar="N", help="model calls at once")
    g.add_argument("--timeout", type=float, metavar="S",
                   help="seconds one model call may take before it is retried (default 120)")
    g.add_argument("--retries", type=int, metavar="N",
                   help="retries of a call on 429, 5xx, timeouts and dropped connections")
    b = p.add_argument_group("budgets (a run that hits one stops as incomplete, with its gaps)")
    b.add_argument("--max-calls", type=int, metavar="N", help="stop after N model calls")
    b.add_argument("--max-tokens", type=int, metavar="N",
                   help="stop after N tokens in and out")
    b.add_argument("--max-cost", type=float, metavar="X",
                   help="stop after this cost (from the price settings)")
    b.add_argument("--max-seconds", type=float, metavar="S", help="stop after S seconds")


def add_render_flags(p: argparse.ArgumentParser) -> None:
    """What the model is shown: the record classes brought back, the long-output rule."""
    g = p.add_argument_group("what the model is shown (README: What is rendered)")
    g.add_argument("--include", metavar="CLASSES",
                   help="bring back records left out by default, a comma list of harness "
                   "(system prompts, AGENTS.md/CLAUDE.md, hooks, reminders), thinking, "
                   "telemetry (progress, token counts); default none")
    g.add_argument("--tool-output-limit", type=int, metavar="BYTES",
                   help="a tool output or argument longer than this is shown head + tail, "
                   "the middle elided and counted (default 16384)")
    g.add_argument("--full-tool-output", action="store_true",
                   help="show every tool output whole (same as --tool-output-limit 0)")


def flag_overrides(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for flag, key in _FLAG_TO_SETTING:
        value = getattr(args, flag, None)
        if value is not None:
            out[key] = value
    if getattr(args, "include", None) is not None:
        out["include"] = args.include
    if getattr(args, "full_tool_output", False):
        out["tool_output_limit"] = 0
    elif getattr(args, "tool_output_limit", None) is not None:
        out["tool_output_limit"] = args.tool_output_limit
    return out


def settings_from_args(args: argparse.Namespace, base: Settings | None = None) -> Settings:
    """Config file < GAPLESS_* environment < flags; or the flags over ``base`` when given.

    Bad values are a UserError naming the setting.
    """
    if base is None:
        settings = load_settings(flag_overrides(args))
    else:
        try:
            data = base.model_dump()
            data.update(flag_overrides(args))
            settings = Settings(**data)
        except ValidationError as exc:
            raise UserError(validation_sentence(exc)) from exc
    if getattr(args, "thinking", False) and "thinking" not in settings.include:
        settings = settings.model_copy(update={"include": sorted([*settings.include,
                                                                  "thinking"])})
    warning = settings.cost_budget_warning()
    if warning:
        print(f"gapless: warning: {warning}", file=sys.stderr)
    return settings


def validation_sentence(exc: ValidationError) -> str:
    return settings_error(exc)
