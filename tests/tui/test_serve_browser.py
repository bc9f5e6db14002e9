"""``gapless serve`` in a real browser: headless Chromium loads the served workbench, sees
the journal screen of a real database and drives it with the keyboard.

``gapless serve`` runs as a subprocess on a free port of 127.0.0.1 with a temporary
``--db`` holding journal entries. Playwright drives Debian's chromium (``/usr/bin/chromium``;
Playwright's own browser download is never used). textual-serve draws the app with xterm.js
on a canvas, so the page holds no text to query; what the terminal shows is read from
xterm.js's own screen buffer (its public ``buffer.active`` API), the model its renderer
paints from, through a hook that keeps the page's Terminal when textual-serve creates it.
Screenshots before and after each key prove the painted page changed too (they are kept in
the test's temporary folder for a look when it fails).

The same server is then attacked as a web page would: a page served from another local port
tries to open the workbench's socket (even with the right token) and type into it; the page
is loaded without the token and with a wrong one; and through a DNS name rebound to
127.0.0.1 (Chromium's ``--host-resolver-rules``), so the request carries a foreign Host header.

Needs the ``dev`` extra and ``apt-get install chromium``; it is skipped
with the reason when one is missing, except in CI, where it must run.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.server
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.needs import cannot_run, not_installed
from tests.support.paths import REPO_ROOT
from tests.tui.support import fill_journal

CHROMIUM = Path("/usr/bin/chromium")


if (_missing := f"{CHROMIUM} is missing (apt-get install chromium)" if not CHROMIUM.exists()
        else not_installed("playwright", "textual_serve")) is not None:
    cannot_run(_missing)

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

# textual-serve keeps its Terminal in a closure; this setter on Object.prototype sees the
# assignment ``this.terminal = new Terminal(...)`` and keeps the value (then makes it an
# ordinary property again, so the page behaves exactly as before).
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    if (value && value.buffer && typeof value.onData === 'function') {
      window.__terminals = (window.__terminals || []).concat([value]);
    }
    Object.defineProperty(this, 'terminal',
      {value, writable: true, configurable: true, enumerable: true});
  },
});
"""
SCREEN = """() => {
  const term = (window.__terminals || [])[0];
  if (!term) return null;
  const buf = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buf.getLine(buf.viewportY + y);
    rows.push(line ? line.translateToString(true) : '');
  }
  return rows.join('\\n');
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Served:
    proc: subprocess.Popen[bytes]
    base: str   # http://127.0.0.1:PORT
    url: str    # the URL serve printed: base/?token=...
    token: str
    port: int
    log: Path


@contextlib.contextmanager
def gapless_serve(db: Path, tmp: Path) -> Iterator[Served]:
    """``gapless serve`` on a free port, with the URL and token it printed; its whole process
    group is ended afterwards (the server starts one workbench process per browser session)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GAPLESS_")}
    env |= {"PYTHONPATH": str(REPO_ROOT), "GAPLESS_CONFIG": str(tmp / "config.toml"),
            "GAPLESS_DB": str(db)}
    log_path = tmp / "serve.log"
    log = log_path.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "gapless.tui.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", str(db)],
        cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True)
    try:
        end = time.monotonic() + 30
        while not (found := re.search(rb"(http://127\.0\.0\.1:\d+)/\?token=([\w-]+)",
                                      log_path.read_bytes())):
            if proc.poll() is not None:
                raise AssertionError(f"gapless serve exited with {proc.returncode}:\n"
                                     + log_path.read_text(errors="replace"))
            if time.monotonic() > end:
                raise AssertionError("gapless serve printed no URL within 30 s")
            time.sleep(0.1)
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
        base, token = found.group(1).decode(), found.group(2).decode()
        assert base == f"http://127.0.0.1:{port}"
        yield Served(proc, base, f"{base}/?token={token}", token, port, log_path)
    finally:
        for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, sig)
            try:
                proc.wait(wait)
                break
            except subprocess.TimeoutExpired:
                continue
        with contextlib.suppress(ProcessLookupError):  # the session's workbench, if left
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("serve")
    db = tmp / "g.db"
    asyncio.run(fill_journal(db))
    with gapless_serve(db, tmp) as it:
        yield it


REBOUND = "rebind.test"  # a name an attacker's DNS points at 127.0.0.1


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True,
            args=[f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"])
        try:
            yield chromium
        finally:
            chromium.close()


def screen(page: Page) -> str:
    return page.evaluate(SCREEN) or ""


def wait_screen(page: Page, cond: Callable[[str], bool], what: str, tmp: Path,
                timeout: float = 30.0) -> str:
    end = time.monotonic() + timeout
    text = ""
    while time.monotonic() < end:
        text = screen(page)
        if cond(text):
            return text
        page.wait_for_timeout(100)
    page.screenshot(path=str(tmp / "timeout.png"))
    raise AssertionError(f"the browser never showed {what} (screenshot: {tmp / 'timeout.png'}; "
                         f"server log: {tmp / 'serve.log'}); the terminal showed:\n{text}")


def journal_shown(text: str) -> bool:
    """The journal screen, with the weeks of the entries in this database."""
    return all(s in text for s in ("Entries", "2026-02-23", "2026-02-16"))


def help_shown(text: str) -> bool:
    return "Gapless workbench" in text and "Everywhere" in text


@pytest.mark.timeout(120)
@pytest.mark.slow
def test_the_served_workbench_shows_the_journal_and_answers_keys(
        served: Served, browser: Browser, tmp_path: Path) -> None:
    started = time.monotonic()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        # The page asks nothing of another host (it once linked a web font); such a request
        # would be recorded and stopped here, so nothing leaves the machine either way.
        elsewhere: list[str] = []

        def only_here(route: Any) -> None:
            if route.request.url.startswith(served.base + "/"):
                route.continue_()
            else:
                elsewhere.append(route.request.url)
                route.abort()

        page.route("**/*", only_here)
        page.add_init_script(KEEP_TERMINAL)
        errors: list[Any] = []
        page.on("pageerror", lambda exc: errors.append(exc))
        refused: list[str] = []  # what the page's Content-Security-Policy blocked
        page.on("console", lambda msg: refused.append(msg.text)
                if "Content Security Policy" in msg.text else None)
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        response = page.goto(served.url, wait_until="domcontentloaded")
        assert response is not None and response.status == 200

        first = wait_screen(page, journal_shown, "the journal screen", tmp_path, 45)
        assert not help_shown(first)
        assert page.locator("body.-first-byte canvas").count() > 0, "nothing was painted"
        assert sockets and sockets[0].startswith(f"ws://127.0.0.1:{served.port}/ws/"
                                                 f"{served.token}?")
        before = page.screenshot(path=str(tmp_path / "journal.png"))

        # ? opens the help over the journal
        page.locator(".xterm-helper-textarea").focus()
        page.keyboard.press("?")
        wait_screen(page, help_shown, "the help screen after ?", tmp_path)
        helped = page.screenshot(path=str(tmp_path / "help.png"))
        assert helped != before

        # escape closes it: the journal again, as it was
        page.keyboard.press("Escape")
        back = wait_screen(page, lambda t: journal_shown(t) and not help_shown(t),
                           "the journal again after escape", tmp_path)
        assert "2026-02-23" in back
        assert page.screenshot(path=str(tmp_path / "back.png")) != helped
        assert not errors, f"the page raised: {errors}"
        assert not elsewhere, f"the page asked another host: {elsewhere}"
        assert not refused, f"the page's own policy blocked: {refused}"
    finally:
        page.close()
    assert time.monotonic() - started < 90
    assert served.token not in served.log.read_text(errors="replace").split("\n", 1)[1]


def refused_page(browser: Browser, url: str) -> tuple[int, str, list[str]]:
    """Status and text of ``url`` in a fresh page, and the sockets that page opened."""
    page = browser.new_page()
    try:
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        response = page.goto(url, wait_until="load")
        assert response is not None
        page.wait_for_timeout(300)
        return response.status, page.inner_text("body"), sockets
    finally:
        page.close()


@pytest.mark.timeout(60)
@pytest.mark.slow
def test_the_workbench_is_refused_without_its_token_or_under_another_name(
        served: Served, browser: Browser) -> None:
    for url in (served.base + "/", f"{served.base}/?token=", f"{served.base}/?token=guess",
                f"{served.base}/?token={served.token[:-1]}"):
        status, text, sockets = refused_page(browser, url)
        assert status == 403, url
        assert "needs the token" in text and served.token not in text
        assert not sockets
    # DNS rebinding: a name that now points at 127.0.0.1; even the right token is refused
    rebound = f"http://{REBOUND}:{served.port}/?token={served.token}"
    status, text, sockets = refused_page(browser, rebound)
    assert status == 403 and "Host header" in text and REBOUND in text
    assert not sockets
    # localhost is the same machine's own name: that works
    page = browser.new_page()
    try:
        response = page.goto(f"http://localhost:{served.port}/?token={served.token}",
                             wait_until="domcontentloaded")
        assert response is not None and response.status == 200
    finally:
        page.close()


# Opens a socket to ``target``, types N and a path into it when open, counts what comes back;
# resolves on close, or after the first screen bytes (then closes), or after 8 s.
DRIVE_SOCKET = """(target) => new Promise((resolve) => {
  const seen = {target, opened: false, messages: 0, error: false, code: null};
  const ws = new WebSocket(target);
  ws.binaryType = 'arraybuffer';
  ws.onopen = () => {
    seen.opened = true;
    ws.send(JSON.stringify(['stdin', 'N']));
    ws.send(JSON.stringify(['stdin', '/etc/passwd\\r']));
  };
  ws.onmessage = () => { seen.messages += 1; if (seen.messages === 1) ws.close(); };
  ws.onerror = () => { seen.error = true; };
  ws.onclose = (e) => { seen.code = e.code; resolve(seen); };
  setTimeout(() => resolve(seen), 8000);
})"""


@contextlib.contextmanager
def attacker_site(targets: list[str]) -> Iterator[str]:
    """Another local web server (another port, so another origin) whose page tries each
    target socket on load and leaves what happened in ``window.attack``."""
    page = ("<!doctype html><title>not the workbench</title><script>"
            f"Promise.all({json.dumps(targets)}.map({DRIVE_SOCKET}))"
            ".then((r) => { window.attack = r; });</script>").encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def session_processes(served: Served) -> list[int]:
    """The workbench processes serve runs now (one per open session)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == served.proc.pid and fields[0] != "Z":
                found.append(int(stat.parent.name))
    return found


@pytest.mark.timeout(90)
@pytest.mark.slow
def test_a_page_from_another_origin_cannot_open_the_socket_or_drive_the_workbench(
        served: Served, browser: Browser) -> None:
    ws_base = f"ws://127.0.0.1:{served.port}"
    # the right token (as if it had leaked), a guess, and none
    targets = [f"{ws_base}/ws/{served.token}?width=80&height=24",
               f"{ws_base}/ws/guess?width=80&height=24", f"{ws_base}/ws?width=80&height=24"]
    end = time.monotonic() + 20
    while session_processes(served):  # an earlier test's session ending
        assert time.monotonic() < end
        time.sleep(0.1)
    with attacker_site(targets) as attacker:
        page = browser.new_page()
        try:
            page.goto(attacker)
            page.wait_for_function("() => window.attack !== undefined", timeout=20_000)
            results = page.evaluate("() => window.attack")
        finally:
            page.close()
    assert len(results) == 3
    for seen in results:
        assert not seen["opened"], seen
        assert seen["messages"] == 0 and seen["error"] and seen["code"] == 1006, seen
    assert not session_processes(served), "a workbench was started for the other origin"
    access = served.log.read_text(errors="replace")
    assert len(re.findall(r"GET\s+/ws\S*\s+403", access)) >= 3, access

    # The same script on the workbench's own page does open the socket and gets the screen:
    # what stopped the attacker's page was its origin.
    page = browser.new_page()
    try:
        page.route("**/*", lambda route: route.continue_()
                   if route.request.url.startswith(served.base + "/") else route.abort())
        page.goto(served.url, wait_until="domcontentloaded")
        own = page.evaluate(DRIVE_SOCKET, targets[0])
    finally:
        page.close()
    assert own["opened"] and own["messages"] >= 1, own
