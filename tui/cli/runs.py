"""``gapless runs``: every run with its status and coverage."""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gapless.engine import INTERRUPTED, open_records, percent_text
from gapless.tui.cli.common import EXIT_OK
from gapless.tui.cli.flags import (
    add_db_flag,
    add_json_flag,
    print_json,
    wide_when_piped,
)


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, default=30, metavar="N", help="show the N newest runs")
    parser.add_argument("--kind", help="only runs of this kind (summarize, journal, read, ...)")
    add_db_flag(parser)
    add_json_flag(parser)


async def run(args: argparse.Namespace) -> int:
    async with open_records(args.db) as records:
        rows = await records.runs(args.limit, kind=args.kind)
    if args.json:
        print_json({"runs": [r.to_json() for r in rows]})
        return EXIT_OK
    table = Table(expand=False)
    table.add_column("run", no_wrap=True, min_width=12)
    for name, width in (("started", 11), ("kind", 9), ("status", 10), ("coverage", 8),
                        ("gaps", 4), ("calls", 5)):
        table.add_column(name, no_wrap=True, min_width=width)
    piped = wide_when_piped()
    table.add_column("source", overflow="ellipsis", no_wrap=True,
                     max_width=None if piped else 40)
    for r in rows:
        started = time.strftime("%m-%d %H:%M", time.localtime(r.created_at))
        colour = {"complete": "green", "running": "yellow"}.get(r.status, "red")
        status = r.shown_status
        if r.interrupted:
            colour = "red"
        table.add_row(r.id, started, r.kind, f"[{colour}]{status}[/{colour}]",
                      percent_text(r.coverage), str(len(r.gaps)), str(r.calls), escape(r.source))
    if not rows:
        print(f"no runs of kind {args.kind!r}" if args.kind else "no runs yet")
        return EXIT_OK
    console = Console(width=piped)
    console.print(table)
    if any(r.interrupted for r in rows):
        console.print(f"{INTERRUPTED}: its process ended before the run did (it is resumed "
                      "from where it stopped)", highlight=False)
    return EXIT_OK
