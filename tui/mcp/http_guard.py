"""The guard in front of ``gapless mcp --http``: a bearer token and the server's own origin.

Every tool reads the user's files, so over HTTP a caller must show a secret: a random token
made at start and printed once (or read from a file given by ``--token-file``), sent as
``Authorization: Bearer TOKEN`` and compared in constant time. A request that says an
Origin must come from the server's own address exactly (a page on another local port is
another origin: the SDK's own check accepts any port of localhost), and the Host header
must name that address (a DNS-rebound name is refused). Each refusal is one line.

The socket is bound before the app is made, so the exact port (``--http 0`` picks one) is
known to both checks, and a busy port is one sentence before anything is printed.
"""

from __future__ import annotations

import errno
import hmac
import secrets
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gapless.engine import UserError
from gapless.tui.loopback import LOOPBACK_NAMES, is_loopback, url_host

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

WILDCARD_ADDRESSES = ("0.0.0.0", "::", "[::]", "")
MIN_TOKEN_CHARS = 16
NO_TOKEN = ("401: this MCP server needs the token gapless mcp printed at start, sent as the "
            "header 'Authorization: Bearer TOKEN'.")
BAD_ORIGIN = "403: a page from another origin may not call this MCP server."
BAD_HOST = "403: the Host header does not name the address this MCP server listens on."


def read_token(path: str | None) -> tuple[str, bool]:
    """The token: read from ``path`` (its first line), or made now; and whether it was made."""
    if path is None:
        return secrets.token_urlsafe(32), True
    try:
        text = Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"--token-file {path} cannot be read ({exc.__class__.__name__})") from exc
    token = (text.strip().splitlines() or [""])[0].strip()
    if len(token) < MIN_TOKEN_CHARS or any(c.isspace() for c in token):
        raise UserError(f"--token-file {path} must hold one token of at least "
                        f"{MIN_TOKEN_CHARS} characters without spaces")
    return token, False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or one sentence saying why there is none."""
    try:
        found = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
        # IPv4 first: "localhost" is opened as 127.0.0.1 by every client
        family, kind, proto, _, address = min(found, key=lambda a: a[0] != socket.AF_INET)
    except (socket.gaierror, UnicodeError) as exc:
        raise UserError(f"--host {host} is not an address this machine can listen on") from exc
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise UserError(f"port {port} on {host} is already in use: choose another with "
                            "--http PORT (0 picks a free one)") from exc
        raise UserError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from exc
    sock.setblocking(False)
    return sock


@dataclass(frozen=True)
class Address:
    """The names a request may use for this server, and its origins (``http://NAME``).

    A bind to every interface (``0.0.0.0``, ``::``) answers to whatever name reaches it
    (``names`` is empty): the token is the guard there, and an Origin must still be the
    address the request itself names."""

    names: frozenset[str]

    @classmethod
    def of(cls, host: str, port: int) -> Address:
        if host in WILDCARD_ADDRESSES:
            return cls(frozenset())
        hosts = LOOPBACK_NAMES if is_loopback(host) else (url_host(host),)
        return cls(frozenset(f"{h.lower()}:{port}" for h in {*hosts, url_host(host)}))

    @property
    def origins(self) -> frozenset[str]:
        return frozenset(f"http://{n}" for n in self.names)

    def host_ok(self, host: str) -> bool:
        return host in self.names if self.names else bool(host)

    def origin_ok(self, origin: str, host: str) -> bool:
        return origin in self.origins if self.names else origin == f"http://{host}"


class Guarded:
    """An ASGI app behind the token, Host and Origin checks (lifespan events pass through)."""

    def __init__(self, app: ASGIApp, token: str, address: Address) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()
        self.address = address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # MCP has none: refused outright
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for name, value in scope.get("headers", []):
            headers.setdefault(bytes(name).lower(), bytes(value))
        host = headers.get(b"host", b"").decode("latin-1").lower()
        origin = headers.get(b"origin")
        if not self.address.host_ok(host):
            await refuse(send, 403, BAD_HOST)
        elif origin is not None and not self.address.origin_ok(origin.decode("latin-1"), host):
            await refuse(send, 403, BAD_ORIGIN)
        elif not hmac.compare_digest(headers.get(b"authorization", b""), self.expected):
            await refuse(send, 401, NO_TOKEN, [(b"www-authenticate", b"Bearer")])
        else:
            await self.app(scope, receive, send)


async def refuse(send: Send, status: int, sentence: str,
                 extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = (sentence + "\n").encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), *(extra or [])]})
    await send({"type": "http.response.body", "body": body})
