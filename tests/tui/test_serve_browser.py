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

Needs the ``dev`` extra and ``apt-get install chromium``; it is skipped
with the reason when one is missing, except in CI, where it must run.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import REPO_ROOT
from tests.tui.support import fill_journal

CHROMIUM = Path("/usr/bin/chromium")


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    for module, extra in (("playwright", "dev"), ("textual_serve", "dev")):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[{extra}]')"
    return None


if (_reason := _missing()) is not None:
    if os.environ.get("CI"):
        pytest.fail(f"the browser test cannot run: {_reason} — CI must install it",
                    pytrace=False)
    pytest.skip(_reason, allow_module_level=True)

from playwright.sync_api import Page, sync_playwright  # noqa: E402

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


@contextlib.contextmanager
def gapless_serve(db: Path, tmp: Path) -> Iterator[str]:
    """``gapless serve`` on a free port; its whole process group is ended afterwards (the
    server starts one workbench process per browser session)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GAPLESS_")}
    env |= {"PYTHONPATH": str(REPO_ROOT), "GAPLESS_CONFIG": str(tmp / "config.toml"),
            "GAPLESS_DB": str(db)}
    log = (tmp / "serve.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", str(db)],
        cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True)
    try:
        end = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"gapless serve exited with {proc.returncode}:\n"
                                     + (tmp / "serve.log").read_text(errors="replace"))
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > end:
                    raise AssertionError("gapless serve did not listen within 30 s") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
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
def test_the_served_workbench_shows_the_journal_and_answers_keys(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    asyncio.run(fill_journal(db))
    started = time.monotonic()
    with gapless_serve(db, tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            # Nothing leaves this machine (the page links a web font).
            page.route("**/*", lambda route: route.continue_()
                       if route.request.url.startswith(url) else route.abort())
            page.add_init_script(KEEP_TERMINAL)
            errors: list[Any] = []
            page.on("pageerror", lambda exc: errors.append(exc))
            page.goto(url, wait_until="domcontentloaded")

            first = wait_screen(page, journal_shown, "the journal screen", tmp_path, 45)
            assert not help_shown(first)
            assert page.locator("body.-first-byte canvas").count() > 0, "nothing was painted"
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
        finally:
            browser.close()
    assert time.monotonic() - started < 90
