"""The ``gapless`` command line: a thin front end over the engine's public surface.

Errors a user can cause end in one clear sentence on stderr and a non-zero exit code:
1 for a run that did not reach 100 % coverage, 2 for a problem with the request itself.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import shlex
import sys
from collections.abc import Sequence

from gapless import engine
from gapless.tui.cli.commands import BY_NAME, COMMANDS
from gapless.tui.cli.exits import EXIT_USAGE
from gapless.tui.cli.parser import GaplessParser, HelpFormatter


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``only``, the flags of that command alone are
    registered (its module imported), the others listed by name and help."""
    parser = GaplessParser(
        prog="gapless",
        description="Summarize inputs larger than any context window, with proof that every "
        "byte was read (or the exact byte ranges that were not).",
    )
    parser.add_argument("--version", action="version", version=f"gapless {engine.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.help,
                           formatter_class=HelpFormatter)
        if only is None or only == command.name:
            mod = command.load()
            mod.register(p)
            p.set_defaults(_run=mod.run, _parser=p)
    return parser


def _command_of(argv: Sequence[str]) -> str:
    """The command named on the line (its first word that is not an option), or ""."""
    first = next((a for a in argv if not a.startswith("-")), "")
    return first if first in BY_NAME else ""


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(only=_command_of(words))
    args, unknown = parser.parse_known_args(words)
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
    except engine.GaplessError as exc:  # the engine's one error tree: its sentence
        print(f"gapless: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"gapless: interrupted{_resume_hint(words)}", file=sys.stderr)
        return 130
    except RecursionError:
        # an input nested deeper than a parser can follow (the engine's readers say so
        # themselves where they can; this is the net under every other one)
        print("gapless: the input is nested too deeply to parse (Python ran out of "
              "recursion depth)", file=sys.stderr)
        return EXIT_USAGE
    except MemoryError:
        print("gapless: the input is too large to parse in memory", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader of our output went away (e.g. `| head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        # a read or write the verb did not expect to fail (a file whose read fails midway,
        # a full disk): one sentence, never a traceback
        where = f" {exc.filename}" if exc.filename else ""
        print(f"gapless: could not read or write{where}: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_USAGE


def _resume_hint(words: list[str]) -> str:
    """How to take an interrupted run up again: the same command, every flag as given (the
    run's completed calls are reused, not sent again)."""
    if _command_of(words) not in ("summarize", "read"):
        return ""
    return f"; what completed is kept — to resume: gapless {shlex.join(words)}"


if __name__ == "__main__":
    sys.exit(main())
