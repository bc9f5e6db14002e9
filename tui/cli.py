"""The ``gapless`` command line: a thin front end over ``engine.service``.

Errors a user can cause end in one clear sentence on stderr and a non-zero exit code:
1 for a run that did not reach 100 % coverage, 2 for a problem with the request itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError

from engine.config import PROVIDERS, Settings
from engine.events import Event, RunFinished, SpanRead
from engine.providers.factory import ProviderConfigError
from engine.service import RunResult
from engine.sources import SourceError
from engine.strategies.oneshot import DoesNotFit

EXIT_OK, EXIT_INCOMPLETE, EXIT_USAGE = 0, 1, 2


class UserError(Exception):
    """A problem the user can fix; printed as one sentence."""


def _add_provider_flags(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("provider")
    g.add_argument("--provider", choices=PROVIDERS, help="model provider (default: extractive, "
                   "built in and offline)")
    g.add_argument("--base-url", help="server URL for openai-compatible providers")
    g.add_argument("--model", help="model name")
    g.add_argument("--api-key-env", metavar="VAR",
                   help="name of the environment variable holding the API key")
    g.add_argument("--script", metavar="FILE", help="answers for the scripted provider")
    g.add_argument("--context-tokens", type=int, metavar="N",
                   help="usable context of the model in tokens (default 8192)")
    g.add_argument("--concurrency", type=int, metavar="N", help="model calls at once")
    g.add_argument("--max-calls", type=int, metavar="N", help="stop after N model calls")
    g.add_argument("--max-seconds", type=float, metavar="S", help="stop after S seconds")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gapless",
        description="Summarize inputs larger than any context window, with proof that every "
        "byte was read (or the exact byte ranges that were not).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    s = sub.add_parser(
        "summarize",
        help="summarize a transcript, log or text file",
        description="Summarize PATH (Claude Code or Codex JSONL, chat JSON, text, markdown, "
        "logs, or a folder of sessions). Exit 0 only at 100%% coverage.",
    )
    s.add_argument("path", help="file or folder to summarize")
    s.add_argument("--strategy", default="auto",
                   choices=["auto", "oneshot", "tree", "recursive"],
                   help="auto: oneshot if it fits, tree otherwise, recursive for questions")
    s.add_argument("--question", "-q", help="a question to answer from the input")
    s.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    s.add_argument("--thinking", action="store_true",
                   help="include the model's thinking blocks from Claude Code sessions")
    _add_provider_flags(s)
    return parser


def settings_from_args(args: argparse.Namespace) -> Settings:
    overrides: dict[str, Any] = {}
    for flag, key in (("provider", "provider"), ("base_url", "base_url"), ("model", "model"),
                      ("api_key_env", "api_key_env"), ("script", "script"),
                      ("context_tokens", "context_tokens"), ("concurrency", "concurrency"),
                      ("max_calls", "max_calls"), ("max_seconds", "max_seconds")):
        value = getattr(args, flag, None)
        if value is not None:
            overrides[key] = value
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise UserError(_first_error(exc)) from exc


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "settings"
    msg = str(err.get("msg", "is invalid")).removeprefix("Value error, ")
    return f"setting '{where}' is invalid: {msg}"


class Progress:
    """A progress bar on stderr (only when it is a terminal): bytes read of the input."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._progress: Any = None
        self._task: Any = None
        self._read = 0

    def __enter__(self) -> Progress:
        if self.enabled:
            from rich.progress import BarColumn, TextColumn
            from rich.progress import Progress as RichProgress

            self._progress = RichProgress(
                TextColumn("[bold]reading"), BarColumn(), TextColumn("{task.percentage:>5.1f}%"),
                TextColumn("{task.fields[calls]} calls"), transient=True,
                console=_stderr_console(),
            )
            self._progress.__enter__()
            self._task = self._progress.add_task("read", total=1, calls=0)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(None, None, None)

    def sink(self, total: Callable[[], int], calls: Callable[[], int]) -> Callable[[Event], None]:
        def on_event(event: Event) -> None:
            if self._progress is None:
                return
            if isinstance(event, SpanRead | RunFinished):
                self._progress.update(self._task, total=max(1, total()),
                                      completed=self._read_bytes(event), calls=calls())

        return on_event

    def _read_bytes(self, event: Event) -> int:
        if isinstance(event, SpanRead):
            self._read += event.end - event.start
        return self._read


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def _print_human(result: RunResult) -> None:
    from rich.console import Console

    out = Console()
    entry = result.entry or {}
    if entry:
        out.print(f"[bold]{entry.get('headline', '')}[/bold]")
        out.print(entry.get("summary", ""))
        if entry.get("topics"):
            out.print("[dim]topics:[/dim] " + ", ".join(entry["topics"]))
        for q in entry.get("open_questions") or []:
            out.print(f"[dim]open:[/dim] {q}")
        out.print()
    gaps = " ".join(f"[{s}, {e})" for s, e in result.residual_gaps) or "none"
    colour = "green" if result.ok else "red"
    out.print(
        f"[{colour}]{result.status}[/{colour}] · coverage {result.coverage:.1%} · gaps {gaps} · "
        f"{result.calls} calls · {result.bytes_read}/{result.input_bytes} bytes read · "
        f"{result.elapsed:.1f}s · run {result.run_id} · strategy {result.strategy}"
    )
    if result.reason and not result.ok:
        out.print(f"[red]{result.reason}[/red]")


async def _summarize(args: argparse.Namespace) -> int:
    settings = settings_from_args(args)
    show_progress = not args.json and sys.stderr.isatty()
    with Progress(show_progress) as progress:
        from engine.service import summarize_transcript
        from engine.sources import load_transcript

        transcript = load_transcript(args.path, include_thinking=args.thinking)
        state_ref: list[Any] = []

        def total() -> int:
            return len(transcript)

        def calls() -> int:
            return state_ref[0].calls if state_ref else 0

        result = await summarize_transcript(
            transcript, settings, strategy=args.strategy, question=args.question,
            source=args.path, sinks=[progress.sink(total, calls)],
        )
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        _print_human(result)
    return EXIT_OK if result.ok else EXIT_INCOMPLETE


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        if args.command == "summarize":
            return asyncio.run(_summarize(args))
    except (UserError, SourceError, ProviderConfigError, DoesNotFit) as exc:
        print(f"gapless: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("gapless: interrupted", file=sys.stderr)
        return 130
    parser.print_help()
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
