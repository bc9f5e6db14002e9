"""``gapless journal``: the journal's entries by week, day and project, skipped groups apart."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from datetime import date
from itertools import groupby

from rich.console import Console
from rich.markup import escape

from gapless.engine import (
    EntryRow,
    SkipRow,
    UserError,
    open_records,
    parse_day,
    skip_report,
    week_of,
)
from gapless.tui.cli.common import EXIT_OK, count_of
from gapless.tui.cli.flags import add_db_flag, add_json_flag, print_json

DEFAULT_LIMIT = 50


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--week", metavar="DATE",
                        help="only the Monday-anchored week holding DATE (YYYY-MM-DD)")
    parser.add_argument("--date", metavar="DATE", help="only this logical day (YYYY-MM-DD)")
    parser.add_argument("--project", help="only this project (any case; unknown: the known ones "
                        "are listed)")
    parser.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                        help=f"at most N entries and N skipped groups, newest first "
                        f"(default {DEFAULT_LIMIT})")
    add_db_flag(parser)
    add_json_flag(parser)


def _monday(day: str) -> str:
    return week_of(date.fromisoformat(day))[0].isoformat()


def _scope(args: argparse.Namespace, project: str | None) -> str:
    bits = []
    if args.week:
        bits.append(f"the week of {_monday(parse_day(args.week).isoformat())}")
    if args.date:
        bits.append(parse_day(args.date).isoformat())
    if project:
        bits.append(f"project {project}")
    return " for " + ", ".join(bits) if bits else ""


async def select(args: argparse.Namespace) -> tuple[list[EntryRow], list[SkipRow], str | None]:
    """The entries and skips the flags ask for, newest day first, and the project meant."""
    if args.week and args.date:
        raise UserError("give --week or --date, not both")
    if args.limit < 1:
        raise UserError(f"--limit must be at least 1, not {args.limit}")
    week = parse_day(args.week, "--week") if args.week else None
    day = parse_day(args.date, "--date").isoformat() if args.date else None
    async with open_records(args.db) as records:
        project = await records.known_project(args.project)
        if week is not None:
            entries, skips = await records.week(week, project=project)
        else:
            entries, skips = await records.journal(day=day, project=project, limit=args.limit)
    return entries[:args.limit], skips[:args.limit], project


def render(entries: list[EntryRow], skips: list[SkipRow]) -> list[str]:
    """The readable listing: per week (newest first) its days, then its skipped groups."""
    lines: list[str] = []
    weeks = sorted({_monday(r.date) for r in [*entries, *skips]}, reverse=True)
    for week in weeks:
        mine = [e for e in entries if _monday(e.date) == week]
        skipped = [k for k in skips if _monday(k.date) == week]
        counts = [count_of(len(mine), "entry", "entries")]
        if skipped:
            counts.append(f"{len(skipped)} skipped")
        lines.append(f"[bold]week of {week}[/bold] · {', '.join(counts)}")
        for day, rows in groupby(mine, key=lambda e: e.date):
            lines.append(f"  {day}")
            for e in rows:
                stale = " [yellow](stale: its sessions changed; summarize again)[/yellow]" \
                    if e.stale else ""
                headline = e.headline or "(no headline)"
                lines.append(f"    {escape(e.project)}: {escape(headline)}{stale}")
        if skipped:
            lines.append("  [dim]skipped[/dim]")
            for k in skipped:
                detail = f" — {escape(k.detail)}" if k.detail else ""
                lines.append(f"    {k.date} {escape(k.project)}: {k.reason}{detail}")
        lines.append("")
    return lines[:-1]


async def run(args: argparse.Namespace) -> int:
    entries, skips, project = await select(args)
    if args.json:
        print_json({"entries": [asdict(e) for e in entries],
                    "skips": [skip_report(k) for k in skips]})
        return EXIT_OK
    out = Console(highlight=False)
    if not entries and not skips:
        out.print(f"no journal entries or skipped groups{escape(_scope(args, project))}",
                  soft_wrap=True)
        return EXIT_OK
    for line in render(entries, skips):
        out.print(line, soft_wrap=True)
    return EXIT_OK
