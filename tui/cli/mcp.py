"""``gapless mcp``: serve Gapless's verbs as MCP tools to coding agents (stdio or HTTP).

The ``mcp`` SDK is an optional extra, imported only when the command runs, so
``gapless --help`` works without it.
"""

from __future__ import annotations

import argparse
import sys

from gapless.engine import UserError
from gapless.tui.cli.common import EXIT_OK, add_provider_flags, settings_from_args
from gapless.tui.cli.flags import add_db_flag
from gapless.tui.loopback import is_loopback

INSTALL_HINT = ("gapless mcp needs the MCP SDK (mcp>=2.3); install the extra with "
                "pip install 'gapless[mcp]'")


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Serve Gapless to coding agents (Claude Code, Codex, Cursor, ...) over the Model "
        "Context Protocol: the tools read_summary, summarize, why and journal. Over stdio by "
        "default (the agent starts `gapless mcp` itself); with --http PORT, streamable HTTP "
        "at http://127.0.0.1:PORT/mcp, for clients that send the bearer token it prints (or "
        "the one in --token-file). Tools read only files under the allowed roots (the "
        "working directory, plus every --root) and write only to the database; every "
        "read_summary and summarize call is a run there, for gapless runs, why and tui."
    )
    parser.add_argument("--root", action="append", default=[], metavar="DIR",
                        help="also allow reading below DIR (repeatable; the working directory "
                        "is always allowed)")
    parser.add_argument("--http", type=int, metavar="PORT",
                        help="serve streamable HTTP on PORT instead of stdio (0: any free "
                        "port; the address is printed on stderr)")
    parser.add_argument("--token-file", metavar="FILE",
                        help="with --http: the bearer token clients must send, read from FILE "
                        "(default: a new token, printed on stderr at start)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on with --http (default 127.0.0.1: this "
                        "machine only)")
    parser.add_argument("--verbose", action="store_true",
                        help="let libraries log to stderr below WARNING (quiet by default: "
                        "some clients show a server's stderr to the user)")
    add_db_flag(parser)
    add_provider_flags(parser)


async def run(args: argparse.Namespace) -> int:
    try:
        import mcp.server.mcpserver  # noqa: F401 - only to know the SDK (2.x) is there
    except ImportError as exc:
        raise UserError(INSTALL_HINT) from exc
    from gapless.engine import open_records
    from gapless.tui.mcp import server as mcp_server

    if args.http is not None and not 0 <= args.http <= 65535:
        raise UserError(f"--http must be a port between 0 and 65535 (got {args.http})")
    settings = settings_from_args(args)
    config = mcp_server.make_config(args.db, [".", *args.root], settings)
    async with open_records(args.db):  # a bad --db fails now, not at the first tool call
        pass
    server = mcp_server.build_server(config)
    mcp_server.quiet_logging(bool(getattr(args, "verbose", False)))
    if args.http is None:
        await mcp_server.serve_stdio(server)
        return EXIT_OK
    if not is_loopback(args.host):
        print(f"gapless mcp: warning: listening on {args.host}, beyond this machine, over "
              "plain HTTP: anyone who can reach it and has the token can read the files under "
              f"{config.roots.describe()}", file=sys.stderr)
    await mcp_server.serve_http(server, args.host, args.http, args.token_file)
    return EXIT_OK
