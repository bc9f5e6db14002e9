"""``gapless serve``: the workbench in a browser (textual-serve); every viewer is a reader."""

from __future__ import annotations

import argparse
import shlex
import sys

from engine import UserError
from tui.cli.common import EXIT_OK
from tui.cli.flags import add_db_flag

NAME = "serve"
HELP = "serve the workbench to a browser (needs the optional textual-serve package)"


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (another address exposes the workbench "
                        "to that network)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--run", metavar="RUN_ID", help="open this run")
    add_db_flag(parser)


def command_line(args: argparse.Namespace) -> str:
    """The command each browser session runs: the TUI itself, on the same database."""
    parts = [sys.executable, "-m", "tui.cli", "tui"]
    if args.run:
        parts += ["--run", args.run]
    if args.db:
        parts += ["--db", args.db]
    return shlex.join(parts)


def run(args: argparse.Namespace) -> int:
    try:
        from textual_serve.server import Server
    except ImportError as exc:
        raise UserError("gapless serve needs textual-serve: pip install textual-serve") from exc
    server = Server(command_line(args), host=args.host, port=args.port,
                    title="Gapless workbench")
    server.serve()
    return EXIT_OK
