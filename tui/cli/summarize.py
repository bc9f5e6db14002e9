"""``gapless summarize PATH``: the main job."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gapless.engine import PROVIDERS, Settings, UserError, summarize_file
from gapless.tui.cli.common import (
    EXIT_INCOMPLETE,
    EXIT_OK,
    add_provider_flags,
    add_render_flags,
    count_of,
    settings_from_args,
    strategy_choices,
    strategy_help,
)
from gapless.tui.cli.text import without_headline, wrap_block

if TYPE_CHECKING:  # the run's types load with the run, not before its first request
    from gapless.engine import Group, GroupOutcome, RunResult, Transcript
    from gapless.engine.core.events import Event
    from gapless.engine.core.state import RunState


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Summarize PATH (Claude Code or Codex JSONL, chat JSON, text, markdown, logs, or a "
        "folder of sessions). Exit 0 only at 100% coverage; 1 when bytes were left unread "
        "(the gaps are listed); 2 for a bad path or setting."
    )
    parser.add_argument("path", nargs="?",
                        help="file or folder to summarize; without it, the journal: ingest the "
                        "configured sources and summarize every (day, project) group that has "
                        "no current entry")
    parser.add_argument("--date", metavar="DATE",
                        help="journal: only this logical day (YYYY-MM-DD)")
    parser.add_argument("--project", help="journal: only this project (any case; unknown: the "
                        "known ones are listed)")
    parser.add_argument("--strategy", default="auto",
                        choices=strategy_choices(by_path=True),
                        help=strategy_help(by_path=True))
    parser.add_argument("--question", "-q", help="a question to answer from the input")
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument("--thinking", action="store_true",
                        help="show thinking blocks (same as --include thinking)")
    parser.add_argument("--db", metavar="FILE",
                        help="database file (default: $GAPLESS_DB or the user data directory)")
    parser.add_argument("--plan", action="store_true",
                        help="print the plan instead of running: the strategy and why, the "
                        "calls (leaves and folds), tokens, cost with a price table, and an "
                        "ETA from the provider's earlier calls; nothing is sent or stored")
    parser.add_argument("--force", action="store_true",
                        help="start afresh instead of resuming an unfinished run of the same "
                        "work or returning the stored result of a finished one")
    add_provider_flags(parser)
    add_render_flags(parser)


class Progress:
    """A progress bar on stderr (only on a terminal): bytes read of the input."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._progress: Any = None
        self._task: Any = None
        self._read = 0

    def __enter__(self) -> Progress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, TextColumn
            from rich.progress import Progress as RichProgress

            self._progress = RichProgress(
                TextColumn("[bold]reading"), BarColumn(),
                TextColumn("{task.percentage:>5.1f}%"), TextColumn("{task.fields[calls]} calls"),
                transient=True, console=Console(stderr=True),
            )
            self._progress.__enter__()
            self._task = self._progress.add_task("read", total=1, calls=0)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(None, None, None)

    def sink(self, total: int) -> Callable[[Event], None]:
        from gapless.engine.core.events import RunFinished, SpanRead

        calls = 0

        def on_event(event: Event) -> None:
            nonlocal calls
            if self._progress is None:
                return
            if event.type == "provider_call":
                calls += 1
            if isinstance(event, SpanRead):
                self._read += event.end - event.start
            if isinstance(event, SpanRead | RunFinished):
                self._progress.update(self._task, total=max(1, total), completed=self._read,
                                      calls=calls)

        return on_event


def print_human(result: RunResult) -> None:
    from rich.console import Console
    from rich.markup import escape

    from gapless.engine import percent_text

    out = Console()
    entry = result.entry or {}
    partial = result.partial if not entry else None
    if partial:
        out.print(f"[yellow]{escape(partial['label'])} (what the completed parts found; "
                  "not a summary of the whole input)[/yellow]", soft_wrap=True)
        entry = partial
    if entry:
        print_answer(out, entry.get("answer"), entry.get("answer_anchors"), result.state)
        headline = entry.get("headline", "")
        out.print(f"[bold]{escape(headline)}[/bold]", soft_wrap=True)
        body = without_headline(headline, entry.get("summary", ""))
        if body:
            out.print(escape(wrap_block(body)), soft_wrap=True)
        if entry.get("topics"):
            out.print("[dim]topics:[/dim] " + escape(", ".join(entry["topics"])))
        print_list(out, "decided", entry.get("decisions"))
        print_list(out, "to do", entry.get("actions"))
        print_list(out, "files changed", entry.get("files"))
        print_list(out, "commands", entry.get("commands"))
        print_list(out, "errors", entry.get("errors"))
        for q in entry.get("open_questions") or []:
            if f"- {q}" not in body:  # a conversation's summary lists them as "Left open"
                out.print(f"[dim]open:[/dim] {escape(q)}", soft_wrap=True)
        out.print()
    gaps = " ".join(f"[{s}, {e})" for s, e in result.residual_gaps) or "none"
    colour = "green" if result.ok else "red"
    out.print(
        f"[{colour}]{result.status}[/{colour}] · coverage {percent_text(result.coverage)} · gaps "
        f"{escape(gaps)} · {result.calls} calls · {result.bytes_read}/{result.input_bytes} "
        f"bytes read · {result.elapsed:.1f}s · run {result.run_id} · {result.strategy}"
    )
    if result.source_line:
        out.print(f"[dim]{escape(result.source_line)}; coverage is of the rendering[/dim]",
                  soft_wrap=True)
    skipped = result.state.source_account.skipped if result.state.source_account else []
    for s in skipped[:10]:
        out.print(f"[dim]passed over: {escape(s.path)} — {escape(s.reason)}[/dim]",
                  soft_wrap=True)
    if len(skipped) > 10:
        out.print(f"[dim]… and {len(skipped) - 10} more (--json lists them all)[/dim]")
    if not result.ok and result.status != "skipped":
        covered = round(result.coverage * result.input_bytes)
        deeper = (f"; the partial result above covers {partial['covers_bytes']} bytes (parts "
                  "that completed deeper in the tree count there, not in coverage)"
                  if partial and partial["covers_bytes"] != covered else
                  " (the partial result above)" if partial else "")
        out.print(f"[dim]coverage {percent_text(result.coverage)}: the {covered} bytes under "
                  f"parts of the run's root whose summary completed{deeper}; bytes read "
                  f"{result.bytes_read}: what any call was sent, including parts that did "
                  f"not finish, which cover nothing[/dim]")
    if result.reason and not result.ok:
        out.print(f"[red]{escape(result.reason)}[/red]")
    elif result.reason and result.status == "skipped":  # why nothing was summarized
        out.print(f"[yellow]skipped: {escape(result.reason)}[/yellow]")


def anchor_place(anchor: dict[str, Any]) -> str:
    """``file:12`` (or ``file:12-14``) of an annotated anchor, else its byte span."""
    name, line = anchor.get("file"), anchor.get("line")
    if isinstance(name, str) and name and isinstance(line, int) and line:
        end = anchor.get("end_line")
        return f"{name}:{line}" + (f"-{end}" if isinstance(end, int) and end != line else "")
    return f"bytes {anchor.get('start')}-{anchor.get('end')}"


def print_answer(out: Any, answer: object, anchors: object, asked: RunState | None = None
                 ) -> None:
    """The answer to the question, first, with where it comes from. A question nothing
    answered says so, so that it is not taken for ignored (nothing when none was asked)."""
    from rich.markup import escape

    if not isinstance(answer, str) or not answer.strip():
        if asked is not None and asked.question:
            entry = PROVIDERS.find(asked.provider)
            hint = (f" [dim]({entry.unanswered_hint})[/dim]"
                    if entry is not None and entry.unanswered_hint else "")
            out.print("[bold]Answer[/bold]")
            out.print("  [yellow]none found: no passage of the input was found to answer "
                      f"{escape(repr(asked.question))}[/yellow]{hint}", soft_wrap=True)
            out.print()
        return
    out.print("[bold]Answer[/bold]")
    out.print(escape(wrap_block(answer, indent="  ")), soft_wrap=True)
    places = [anchor_place(a) for a in anchors or [] if isinstance(a, dict)] \
        if isinstance(anchors, list) else []
    if places:
        out.print("[dim]  from " + escape(", ".join(places)) + "[/dim]", soft_wrap=True)
    out.print()


def print_list(out: Any, label: str, items: object) -> None:
    """A short labelled list (decisions, action items, files, commands, errors); nothing
    when empty."""
    from rich.markup import escape

    if not isinstance(items, list) or not items:
        return
    out.print(f"[dim]{label}:[/dim]")
    for item in items:
        out.print(f"  - {escape(str(item))}", soft_wrap=True)


def report(result: RunResult, *, as_json: bool) -> int:
    """Print a run's result (the ``--json`` contract or the readable form); its exit code."""
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print_human(result)
    return EXIT_OK if result.ok else EXIT_INCOMPLETE


async def run(args: argparse.Namespace) -> int:
    settings = settings_from_args(args)
    if args.path is None:
        if args.plan:
            raise UserError("--plan needs a PATH: the plan of one file or folder")
        return await run_journal(args, settings)
    if args.plan:
        return await print_plan(args, settings)
    with Progress(not args.json and sys.stderr.isatty()) as progress:
        result = await summarize_file(args.db, args.path, settings, strategy=args.strategy,
                                      question=args.question, thinking=args.thinking,
                                      force=args.force, reuse=True, sink_for=progress.sink,
                                      warn=_warn)
    if result.reused_run is not None:
        _note(f"already summarized in run {result.reused_run} — --force runs it again")
    return report(result, as_json=args.json)


async def print_plan(args: argparse.Namespace, settings: Settings) -> int:
    """``--plan``: what the run would do, sent to no model and stored nowhere."""
    from gapless.engine import plan_file

    plan = await plan_file(args.db, args.path, settings, strategy=args.strategy,
                           question=args.question, thinking=args.thinking)
    if args.json:
        print(json.dumps(plan.to_json(), ensure_ascii=False))
    else:
        print("\n".join(plan.lines()))
    return EXIT_OK


def _note(text: str) -> None:
    print(f"gapless: {text}", file=sys.stderr)


def _warn(text: str) -> None:
    print(f"gapless: warning: {text}", file=sys.stderr)


async def run_journal(args: argparse.Namespace, settings: Settings) -> int:
    """Summarize every journal group without a current entry, a progress bar per group."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, TextColumn
    from rich.progress import Progress as RichProgress

    from gapless.engine import check_day, summarize_journal_stored
    from gapless.engine.core.events import SpanRead

    day = check_day(args.date, "--date")
    err = Console(stderr=True)
    live = not args.json and sys.stderr.isatty()
    bars = RichProgress(TextColumn("{task.description}"), BarColumn(),
                        TextColumn("{task.percentage:>5.1f}%"), console=err, disable=not live)
    outcomes: list[GroupOutcome] = []

    def sinks_for(group: Group, transcript: Transcript) -> list[Callable[[Event], None]]:
        task = bars.add_task(f"{group.date} {group.project}", total=max(1, len(transcript)))

        def on_event(event: Event) -> None:
            if isinstance(event, SpanRead):
                bars.advance(task, event.end - event.start)

        return [on_event]

    def on_done(outcome: GroupOutcome) -> None:
        outcomes.append(outcome)
        if not args.json and outcome.status != "current":
            word = "entry" if outcome.status == "entry" else f"skipped ({outcome.reason})"
            err.print(f"{outcome.date} {escape(outcome.project)}: {word}")

    with bars:
        await summarize_journal_stored(args.db, settings, date=day, project=args.project,
                                       force=args.force, sinks_for=sinks_for, on_done=on_done)
    report = [{"date": o.date, "project": o.project, "status": o.status, "reason": o.reason,
               "detail": o.detail, "run_id": o.run_id} for o in outcomes]
    if args.json:
        print(json.dumps({"groups": report}, ensure_ascii=False))
    else:
        if not outcomes:
            roots = ", ".join(settings.sources) or "(none)"
            err.print(f"no sessions found in the journal sources: {escape(roots)} — give a PATH, "
                      "or set them with `gapless config set sources '[\"DIR\", ...]'`")
        made = sum(o.status == "entry" for o in outcomes)
        skipped = sum(o.status == "skip" for o in outcomes)
        current = sum(o.status == "current" for o in outcomes)
        Console().print(f"{count_of(made, 'entry', 'entries')} written, {skipped} skipped, "
                        f"{current} already current")
    bad = {"provider_error", "incomplete_coverage", "budget_exhausted"}
    return EXIT_INCOMPLETE if any(o.reason in bad for o in outcomes) else EXIT_OK
