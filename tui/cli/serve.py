"""``gapless serve``: the workbench in a browser (textual-serve); every viewer is a reader.

The server is guarded (``tui.cli.serve_guard``): a token printed in the URL at start, the Host
and Origin headers checked against the served address, no directory listings, and a clean exit
on SIGTERM or SIGINT."""

from __future__ import annotations

import argparse
import shlex
import sys

from gapless.engine import UserError
from gapless.tui.cli.common import EXIT_OK
from gapless.tui.cli.flags import add_db_flag
from gapless.tui.loopback import is_loopback


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (one that is not loopback needs "
                        "--allow-remote)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--allow-remote", action="store_true",
                        help="allow a --host that is not loopback: whoever reaches it with the "
                        "token can read your files through the workbench")
    parser.add_argument("--run", metavar="RUN_ID", help="open this run")
    add_db_flag(parser)


def command_line(args: argparse.Namespace) -> str:
    """The command each browser session runs: the TUI itself, on the same database."""
    parts = [sys.executable, "-m", "gapless.tui.cli", "tui"]
    if args.run:
        parts += ["--run", args.run]
    if args.db:
        parts += ["--db", args.db]
    return shlex.join(parts)


def run(args: argparse.Namespace) -> int:
    try:
        from gapless.tui.cli.serve_guard import GuardedServer
    except ImportError as exc:
        raise UserError("gapless serve needs textual-serve: pip install textual-serve") from exc
    if not 0 < args.port < 65536:
        raise UserError(f"--port {args.port} is not a port (1-65535)")
    if not is_loopback(args.host):
        if not args.allow_remote:
            raise UserError(f"--host {args.host} is not a loopback address: the workbench "
                            "reads any file you can and sends it to your model, so serving it "
                            "to a network needs --allow-remote")
        print(f"gapless: warning: serving on {args.host}, not loopback: anyone who can reach "
              "it and has the token can read your files through the workbench (the traffic "
              "is plain HTTP)", file=sys.stderr, flush=True)
    server = GuardedServer(command_line(args), host=args.host, port=args.port,
                           title="Gapless workbench")
    server.serve()
    return EXIT_OK
