"""The guard of ``gapless serve`` (``tui.cli.serve_guard``): token, Host, Origin, listings and
the end of sessions, checked on a real aiohttp server on 127.0.0.1.

The served command is a small stand-in for a Textual app speaking textual-serve's protocol
(``__GANGLION__``, then length-prefixed packets): it echoes what the socket types, so a test
sees whether a socket really drives the app. The last test runs the real ``gapless serve``
with the real workbench and ends it with SIGTERM while a client is attached.

Needs textual-serve (the ``dev`` extra); skipped without it, except in CI, where it must run.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.support.needs import cannot_run, not_installed
from tests.support.paths import REPO_ROOT

if (_missing := not_installed("textual_serve")) is not None:
    cannot_run(_missing)

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from gapless.tui.cli import main as cli_main
from gapless.tui.cli import serve_guard
from gapless.tui.cli.serve_guard import Guard, GuardedServer

# A stand-in Textual app: announces itself, echoes typed data, exits when asked to quit
# (or, STUBBORN, ignores both the quit and SIGTERM).
FAKE_APP = r"""
import json, signal, sys
STUBBORN = sys.argv[1:] == ["stubborn"]
if STUBBORN:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
out, inp = sys.stdout.buffer, sys.stdin.buffer
def send(kind, payload):
    out.write(kind + len(payload).to_bytes(4, "big") + payload)
    out.flush()
out.write(b"__GANGLION__\n")
send(b"D", b"ready")
while True:
    head = inp.read(5)
    if len(head) < 5:
        break
    body = inp.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"D":
        send(b"D", b"echo:" + body)
    elif json.loads(body).get("type") == "quit" and not STUBBORN:
        send(b"M", json.dumps({"type": "exit"}).encode())
        break
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------------- the checks


def test_the_token_is_random_long_and_compared_exactly() -> None:
    a, b = Guard.for_address("127.0.0.1", 8000), Guard.for_address("127.0.0.1", 8000)
    assert a.token != b.token and len(a.token) >= 40
    assert a.token_ok(a.token)
    for wrong in (None, "", b.token, a.token[:-1], a.token + "x", a.token.upper(), " " + a.token):
        assert not a.token_ok(wrong), wrong


def test_a_loopback_bind_answers_to_its_loopback_names_at_its_port_only() -> None:
    g = Guard.for_address("127.0.0.1", 8123, "t")
    for ok in ("127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123"):
        assert g.host_ok(ok), ok
        assert g.origin_ok(f"http://{ok}"), ok
    for bad in ("evil.example:8123", "127.0.0.1:8124", "127.0.0.1", "localhost",
                "127.0.0.1.nip.io:8123", "localhost.evil.example:8123", "user@127.0.0.1:8123",
                "127.0.0.1:8123/x", "127.0.0.1:8123?x", "127.0.0.1:8123#", "10.0.0.1:8123",
                "", None):
        assert not g.host_ok(bad), bad
    for bad in ("https://127.0.0.1:8123", "http://127.0.0.1:8124", "http://evil.example:8123",
                "null", "", None, "http://127.0.0.1:8123/path", "ws://127.0.0.1:8123",
                "http://127.0.0.1"):
        assert not g.origin_ok(bad), bad
    # the same rules for a bind to ::1 or localhost
    assert Guard.for_address("::1", 8123, "t").host_ok("localhost:8123")
    assert Guard.for_address("localhost", 8123, "t").origin_ok("http://[::1]:8123")
    assert Guard.for_address("127.0.0.2", 8123, "t").host_ok("127.0.0.2:8123")


def test_port_80_may_be_left_out_as_browsers_do() -> None:
    g = Guard.for_address("127.0.0.1", 80, "t")
    assert g.host_ok("127.0.0.1") and g.origin_ok("http://localhost")
    assert not g.host_ok("127.0.0.1:8080")


def test_another_bind_answers_to_its_own_address_and_a_wildcard_to_addresses_not_names() -> None:
    g = Guard.for_address("192.0.2.7", 9000, "t")
    assert g.host_ok("192.0.2.7:9000") and g.origin_ok("http://192.0.2.7:9000")
    assert not g.host_ok("127.0.0.1:9000") and not g.host_ok("evil.example:9000")
    w = Guard.for_address("0.0.0.0", 9000, "t")
    # an address cannot be DNS-rebound, a name can
    assert w.host_ok("192.0.2.7:9000") and w.host_ok("127.0.0.1:9000")
    assert w.host_ok(f"{socket.gethostname()}:9000")
    assert not w.host_ok("evil.example:9000") and not w.host_ok("192.0.2.7:9001")


def test_the_token_never_reaches_the_access_log() -> None:
    g = Guard.for_address("127.0.0.1", 8000)
    stream = io.StringIO()
    logger = logging.getLogger("test-serve-guard-redact")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    handler = logging.StreamHandler(stream)
    logger.addHandler(handler)
    logger.addFilter(serve_guard._RedactToken(g))
    try:
        logger.info('"GET /?token=%s HTTP/1.1" 200', g.token)
        logger.info('"GET /ws/%s?width=80 HTTP/1.1" 101', g.token)
    finally:
        logger.removeHandler(handler)
    assert g.token not in stream.getvalue()
    assert "token=<token>" in stream.getvalue() and "/ws/<token>?" in stream.getvalue()


# ------------------------------------------------------------------------ the real server


@contextlib.asynccontextmanager
async def served(tmp_path: Path, *args: str) -> AsyncIterator[tuple[TestClient, GuardedServer]]:
    fake = tmp_path / "fake_app.py"
    fake.write_text(FAKE_APP)
    port = free_port()
    server = GuardedServer(shlex.join([sys.executable, str(fake), *args]), host="127.0.0.1",
                           port=port, title="test")
    client = TestClient(TestServer(await server._make_app(), host="127.0.0.1", port=port))
    await client.start_server()
    try:
        yield client, server
    finally:
        await client.close()


async def test_the_page_needs_the_token(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, server):
        token = server.guard.token
        for query in ("", "?token=", "?token=wrong", f"?token={token[:-2]}", f"?tok={token}"):
            resp = await client.get("/" + query)
            text = await resp.text()
            assert resp.status == 403, query
            assert "token" in text and token not in text
            assert text.count("\n") == 1 and text.rstrip().endswith("."), text  # one sentence
        resp = await client.get(f"/?token={token}")
        page = await resp.text()
        assert resp.status == 200
        port = server.port
        assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/{token}"' in page
        assert resp.headers["X-Frame-Options"] == "DENY"
        assert resp.headers["Referrer-Policy"] == "no-referrer"
        assert resp.headers["Cache-Control"] == "no-store"
        assert server.url == f"http://127.0.0.1:{port}/?token={token}"
        # loaded as localhost, the page's own URLs say localhost (its socket's Origin matches)
        resp = await client.get(f"/?token={token}", headers={"Host": f"localhost:{port}"})
        assert f'"ws://localhost:{port}/ws/{token}"' in await resp.text()


async def test_a_foreign_host_header_is_refused_even_with_the_token(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, server):
        port, token = server.port, server.guard.token
        for host in (f"rebind.example:{port}", f"127.0.0.1:{port + 1}", "127.0.0.1"):
            for path in (f"/?token={token}", "/static/js/textual.js"):
                resp = await client.get(path, headers={"Host": host})
                assert resp.status == 403, (host, path)
                assert "Host header" in await resp.text()
        resp = await client.get(f"/?token={token}", headers={"Host": f"[::1]:{port}"})
        assert resp.status == 200


async def test_static_files_are_served_but_never_listed(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, _):
        resp = await client.get("/static/js/textual.js")
        assert resp.status == 200 and len(await resp.read()) > 1000
        for path in ("/static/", "/static/js/", "/static/js", "/static/css/"):
            resp = await client.get(path)
            body = await resp.text()
            assert resp.status in (403, 404), path
            assert "textual.js" not in body and "xterm.css" not in body and "<a" not in body


async def test_the_socket_needs_the_token_and_its_own_origin(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, server):
        port, token = server.port, server.guard.token
        own = f"http://127.0.0.1:{port}"
        refused = [
            (f"/ws/{token}", f"http://127.0.0.1:{free_port()}"),  # another local port
            (f"/ws/{token}", f"http://rebind.example:{port}"),
            (f"/ws/{token}", "null"),
            (f"/ws/{token}", None),                                # no Origin at all
            ("/ws/wrong", own),
            ("/ws", own),
            (f"/ws/{token[:-1]}", own),
        ]
        for path, origin in refused:
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                async with client.ws_connect(path + "?width=80&height=24",
                                             origin=origin):  # type: ignore[arg-type]
                    pass
            assert err.value.status == 403, (path, origin)
        assert not server._sessions  # no app was started for any of them

        for origin in (own, f"http://localhost:{port}"):
            async with client.ws_connect(f"/ws/{token}?width=80&height=24", origin=origin) as ws:
                assert (await ws.receive_bytes(timeout=10)) == b"ready"
                await ws.send_json(["stdin", "N/etc/passwd"])
                assert (await ws.receive_bytes(timeout=10)) == b"echo:N/etc/passwd"


async def test_a_session_that_ends_ends_its_app_even_one_that_ignores_quit_and_sigterm(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve_guard, "QUIT_GRACE", 0.3)
    monkeypatch.setattr(serve_guard, "TERM_GRACE", 0.3)
    async with served(tmp_path, "stubborn") as (client, server):
        origin = f"http://127.0.0.1:{server.port}"
        async with client.ws_connect(f"/ws/{server.guard.token}", origin=origin) as ws:
            assert (await ws.receive_bytes(timeout=10)) == b"ready"
            (service,) = server._sessions.values()
            process = service.process
            assert process is not None and process.returncode is None
        started = time.monotonic()
        await asyncio.wait_for(process.wait(), 5)
        assert process.returncode == -signal.SIGKILL
        assert time.monotonic() - started < 3


# ------------------------------------------------------------------------------- the CLI


def test_a_host_that_is_not_loopback_needs_allow_remote(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    served_on: list[str] = []
    monkeypatch.setattr(GuardedServer, "serve",
                        lambda self, debug=False: served_on.append(self.url))
    assert cli_main.main(["serve", "--host", "0.0.0.0", "--port", "8000"]) == 2
    err = capsys.readouterr().err
    assert "--allow-remote" in err and err.count("\n") == 1 and not served_on

    assert cli_main.main(["serve", "--host", "0.0.0.0", "--port", "8000",
                          "--allow-remote"]) == 0
    err = capsys.readouterr().err
    assert "warning" in err and "not loopback" in err
    # a bind to every interface is opened through loopback
    assert len(served_on) == 1 and served_on[0].startswith("http://127.0.0.1:8000/?token=")

    assert cli_main.main(["serve", "--host", "::1", "--port", "8000"]) == 0
    assert "warning" not in capsys.readouterr().err
    assert served_on[1].startswith("http://[::1]:8000/?token=")


@contextlib.contextmanager
def gapless_serve_process(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GAPLESS_")}
    env |= {"PYTHONPATH": str(REPO_ROOT), "GAPLESS_CONFIG": str(tmp_path / "config.toml"),
            "GAPLESS_DB": str(tmp_path / "g.db")}
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gapless.tui.cli", "serve", "--port", str(port)],
            cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        end = time.monotonic() + 30
        while not (m := re.search(rb"http://\S+\?token=\S+", log_path.read_bytes())):
            assert proc.poll() is None, log_path.read_text(errors="replace")
            assert time.monotonic() < end, "gapless serve printed no URL within 30 s"
            time.sleep(0.1)
        yield proc, m.group().decode(), log_path
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.timeout(60)
async def test_sigterm_ends_serve_promptly_with_exit_0_while_a_browser_is_attached(
        tmp_path: Path) -> None:
    with gapless_serve_process(tmp_path) as (proc, url, log_path):
        base, token = url.split("/?token=")
        async with aiohttp.ClientSession() as session, session.ws_connect(
                f"{base}/ws/{token}?width=100&height=30", origin=base) as ws:
            # the real workbench draws its first screen
            got = b""
            end = time.monotonic() + 30
            while b"Gapless" not in got and b"ournal" not in got:
                assert time.monotonic() < end, f"nothing drawn; log:\n{log_path.read_text()}"
                msg = await ws.receive(timeout=30)
                assert msg.type == aiohttp.WSMsgType.BINARY, msg
                got += msg.data
            (app,) = children(proc.pid)

            started = time.monotonic()
            proc.send_signal(signal.SIGTERM)  # to serve alone, not its process group
            while proc.poll() is None:
                assert time.monotonic() - started < 8, "serve ignored SIGTERM"
                await asyncio.sleep(0.05)
            assert proc.returncode == 0, log_path.read_text(errors="replace")
            assert time.monotonic() - started < 5
            assert not alive(app), "the session's workbench outlived serve"
            # the browser's socket is closed, not left hanging
            while (msg := await ws.receive(timeout=5)).type not in (
                    aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                    aiohttp.WSMsgType.CLOSING):
                pass
        log_text = log_path.read_text(errors="replace")
        assert "Traceback" not in log_text, log_text
        assert token not in log_text.split("\n", 1)[1]  # printed once, in the URL


@pytest.mark.timeout(60)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
async def test_a_serve_killed_by_sigkill_leaves_no_workbench_behind(tmp_path: Path) -> None:
    with gapless_serve_process(tmp_path) as (proc, url, log_path):
        base, token = url.split("/?token=")
        async with aiohttp.ClientSession() as session, session.ws_connect(
                f"{base}/ws/{token}?width=100&height=30", origin=base) as ws:
            end = time.monotonic() + 30
            while not children(proc.pid):
                assert time.monotonic() < end, f"no workbench started:\n{log_path.read_text()}"
                await ws.receive(timeout=30)
            (app,) = children(proc.pid)
            proc.send_signal(signal.SIGKILL)  # to serve alone: it cannot end its sessions
            proc.wait(5)
            end = time.monotonic() + 10
            while alive(app):
                assert time.monotonic() < end, "the workbench outlived a killed serve"
                await asyncio.sleep(0.05)
