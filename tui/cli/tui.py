"""``gapless tui [PATH | --run RUN_ID]``: the workbench."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from gapless.engine import Settings, UserError, load_settings
from gapless.tui.cli.common import (
    EXIT_OK,
    add_provider_flags,
    add_render_flags,
    flag_overrides,
    strategy_choices,
    strategy_help,
)
from gapless.tui.cli.flags import add_db_flag


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "gapless tui PATH starts summarizing PATH and shows it at once; gapless tui --run "
        "RUN_ID attaches to a running or finished run (started anywhere); bare gapless tui "
        "opens the journal."
    )
    parser.add_argument("path", nargs="?", help="file or folder to summarize and watch")
    parser.add_argument("--run", metavar="RUN_ID", help="attach to this run (id or prefix)")
    parser.add_argument("--step", action="store_true",
                        help="with --run: open the step-through timeline")
    parser.add_argument("--strategy", default="auto",
                        choices=strategy_choices(by_path=False),
                        help=f"how to summarize PATH: {strategy_help(by_path=False)} (to watch "
                        "a chunked read, start `gapless read FILE` and attach with --run)")
    add_db_flag(parser)
    add_provider_flags(parser)
    add_render_flags(parser)


def run(args: argparse.Namespace) -> int:
    from gapless.tui.app import GaplessApp

    if args.path and args.run:
        raise UserError("give a PATH to summarize or --run RUN_ID to attach, not both")
    if args.path and not Path(args.path).expanduser().exists():
        raise UserError(f"{args.path} does not exist")
    settings = load_settings(flag_overrides(args))
    run_id = asyncio.run(_checked_run(args.db, args.run)) if args.run else None
    if args.path:
        asyncio.run(_preflight(settings))
    # serve's sessions run the app under Textual's web driver, which needs no terminal
    driven_elsewhere = bool(os.environ.get("TEXTUAL_DRIVER"))
    if not (driven_elsewhere or (sys.stdin.isatty() and sys.stdout.isatty())):
        raise UserError("gapless tui needs a terminal (stdin and stdout are not one); "
                        "`gapless summarize PATH` runs without one, `gapless serve` in a "
                        "browser")
    app = GaplessApp(db_path=args.db, path=args.path, run_id=run_id, step=args.step,
                     settings=settings, strategy=args.strategy)
    app.run()
    if app.return_code:
        return app.return_code
    return EXIT_OK


async def _checked_run(db: str | None, prefix: str) -> str:
    """The id of the stored run ``prefix`` names; an unknown one is the user's error."""
    from gapless.engine import open_records

    async with open_records(db) as records:
        return (await records.find_run(prefix)).id


async def _preflight(settings: Settings) -> None:
    """What ``summarize`` checks before a run starts: the provider can be made (its key
    set) and its server answers; else one sentence, before anything is stored."""
    from gapless.engine import make_provider

    provider = make_provider(settings)
    try:
        await provider.check_reachable()
    finally:
        await provider.aclose()
