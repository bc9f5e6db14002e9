"""What ``gapless serve`` says about requests: one line each, never a request's secrets.

A request is written by whoever can reach the socket (any web page can make a browser send
one), so neither its query, its headers nor the exception it raised is echoed whole: the
access log names the method, the path (cut short) and the status; an error names its class;
every line is cut to one and has the token replaced. A handler's exception is answered with
one line and a 500, never with a traceback (textual-serve's logging printed tracebacks with
their local variables, the guard and its token among them).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

if TYPE_CHECKING:
    from gapless.tui.cli.serve_guard import Guard

LINE_LIMIT = 200
PATH_LIMIT = 80
SERVER_ERROR = "500: the workbench server failed on this request; the server's log names the error."


def shorten(text: str, limit: int) -> str:
    """``text`` on one line and at most ``limit`` characters (an ellipsis marks a cut)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


class OneLine(logging.Formatter):
    """A record as one short line: its message, then its exception's class, the token hidden.

    A message from aiohttp may quote the raw request (a bad request line, with its query), so
    the token is replaced in the message before it is cut."""

    def __init__(self, secrets: Callable[[], list[str]]) -> None:
        super().__init__()
        self.secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            message = str(record.msg)
        if record.exc_info and record.exc_info[0] is not None:
            message = f"{message}: {record.exc_info[0].__name__}"
        for secret in self.secrets():
            if secret:
                message = message.replace(secret, "<token>")
        return f"gapless serve: {record.levelname.lower()}: {shorten(message, LINE_LIMIT)}"


def install_logging(guard: Guard, debug: bool = False) -> None:
    """Every logger's records go to stderr through ``OneLine`` (replacing textual-serve's rich
    handler, which printed tracebacks with locals)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine(lambda: [guard.token]))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if debug else logging.INFO)


class AccessLog(AbstractAccessLogger):
    """One line a request: the method, the path without its query, the status."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %s", shorten(request.method, 16),
                         shorten(request.path, PATH_LIMIT), response.status)


@web.middleware
async def errors_in_one_line(request: web.Request,
                             handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                             ) -> web.StreamResponse:
    """A handler's exception becomes a 500 with one line; the log names its class only."""
    try:
        return await handler(request)
    except web.HTTPException:
        raise
    except Exception as exc:
        logging.getLogger("gapless.serve").error(
            "%s %s failed: %s", shorten(request.method, 16), shorten(request.path, PATH_LIMIT),
            type(exc).__name__)
        return web.Response(status=500, text=SERVER_ERROR + "\n")
