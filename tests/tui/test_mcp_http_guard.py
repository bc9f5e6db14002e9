"""The pieces of ``tui.mcp.http_guard`` on their own: the exact names and origins of an
address, the token file, a busy port, and the ASGI guard in front of a real app (driven with
real ASGI messages, no server)."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import pytest

from gapless.engine import UserError
from tests.tui.test_mcp import needs_mcp

pytestmark = needs_mcp


def test_an_address_answers_to_its_own_port_only() -> None:
    from gapless.tui.mcp.http_guard import Address

    loop = Address.of("127.0.0.1", 8765)
    assert loop.origins == {"http://127.0.0.1:8765", "http://localhost:8765",
                            "http://[::1]:8765"}
    other = Address.of("192.0.2.9", 9000)
    assert other.names == {"192.0.2.9:9000"}
    assert not other.host_ok("192.0.2.9:9001") and not other.origin_ok(
        "http://evil.example:9000", "192.0.2.9:9000")
    every = Address.of("0.0.0.0", 9000)  # any name reaches it; an Origin must match the Host
    assert every.host_ok("192.0.2.9:9000") and not every.host_ok("")
    assert every.origin_ok("http://192.0.2.9:9000", "192.0.2.9:9000")
    assert not every.origin_ok("http://evil.example:9000", "192.0.2.9:9000")


def test_a_token_file_must_hold_a_token(tmp_path: Path) -> None:
    from gapless.tui.mcp.http_guard import read_token

    made, fresh = read_token(None)
    assert fresh and len(made) >= 40 and made != read_token(None)[0]
    good = tmp_path / "t"
    good.write_text("a-long-enough-token-1234\n# a comment\n")
    assert read_token(str(good)) == ("a-long-enough-token-1234", False)
    for text in ("short", "", "has a space in it 123456"):
        good.write_text(text)
        with pytest.raises(UserError) as caught:
            read_token(str(good))
        assert text not in str(caught.value) or not text  # the token is never echoed
    with pytest.raises(UserError, match="cannot be read"):
        read_token(str(tmp_path / "missing"))


def test_a_busy_port_is_one_sentence() -> None:
    from gapless.tui.mcp.http_guard import bind

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(UserError, match=f"port {port} on 127.0.0.1 is already in use"):
            bind("127.0.0.1", port)


def ask(app: Any, headers: dict[str, str]) -> tuple[int, bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/mcp",
             "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}
    asyncio.run(app(scope, receive, send))
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_the_guard_passes_only_the_token_from_its_own_origin() -> None:
    from gapless.tui.mcp.http_guard import Address, Guarded

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"tools"})

    app = Guarded(inner, "the-token-0123456789", Address.of("127.0.0.1", 8765))
    ok = {"Host": "127.0.0.1:8765", "Authorization": "Bearer the-token-0123456789"}
    assert ask(app, ok) == (200, b"tools")
    assert ask(app, {**ok, "Origin": "http://localhost:8765"}) == (200, b"tools")
    for bad, status in (({"Authorization": "Bearer nope"}, 401), ({"Authorization": ""}, 401),
                        ({"Origin": "http://localhost:3000"}, 403),
                        ({"Origin": "http://127.0.0.1:8765.evil.example"}, 403),
                        ({"Host": "rebind.example:8765"}, 403)):
        got, body = ask(app, {**ok, **bad})
        assert got == status and body.count(b"\n") == 1 and b"tools" not in body, bad
