"""``gapless serve`` against what a stranger can send: the real server, raw sockets on
127.0.0.1, and everything it prints read back.

Any web page can make a browser send a request to a loopback port, and a bad request line
quotes the token the attacker put in it; the server must answer each with one line, log one
line without the query or headers, and print the token exactly once (in the URL at start).
A busy port is one sentence before any URL; a connection that never finishes its request is
closed after the header timeout.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.needs import cannot_run, not_installed
from tests.support.paths import REPO_ROOT

if (_missing := not_installed("textual_serve")) is not None:
    cannot_run(_missing)

from gapless.tui.cli import serve_guard
from tests.tui.test_serve_guard import gapless_serve_process


def send(port: int, data: bytes, wait: float = 3.0) -> bytes:
    """``data`` written raw to the server, and what it answered before closing (or ``wait``)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(data)
        got = b""
        try:
            while chunk := s.recv(65536):
                got += chunk
                if answered(got):
                    break
        except (TimeoutError, ConnectionResetError):
            pass
        return got


def answered(got: bytes) -> bool:
    """Whether ``got`` holds a whole answer: its headers and the body they announce."""
    head, sep, body = got.partition(b"\r\n\r\n")
    length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    return bool(sep) and length is not None and len(body) >= int(length.group(1))


def hostile_requests(port: int, token: str) -> list[bytes]:
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    t = token.encode()
    return [
        b"GET /static/" + b"a" * 5000 + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /static/" + b"a" * 5000 + b"?token=" + t + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /?token=" + t + b" HTTP/1.1\r\nHost:\r\n\r\n",
        b"GET /?token=" + t + b" HTTP/1.1\r\nHost: " + t + b"\r\n\r\n",
        b"GET /?token=" + t + b" HTTP/1.1\r\n" + host + b"Host: x\r\n\r\n",
        b"GET /?token=" + t + b"\x01 HTTP/1.1\r\n" + host + b"\r\n",
        b"BREW /?token=" + t + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"G\x00T /?token=" + t + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"\x00\xff\xfe" + t + b"\r\n\r\n",
        b"GET /?token=" + t + b" HTTP/1.1\r\n" + host + b"X-Long: " + t * 400 + b"\r\n\r\n",
        b"GET /" + b"%2e%2e/" * 300 + b"etc/passwd?token=" + t + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /ws/" + t + b"x HTTP/1.1\r\n" + host + b"Origin: http://evil.example\r\n\r\n",
        b"GET /download/" + t + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"POST /?token=" + t + b" HTTP/1.1\r\n" + host + b"Content-Length: 5\r\n\r\nhello",
        b"GET /?token=" + t + b" HTTP/1.1\r\n" + host + b"Referer: http://x/?token=" + t
        + b"\r\nCookie: " + t + b"\r\n\r\n",
    ]


@pytest.mark.timeout(60)
def test_no_request_makes_serve_print_its_token_or_a_traceback(tmp_path: Path) -> None:
    with gapless_serve_process(tmp_path) as (proc, url, log_path):
        port = int(url.split(":")[2].split("/")[0])
        token = url.split("token=")[1]
        answers = [send(port, request) for request in hostile_requests(port, token)]
        # the page itself still loads with the token
        page = send(port, f"GET /?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    "Connection: close\r\n\r\n".encode())
        # the server logs the long path's failure after answering it: wait for that line (a
        # fixed pause was too short on a loaded machine), then for anything logged after it
        deadline = time.monotonic() + 15
        while (not re.search(r"GET /static/a+… failed", log_path.read_text(errors="replace"))
               and time.monotonic() < deadline):
            time.sleep(0.1)
        time.sleep(0.3)
        assert proc.poll() is None, "a request ended the server"
        out = log_path.read_text(errors="replace")
    assert page.startswith(b"HTTP/1.1 200"), page[:200]
    assert out.count(token) == 1 and out.splitlines()[0].endswith(token), out
    assert "Traceback" not in out and "locals" not in out and "Guard(" not in out, out
    for line in out.splitlines():
        assert len(line) <= 260, line
    # the long path's failure is answered with one line, and logged as one
    long_path = answers[0]
    assert long_path.startswith(b"HTTP/1.1 ") and b" 500 " in long_path.split(b"\r\n")[0]
    body = long_path.split(b"\r\n\r\n", 1)[1]
    assert body.count(b"\n") == 1 and b"Traceback" not in body, body
    assert re.search(r"GET /static/a+… failed: OSError", out), out
    # no answer raised by the handlers quotes the request back
    for answer in answers[:5]:
        assert b"Traceback" not in answer


def test_a_busy_port_is_one_sentence_and_no_url(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if not k.startswith("GAPLESS_")}
        env |= {"PYTHONPATH": str(REPO_ROOT), "GAPLESS_DB": str(tmp_path / "g.db"),
                "GAPLESS_CONFIG": str(tmp_path / "config.toml")}
        done = subprocess.run(
            [sys.executable, "-m", "gapless.tui.cli", "serve", "--port", str(port)],
            cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode != 0
    assert done.stdout == "", done.stdout  # no URL was printed
    assert done.stderr.count("\n") == 1 and f"port {port}" in done.stderr, done.stderr
    assert "in use" in done.stderr and "--port" in done.stderr


def half_open(port: int, count: int) -> list[socket.socket]:
    """``count`` connections: some silent, some with part of a request line or headers."""
    opened = []
    for i in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        if i % 3 == 1:
            s.sendall(b"GET / HTTP/1.1\r\n")
        elif i % 3 == 2:
            s.sendall(b"GET /?tok")
        opened.append(s)
    return opened


def closed_by_server(s: socket.socket) -> bool:
    s.settimeout(0.01)
    try:
        return s.recv(1024) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


@pytest.mark.slow
@pytest.mark.timeout(90)
def test_half_open_connections_are_closed_after_the_header_timeout(tmp_path: Path) -> None:
    with gapless_serve_process(tmp_path) as (proc, url, _):
        port = int(url.split(":")[2].split("/")[0])
        opened = half_open(port, 50)
        started = time.monotonic()
        try:
            while not all(closed_by_server(s) for s in opened):
                assert time.monotonic() - started < serve_guard.HEADER_TIMEOUT + 10, (
                    f"{sum(not closed_by_server(s) for s in opened)} of 50 still open")
                time.sleep(0.25)
            # and the server still answers
            assert send(port, f"GET /static/css/xterm.css HTTP/1.1\r\nHost: 127.0.0.1:{port}"
                        "\r\nConnection: close\r\n\r\n".encode()).startswith(b"HTTP/1.1 200")
        finally:
            for s in opened:
                s.close()
        assert proc.poll() is None
