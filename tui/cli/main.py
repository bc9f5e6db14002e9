"""The ``gapless`` command line: a thin front end over the engine's public surface.

Errors a user can cause end in one clear sentence on stderr and a non-zero exit code:
1 for a run that did not reach 100 % coverage, 2 for a problem with the request itself.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import sys
from collections.abc import Sequence

from engine import DatabaseError, UserError, __version__
from tui.cli import (
    compact,
    config,
    journal,
    mcp,
    read,
    rerun,
    rollup,
    runs,
    serve,
    skipped,
    summarize,
    tui,
    verify,
    why,
)
from tui.cli.common import EXIT_USAGE
from tui.cli.parser import GaplessParser, HelpFormatter

# In the order `gapless --help` lists them: the main verb first, then by how often they are
# needed.
COMMANDS = (summarize, journal, read, compact, why, verify, rerun, runs, skipped, rollup, tui,
            serve, mcp, config)


def build_parser() -> argparse.ArgumentParser:
    parser = GaplessParser(
        prog="gapless",
        description="Summarize inputs larger than any context window, with proof that every "
        "byte was read (or the exact byte ranges that were not).",
    )
    parser.add_argument("--version", action="version", version=f"gapless {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in COMMANDS:
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP,
                           formatter_class=HelpFormatter)
        mod.register(p)
        p.set_defaults(_run=mod.run, _parser=p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # Said by the command's own parser, so the guess comes from that command's flags.
        owner = getattr(args, "_parser", parser)
        owner.error(f"unrecognized arguments: {' '.join(unknown)}")
    runner = getattr(args, "_run", None)
    if runner is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        outcome = runner(args)
        if inspect.iscoroutine(outcome):
            outcome = asyncio.run(outcome)
        return int(outcome)
    except UserError as exc:
        print(f"gapless: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("gapless: interrupted", file=sys.stderr)
        return 130
    except DatabaseError as exc:
        text = str(exc)
        if "locked" in text or "busy" in text:
            text = "the database is locked by another writer; try again when it is free"
        print(f"gapless: database problem: {text}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader of our output went away (e.g. `| head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
