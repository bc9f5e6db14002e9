"""``gapless mcp`` against a caller it does not trust: the real server over streamable HTTP
on 127.0.0.1 (and in process for the tools' answers), probed as a local process or a web
page would.

Over HTTP a caller needs the bearer token the server printed (or the one in --token-file), a
page's Origin must be the server's own exactly (another port of localhost is another origin),
and the Host must name it. ``why`` and ``journal`` tell only runs whose files lie under the
roots; a NUL byte in a path, arguments that break a schema and a folder holding a named pipe
are each one line, and the server keeps answering.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import REPO_ROOT
from tests.tui.test_mcp import (
    CALL_TIMEOUT,
    assert_tool_error,
    authed_client,
    call,
    http_server,
    needs_mcp,
    server_env,
    text_of,
)

pytestmark = [needs_mcp, pytest.mark.slow]  # each starts a server or runs the CLI (4-8 s)


@pytest.fixture
def rig(tmp_path: Path) -> dict[str, Path]:
    """A working directory, a root, a folder outside every root, and the database."""
    paths = {name: tmp_path / name for name in ("work", "root", "outside")}
    for folder in paths.values():
        folder.mkdir()
    (paths["outside"] / "secret.txt").write_text("not for agents\n" * 50)
    return {**paths, "db": tmp_path / "mcp.db", "config": tmp_path / "config.toml"}


async def seed_journal(db: Path, runs: dict[str, str]) -> None:
    """One journal entry a run, each under a project named after it."""
    from gapless.engine.journal.daily import write_entry
    from gapless.engine.service import RunResult
    from gapless.engine.store import Store

    store = await Store.open(db)
    try:
        for name, rid in runs.items():
            entry = {"headline": f"Entry of {name}", "summary": "A day.",
                     "topics": ["a", "b", "c"], "open_questions": []}
            result = RunResult(run_id=rid, status="complete", coverage=1.0, residual_gaps=[],
                               entry=entry, calls=1, tokens_in=1, tokens_out=1, bytes_read=1,
                               input_bytes=1, strategy="oneshot")
            await write_entry(store, "2026-03-02", name, result)
    finally:
        await store.close()

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "probe", "version": "0"}}}


def post(url: str, headers: dict[str, str], body: Any = INIT) -> tuple[int, str]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
        **headers})
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            return resp.status, resp.read(2000).decode(errors="replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


@pytest.mark.timeout(90)
def test_http_needs_the_token_and_the_servers_own_origin(rig: dict[str, Path]) -> None:
    with http_server(rig) as (url, token):
        port = int(url.split(":")[2].split("/")[0])
        auth = {"Authorization": f"Bearer {token}"}
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": token},
                        {"Authorization": f"Bearer {token[:-1]}"},
                        {"Authorization": f"bearer  {token}"}):
            status, text = post(url, headers)
            assert status == 401, (headers, status, text)
            assert text.count("\n") == 1 and "Authorization: Bearer" in text
        for origin in (f"http://localhost:{port + 1}", "http://evil.example", "null",
                       f"https://127.0.0.1:{port}", f"http://127.0.0.1:{port}/x"):
            status, text = post(url, {**auth, "Origin": origin})
            assert status == 403 and text.count("\n") == 1, (origin, status, text)
        status, _ = post(url, {**auth, "Host": f"rebind.example:{port}"})
        assert status == 403
        for origin in (None, f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            status, text = post(url, {**auth, **({"Origin": origin} if origin else {})})
            assert status == 200, (origin, status, text)
        log = (rig["work"] / "server.log").read_text()
    assert log.count(token) == 1  # printed once, at start


@pytest.mark.timeout(90)
async def test_a_token_file_is_used_and_never_printed(rig: dict[str, Path]) -> None:
    token = "file-token-" + "9f8e7d6c5b4a" * 3
    path = rig["work"] / "mcp.token"
    path.write_text(token + "\n")
    with http_server(rig, "--token-file", str(path)) as (url, printed):
        assert printed == ""
        assert post(url, {"Authorization": "Bearer nope-nope-nope-nope"})[0] == 401
        async with authed_client(url, token) as client:
            listed = await asyncio.wait_for(client.list_tools(), CALL_TIMEOUT)
            assert {t.name for t in listed.tools} >= {"why", "journal"}
        log = (rig["work"] / "server.log").read_text()
    assert token not in log and str(path) in log


def cli(rig: dict[str, Path], *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **server_env(rig)}
    return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args, "--db",
                           str(rig["db"])], capture_output=True, text=True, env=env,
                          cwd=rig["work"], check=False, timeout=60)


@pytest.mark.timeout(120)
async def test_why_and_journal_tell_only_runs_under_the_roots(rig: dict[str, Path]) -> None:
    from mcp import Client

    from gapless.engine.config import Settings
    from gapless.tui.mcp.server import build_server, make_config

    inside = rig["root"] / "notes.md"
    inside.write_text("# Inside\n\nThe roots hold this file about the release plan.\n")
    made = {}
    for name, path in (("outside", rig["outside"] / "secret.txt"), ("inside", inside),
                       ("relative", Path("rel.md"))):
        if name == "relative":
            (rig["work"] / "rel.md").write_text("# Relative\n\nWritten where the CLI ran.\n")
        out = cli(rig, "summarize", str(path), "--json")
        assert out.returncode == 0, out.stderr
        made[name] = json.loads(out.stdout)["run_id"]
    os.chdir(rig["work"])  # the server's working directory is a root, as gapless mcp's is
    try:
        config = make_config(str(rig["db"]), [str(rig["root"])], Settings())
        async with Client(build_server(config)) as client:
            for name in ("outside", "relative"):
                err = assert_tool_error(await call(client, "why", {"run_id": made[name]}),
                                        "not all under the allowed roots")
                assert "not for agents" not in err
            shown = await call(client, "why", {"run_id": made["inside"]})
            assert not shown.is_error and "release plan" in json.dumps(
                shown.structured_content) + text_of(shown)
            await seed_journal(rig["db"], made)
            j = (await call(client, "journal", {})).structured_content
    finally:
        os.chdir(REPO_ROOT)
    assert [e["run_id"] for e in j["entries"]] == [made["inside"]]
    assert "outside the allowed roots" in j["outside_roots"]
    assert "not for agents" not in json.dumps(j)


@pytest.mark.timeout(120)
async def test_bad_paths_and_bad_arguments_are_one_line_and_the_server_goes_on(
        rig: dict[str, Path]) -> None:
    folder = rig["root"] / "with-pipe"
    folder.mkdir()
    (folder / "notes.md").write_text("# Notes\n\nA folder with a pipe beside this file.\n")
    os.mkfifo(folder / "pipe.md")
    with http_server(rig) as (url, token):
        async with authed_client(url, token) as client:
            long_nul = "a" * 500_000 + "\x00" + "b" * 500_000
            for args in ({"file_path": "a\x00b"}, {"file_path": long_nul}):
                text = assert_tool_error(await call(client, "read_summary", args), "NUL byte")
                assert len(text) < 400
            for tool, args, field in (("read_summary", {"file_path": 5, "max_chunks": "x"},
                                       "max_chunks"),
                                      ("why", {"run_id": "x" * 100}, "run_id"),
                                      ("journal", {"limit": 0}, "limit")):
                assert_tool_error(await call(client, tool, args), "invalid arguments", field)
            started = time.monotonic()
            s = await call(client, "summarize", {"path": str(folder)})
            assert not s.is_error, text_of(s)
            skipped = s.structured_content.get("source", {}).get("skipped_files", [])
            assert any("named pipe" in f["reason"] for f in skipped), s.structured_content
            listed = await asyncio.wait_for(client.list_tools(), 10)
            assert len(listed.tools) == 4 and time.monotonic() - started < 60
        log = (rig["work"] / "server.log").read_text()
    assert "Traceback" not in log and len(log) < 4000, log[:2000]
