"""``gapless skipped``: audit the groups that ended without an entry, and why."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gapless.engine import SKIP_REASONS, check_day, open_records, skip_report
from gapless.tui.cli.common import EXIT_OK
from gapless.tui.cli.flags import add_db_flag, add_json_flag, print_json


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--since", metavar="DATE", help="only days on or after DATE (YYYY-MM-DD)")
    parser.add_argument("--project", help="only this project (any case; unknown: the known ones "
                        "are listed)")
    parser.add_argument("--reason", choices=sorted(SKIP_REASONS), help="only this reason")
    parser.add_argument("--limit", type=int, default=100, metavar="N", help="at most N rows")
    add_db_flag(parser)
    add_json_flag(parser)


async def run(args: argparse.Namespace) -> int:
    since = check_day(args.since, "--since")
    async with open_records(args.db) as records:
        project = await records.known_project(args.project)
        rows = [skip_report(r) for r in await records.skips(
            since=since, project=project, reason=args.reason, limit=args.limit)]
    if args.json:
        print_json({"skipped": rows})
        return EXIT_OK
    table = Table("date", "project", "reason", "detail", "run")
    for r in rows:
        table.add_row(r["date"], escape(r["project"]), r["reason"], escape(r["detail"]),
                      r["run_id"] or "")
    Console().print(table if rows else "no skipped groups")
    return EXIT_OK
