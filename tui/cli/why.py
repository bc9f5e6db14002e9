"""``gapless why RUN_ID``: render a run's persisted invocation tree and explain it."""

from __future__ import annotations

import argparse

from rich.console import Console

from gapless.engine import UserError, check_day, explain_run
from gapless.tui.cli.common import EXIT_OK
from gapless.tui.cli.flags import add_db_flag, add_json_flag, print_json
from gapless.tui.why_tree import render


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run_id", nargs="?", help="run id (or a unique prefix)")
    parser.add_argument("--date", help="the journal entry of this day, YYYY-MM-DD (with --project)")
    parser.add_argument("--project", help="the journal entry of this project (with --date)")
    parser.add_argument("--depth", type=int, default=None, metavar="N",
                        help="show at most N levels of the tree (default: all)")
    parser.add_argument("--full", action="store_true",
                        help="show every action and fragment (default: the first few)")
    add_db_flag(parser)
    add_json_flag(parser)


async def run(args: argparse.Namespace) -> int:
    if not args.run_id and not (args.date and args.project):
        raise UserError("give a RUN_ID, or --date and --project of a journal entry")
    day = None if args.run_id else check_day(args.date, "--date")
    report = await explain_run(args.db, args.run_id, day=day, project=args.project)
    if args.json:
        # a run whose process died says so (the engine's report keeps its stored status)
        print_json({**report, "status": "interrupted"} if report.get("interrupted")
                   else report)
    else:
        Console().print(render(report, depth=args.depth, full=args.full))
    return EXIT_OK
