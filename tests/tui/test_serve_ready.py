"""``gapless serve`` prints its URL only once its socket listens: a client (a script, a test)
that connects the moment it reads the URL is never refused.

aiohttp runs the app's startup hooks before its site listens, so a URL printed there could
be read while the port still refused connections (seen on a loaded machine). The URL is
printed by run_app's "running" hook, called after every site has started.
"""

from __future__ import annotations

import socket
from typing import Any

import pytest

from tests.support.needs import cannot_run, not_installed

if (_missing := not_installed("textual_serve")) is not None:
    cannot_run(_missing)

from gapless.tui.cli import serve_guard
from gapless.tui.cli.serve_guard import GuardedServer


def test_the_url_is_printed_after_the_socket_listens(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    server = GuardedServer("true", host="127.0.0.1", port=0, title="t")
    seen: dict[str, Any] = {}

    def run_app(app: Any, **kw: Any) -> None:
        """aiohttp's order: the app's startup (nothing printed yet), the site listens, then
        its "running" hook."""
        seen.update(kw)
        listening: socket.socket = kw["sock"]
        app.close()  # (the app's coroutine, not run here)
        assert not capsys.readouterr().out
        listening.listen()
        kw["print"]("======== Running on … ========")
        listening.close()

    monkeypatch.setattr(serve_guard.web, "run_app", run_app)
    server.serve()
    out = capsys.readouterr().out
    assert seen["print"] == server.announce
    assert out.count(server.url) == 1 and "Running on" not in out
