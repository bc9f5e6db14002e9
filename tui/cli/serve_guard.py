"""The guard in front of ``gapless serve``: who may load the workbench and drive it.

The served workbench can open any file the user can read and send it to a model, so a page
that reaches its socket must be the user's own. textual-serve checks nothing; this module
subclasses its ``Server`` and adds, in one aiohttp middleware:

- **a token**: a random secret made at start and printed in the URL
  (``http://127.0.0.1:8000/?token=...``, as Jupyter does); the page needs it in its query, the
  WebSocket in its path (``/ws/TOKEN``: textual-serve's script appends its own query to the
  socket URL). Compared in constant time; a request without it gets 403 and one sentence.
- **the Host header** must name the served address (a loopback bind accepts ``127.0.0.1``,
  ``localhost`` and ``[::1]`` at the served port): a DNS-rebound name is refused.
- **the Origin header**, when a request has one, must be the served address too, and the
  WebSocket must have one (every browser sends it): a page from another origin — another local
  port included — cannot open the socket even if it knew the token.

Static files are served without directory listings, and the page loads nothing from another
host (textual-serve's page asked a font host for its font: the bundled font is used, and a
Content-Security-Policy keeps the page's requests on the served address). A connection that
has not sent a whole request within ``HEADER_TIMEOUT`` is closed; a busy port is one sentence,
before any URL is printed; what the server logs is one line a request (``serve_log``).
SIGTERM and SIGINT end the server cleanly: each session's app is asked to quit, then
terminated, then killed, within a few seconds, and the process exits 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import errno
import hmac
import ipaddress
import logging
import re
import secrets
import shlex
import signal
import socket
import sys
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from gapless.engine import UserError
from gapless.tui.cli.serve_log import AccessLog, errors_in_one_line, install_logging
from gapless.tui.loopback import LOOPBACK_NAMES, is_loopback, url_host

log = logging.getLogger("textual-serve")

TOKEN_PARAM = "token"
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")
# How long an app is given to quit when asked, then to end after SIGTERM, before SIGKILL.
QUIT_GRACE = 2.0
TERM_GRACE = 2.0
# aiohttp's wait for request handlers still running at shutdown (its default is 60 s).
SHUTDOWN_TIMEOUT = 5.0
# How long a connection may take to send its first request (and may then stay idle) before
# it is closed: a slow or silent client cannot hold sockets open.
HEADER_TIMEOUT = 10.0
PAGE = "app_index.html"
FONT = "fonts/RobotoMono-VariableFont_wght.ttf"
# an element of the page that loads from another host (textual-serve's font link)
_EXTERNAL_LINK = re.compile(r"<link\b[^>]*\bhref=\"(?:https?:)?//[^\"]*\"[^>]*>", re.IGNORECASE)

REFUSED_TOKEN = ("403: this workbench needs the token that gapless serve printed at start — "
                 "open the full URL it printed (…/?token=…).")
REFUSED_HOST = ("403: the Host header {host!r} does not name the address gapless serve "
                "listens on, so the request is refused.")
REFUSED_ORIGIN = ("403: a page from {origin!r} may not talk to this workbench; only its own "
                  "page may.")
REFUSED_NO_ORIGIN = ("403: the workbench's WebSocket accepts only its own page, and this "
                     "request says no Origin.")

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}


def _is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def _split_authority(authority: str, default_port: int) -> tuple[str, int] | None:
    """``host[:port]`` (``[v6]:port`` for IPv6) as (lower-case host as written, port)."""
    try:
        parts = urlsplit(f"//{authority}")
        port = parts.port
    except ValueError:
        return None
    host = parts.hostname
    if (not host or parts.username is not None or parts.password is not None or parts.path
            or parts.query or parts.fragment or "?" in authority or "#" in authority):
        return None
    return url_host(host.lower()), port if port is not None else default_port


@dataclass(frozen=True)
class Guard:
    """The checks of one served address: its token and the names it answers to.

    ``names`` are the host names a request may use (lower case, IPv6 in brackets);
    ``any_ip_literal`` also accepts any IP address written as the host (a bind to every
    interface: an address cannot be DNS-rebound, only a name can)."""

    token: str
    port: int
    names: frozenset[str]
    any_ip_literal: bool = False

    @classmethod
    def for_address(cls, host: str, port: int, token: str | None = None) -> Guard:
        token = token or secrets.token_urlsafe(32)
        if is_loopback(host):
            return cls(token, port, frozenset({*LOOPBACK_NAMES, url_host(host.lower())}))
        if host in WILDCARD_ADDRESSES:
            names = {*LOOPBACK_NAMES, *_own_names()}
            return cls(token, port, frozenset(n.lower() for n in names), any_ip_literal=True)
        return cls(token, port, frozenset({url_host(host.lower())}))

    def token_ok(self, given: str | None) -> bool:
        if not given:
            return False
        return hmac.compare_digest(given.encode("utf-8"), self.token.encode("utf-8"))

    def _authority_ok(self, authority: str, default_port: int) -> bool:
        split = _split_authority(authority, default_port)
        if split is None:
            return False
        host, port = split
        if port != self.port:
            return False
        return host in self.names or (self.any_ip_literal and _is_ip_literal(host))

    def host_ok(self, host_header: str | None) -> bool:
        """The request's Host header names the served address (a browser leaves out port 80)."""
        return bool(host_header) and self._authority_ok(str(host_header), 80)

    def origin_ok(self, origin: str | None) -> bool:
        """The Origin is the served address itself (``http://HOST:PORT``, nothing else)."""
        if not origin or not origin.startswith("http://"):
            return False
        rest = origin[len("http://"):]
        return "/" not in rest and self._authority_ok(rest, 80)

    def redact(self, text: str) -> str:
        return text.replace(self.token, "<token>")


def _own_names() -> Iterable[str]:
    """This machine's own names and addresses, for a bind to every interface."""
    names = {socket.gethostname(), socket.getfqdn()}
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None):
            names.add(url_host(str(info[4][0])))
    return {n for n in names if n}


def token_of(request: web.Request) -> str | None:
    """The token a request carries: in the query of the page, in the path of the socket."""
    if request.path == "/ws" or request.path.startswith("/ws/"):
        return request.path[len("/ws/"):] or None
    return request.query.get(TOKEN_PARAM)


def needs_token(path: str) -> bool:
    return path == "/" or path == "/ws" or path.startswith("/ws/")


def refuse(text: str) -> web.Response:
    return web.Response(status=403, text=text + "\n", headers=SECURITY_HEADERS)


def guard_middleware(guard: Guard) -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def middleware(request: web.Request,
                         handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                         ) -> web.StreamResponse:
        host = request.headers.get("Host")
        if not guard.host_ok(host):
            return refuse(REFUSED_HOST.format(host=host or ""))
        origin = request.headers.get("Origin")
        if origin is not None and not guard.origin_ok(origin):
            return refuse(REFUSED_ORIGIN.format(origin=origin))
        if needs_token(request.path):
            if not guard.token_ok(token_of(request)):
                return refuse(REFUSED_TOKEN)
            if request.path != "/" and origin is None:
                return refuse(REFUSED_NO_ORIGIN)
        return await handler(request)

    return middleware


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    if response.status == 101:  # the WebSocket upgrade
        return
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.path == "/":
        response.headers["Cache-Control"] = "no-store"


class _RedactToken(logging.Filter):
    """Keeps the token out of the access log (it is printed once, in the URL, at start)."""

    def __init__(self, guard: Guard) -> None:
        super().__init__()
        self.guard = guard

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.guard.token in message:
            record.msg, record.args = self.guard.redact(message), ()
        return True


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies


def _end_with_the_server() -> None:
    """Run in a session's workbench process before it starts (Linux): it is sent SIGTERM
    when the server dies, however it dies — a server killed by SIGKILL cannot end its
    sessions itself, and a workbench left behind would keep the database and its files
    open. Elsewhere (no prctl) a session ends with the server's clean stop only."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class GuardedAppService(AppService):
    """One session's workbench process, run without a shell and ended for sure on stop:
    asked to quit, then SIGTERM, then SIGKILL."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stopping: asyncio.Task[None] | None = None

    @property
    def process(self) -> Process | None:
        return self._process

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            preexec_fn=_end_with_the_server,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    def stopping(self) -> asyncio.Task[None]:
        """The one stop of this session, started on the first call (aiohttp cancels a socket's
        handler when its connection drops, so the stop runs in a task of its own)."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        return self._stopping

    async def stop(self) -> None:
        await asyncio.shield(self.stopping())

    async def _stop(self) -> None:
        if self._task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(super().stop(), QUIT_GRACE)
            self._task = None
        await self._end_process()

    async def _end_process(self) -> None:
        process = self._process
        if process is None or process.returncode is not None:
            return
        for end in (process.terminate, process.kill):
            with contextlib.suppress(ProcessLookupError):
                end()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), TERM_GRACE)
                return


class GuardedServer(Server):
    """textual-serve's Server behind the guard; ``url`` is the address to open."""

    def __init__(self, command: str, *, host: str, port: int, title: str,
                 token: str | None = None) -> None:
        self.guard = Guard.for_address(host, port, token)
        # a bind to every interface is opened here through loopback
        self.every_interface = host in WILDCARD_ADDRESSES
        shown = ("[::1]" if host == "::" else "127.0.0.1") if self.every_interface else host
        base = f"http://{url_host(shown)}:{port}"
        super().__init__(command, host=host, port=port, title=title, public_url=base)
        self.url = f"{base}/?{TOKEN_PARAM}={self.guard.token}"
        # every session's socket and app, until the app has ended
        self._sessions: dict[web.WebSocketResponse, GuardedAppService] = {}

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[errors_in_one_line, guard_middleware(self.guard)])
        aiohttp_jinja2.setup(app, loader=jinja2.FunctionLoader(self._page_source))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{token}", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        app.on_response_prepare.append(_security_headers)
        return app

    def initialize_logging(self) -> None:
        install_logging(self.guard, self.debug)
        logging.getLogger("aiohttp.access").addFilter(_RedactToken(self.guard))

    def _page_source(self, name: str) -> str | None:
        """textual-serve's page without what it loads from another host; its font is the
        one textual-serve bundles (or the terminal font stack, if that file is missing)."""
        path = self.templates_path / name
        if name != PAGE or not path.is_file():
            return None
        page = _EXTERNAL_LINK.sub("", path.read_text(encoding="utf-8"))
        if (self.statics_path / FONT).is_file():
            face = ('<style>@font-face { font-family: "Roboto Mono"; '
                    f'src: url("{{{{ config.static.url }}}}{FONT}"); }}</style>')
            page = page.replace("</head>", face + "\n</head>", 1)
        return page

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print yet: the socket is not listening before the app has started
        (a client that read the URL would be refused), so :meth:`announce` prints it."""

    def announce(self, *_: object) -> None:
        """The URL and how to stop, once the socket listens (aiohttp's "running" hook)."""
        print(f"Serving the Gapless workbench on {self.url}", flush=True)
        if self.every_interface:
            print("(listening on every interface: from another machine, use this one's "
                  "address in place of the host above)", flush=True)
        print("Open that URL: the token in it is required. Ctrl+C (or SIGTERM) stops the "
              "server and its sessions.", flush=True)

    async def handle_index(self, request: web.Request) -> web.Response:
        # The page's URLs point at the host it was loaded from (already checked), and the
        # socket's at /ws/TOKEN.
        origin = f"http://{request.host}"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"ws://{request.host}/ws/{self.guard.token}",
            "config": {"static": {"url": f"{origin}/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template(PAGE, request, context)
        response.headers["Content-Security-Policy"] = page_policy(request.host,
                                                                  self.guard.token)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's socket handler, with sessions kept for the shutdown and the app
        run by ``GuardedAppService``."""
        websocket = web.WebSocketResponse(heartbeat=15, timeout=QUIT_GRACE)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app_service: GuardedAppService | None = None
        try:
            await websocket.prepare(request)
            app_service = GuardedAppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self._sessions[websocket] = app_service
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            if app_service is not None:
                # forgotten once its app has ended, even if this handler is cancelled
                stopping = app_service.stopping()
                stopping.add_done_callback(lambda _: self._sessions.pop(websocket, None))
                await asyncio.shield(stopping)
        return websocket

    async def on_shutdown(self, app: web.Application) -> None:
        """Every session's app is ended (asked to quit, then terminated), then its socket
        closed, before aiohttp waits for the handlers."""
        sessions = list(self._sessions.items())
        await asyncio.gather(*(service.stopping() for _, service in sessions),
                             return_exceptions=True)
        await asyncio.gather(
            *(ws.close(code=WSCloseCode.GOING_AWAY, message=b"gapless serve stopped")
              for ws, _ in sessions),
            return_exceptions=True)

    def serve(self, debug: bool = False) -> None:
        """Until SIGINT or SIGTERM: both end the sessions and return."""
        self.debug = debug
        listening = bind(self.host, self.port)  # a busy port is refused before any URL
        self.initialize_logging()
        web.run_app(self._make_app(), sock=listening, handle_signals=True,
                    shutdown_timeout=SHUTDOWN_TIMEOUT, keepalive_timeout=HEADER_TIMEOUT,
                    access_log_class=AccessLog, print=self.announce)


def page_policy(authority: str, token: str) -> str:
    """The page's Content-Security-Policy: everything from the served address (and the
    page's own inline script and styles), its socket to the same, nothing from elsewhere."""
    return ("default-src 'self'; script-src 'self' 'unsafe-inline'; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
            "font-src 'self' data:; "
            f"connect-src 'self' ws://{authority}/ws/{token}; frame-ancestors 'none'")


def bind(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or one sentence saying why it cannot be."""
    bare = host.strip("[]") or None
    try:
        found = socket.getaddrinfo(bare, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
        # IPv4 first: "localhost" is opened as 127.0.0.1 by every client
        family, kind, proto, _, address = min(found, key=lambda a: a[0] != socket.AF_INET)
    except (socket.gaierror, UnicodeError) as exc:
        raise UserError(f"--host {host} is not an address this machine can listen on "
                        f"({exc})") from exc
    listening = socket.socket(family, kind, proto)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
    except OSError as exc:
        listening.close()
        if exc.errno == errno.EADDRINUSE:
            raise UserError(f"port {port} on {host} is already in use (another gapless serve?): "
                            "stop it or choose another with --port") from exc
        raise UserError(f"cannot listen on {host} port {port}: "
                        f"{exc.strerror or exc}") from exc
    return listening
