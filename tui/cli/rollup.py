"""``gapless rollup --week D``: Monday-anchored weekly rollups per project."""

from __future__ import annotations

import argparse
from datetime import date

from rich.console import Console
from rich.markdown import Markdown

from gapless.engine import open_records, parse_day
from gapless.tui.cli.common import EXIT_OK
from gapless.tui.cli.flags import add_db_flag, add_json_flag, print_json


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--week", metavar="DATE",
                        help="any day of the week, YYYY-MM-DD (default: today)")
    parser.add_argument("--project", help="only this project (any case; unknown: the known ones "
                        "are listed)")
    parser.add_argument("--all-projects", "--all", dest="all_projects", action="store_true",
                        help="besides one rollup per project, write one across all projects "
                        "(each day labelled with its project)")
    add_db_flag(parser)
    add_json_flag(parser)


async def run(args: argparse.Namespace) -> int:
    day = parse_day(args.week, "--week") if args.week else date.today()
    async with open_records(args.db) as records:
        project = await records.known_project(args.project)
        made = await records.rollups(day, project, args.all_projects)
    if args.json:
        print_json({"rollups": [r.to_json() for r in made]})
        return EXIT_OK
    out = Console()
    if not made:
        out.print("nothing in the journal for that week")
    for r in made:
        out.print(Markdown(r.markdown()))
    return EXIT_OK
