"""``gapless verify RUN | --all``: check runs' claims against the ledger of their calls."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console
from rich.markup import escape

from gapless.engine import UserError, Verdict, percent_text, recover_stored, verify_stored
from gapless.tui.cli.common import EXIT_OK
from gapless.tui.cli.flags import add_db_flag, add_json_flag, print_json

EXIT_CONTRADICTED = 1


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Re-derive a run's coverage from the database alone — the byte ranges each "
        "successful model call was sent, the child extractions each fold carried, the runs "
        "that reused invocations came from — and check every claim against it: each node's "
        "status, the tree's shape, the run's status, coverage and gaps. Says whether the "
        "source still holds the same bytes. Exit 0 when every claim holds, 1 with the exact "
        "contradictions otherwise."
    )
    parser.add_argument("run_id", nargs="?", help="run id (or a unique prefix)")
    parser.add_argument("--all", action="store_true", help="verify every run in the database")
    parser.add_argument("--no-source", action="store_true",
                        help="do not read the source again to compare its SHA-256")
    parser.add_argument("--recover", metavar="NEW_DB",
                        help="copy every row of the database that can still be read (a "
                             "damaged one too) into the new database NEW_DB, then verify "
                             "every run there")
    add_db_flag(parser)
    add_json_flag(parser)


async def run(args: argparse.Namespace) -> int:
    if args.recover:
        if args.run_id:
            raise UserError("--recover copies and verifies every run: give no RUN_ID")
        kept = await recover_stored(args.db, args.recover)
        lost = sum(kept.unreadable.values())
        print(f"recovered {kept.runs} run(s) into {args.recover}"
              + (f"; {lost} unreadable key range(s) left out ({', '.join(kept.unreadable)})"
                 if lost else "; every row was readable")
              + (f"; {kept.orphans} row(s) of lost runs left out" if kept.orphans else ""),
              file=sys.stderr if args.json else sys.stdout)
        args.db, args.all = args.recover, True
    elif bool(args.run_id) == bool(args.all):
        raise UserError("give one RUN_ID, or --all to verify every run")
    verdicts = await verify_stored(args.db, None if args.all else args.run_id,
                                   check_source=not args.no_source)
    if args.json:
        print_json(verdicts[0].to_json() if not args.all else
                   {"holds": all(v.holds for v in verdicts), "runs": len(verdicts),
                    "contradicted": sum(1 for v in verdicts if not v.holds),
                    "verdicts": [v.to_json() for v in verdicts]})
    else:
        console = Console(highlight=False)
        for v in verdicts:
            _print(console, v)
        if args.all:
            bad = sum(1 for v in verdicts if not v.holds)
            console.print(f"{len(verdicts)} run(s) verified, "
                          + (f"[red]{bad} contradicted[/red]" if bad else "every claim holds"))
    return EXIT_OK if all(v.holds for v in verdicts) else EXIT_CONTRADICTED


def _print(console: Console, v: Verdict) -> None:
    mark = "[green]verified[/green]" if v.holds else "[red]CONTRADICTED[/red]"
    console.print(f"{mark} run {v.run_id}: {v.status}, coverage {percent_text(v.coverage)} "
                  f"(proven {percent_text(v.proven_coverage)}), {v.nodes} invocation(s), "
                  f"{v.calls} call(s), {v.reused} reused")
    for c in v.contradictions:
        console.print(f"  [red]✘[/red] {escape(c)}")
    if v.source:
        console.print(f"  source: {escape(v.source)}")
