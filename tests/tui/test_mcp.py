"""``gapless mcp``: the real server as a subprocess, driven by the MCP SDK's own client over
stdio and over streamable HTTP on 127.0.0.1; its runs seen by ``gapless runs`` and ``why``.

Skipped cleanly without the ``mcp`` extra (CI installs it, so there they really run), except
the tests of what happens when it is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import REPO_ROOT, TEST_DATA


def _have_mcp() -> bool:
    try:
        return importlib.util.find_spec("mcp.server.mcpserver") is not None
    except (ImportError, ValueError):
        return False


needs_mcp = pytest.mark.skipif(not _have_mcp(),
                               reason="the mcp extra (pip install 'gapless[mcp]') is not installed")

TMUX = TEST_DATA / "changelogs" / "tmux-CHANGES.txt"
SECRET_VAR = "GAPLESS_TEST_API_KEY"
SECRET = "sk-gapless-test-7f3a9c1e5b2d4086"
CALL_TIMEOUT = 60.0


@pytest.fixture
def rig(tmp_path: Path) -> dict[str, Path]:
    """A working directory, an extra root with a copy of the changelog, a folder outside
    every root, and the database."""
    work = tmp_path / "work"
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    for d in (work, root, outside):
        d.mkdir()
    (outside / "secret.txt").write_text("not for agents\n" * 50)
    (root / "escape.txt").symlink_to(outside / "secret.txt")
    shutil.copyfile(TMUX, root / "changes.txt")  # writable, whatever the mode of shared/
    (root / "keys.env").write_text(
        "# deployment notes\n" + "".join(f"step {i}: export {SECRET_VAR}={SECRET}\n"
                                         for i in range(40)))
    return {"work": work, "root": root, "outside": outside, "db": tmp_path / "mcp.db",
            "config": tmp_path / "config.toml"}


def server_env(rig: dict[str, Path]) -> dict[str, str]:
    return {"PYTHONPATH": str(REPO_ROOT), "GAPLESS_CONFIG": str(rig["config"]),
            SECRET_VAR: SECRET}


def gapless(*args: str, rig: dict[str, Path]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **server_env(rig)}
    return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args, "--db", str(rig["db"])],
                          capture_output=True, text=True, env=env, check=False,
                          cwd=rig["work"], timeout=60)


def tmux_lines() -> int:
    with open(TMUX, "rb") as fh:
        data = fh.read()
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


async def call(client: Any, tool: str, args: dict[str, Any], **kw: Any) -> Any:
    return await asyncio.wait_for(client.call_tool(tool, args, **kw), CALL_TIMEOUT)


def text_of(result: Any) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def assert_tool_error(result: Any, *needles: str) -> str:
    text = text_of(result)
    assert result.is_error, text
    for needle in needles:
        assert needle in text, text
    assert "\n" not in text.strip() and len(text) < 600, text  # one clear sentence
    return text


async def scenario(client: Any, rig: dict[str, Path]) -> list[str]:
    """What an agent does; returns the ids of the runs it made."""
    from gapless.tui.mcp.budget import DEFAULT_MAX_BYTES

    listed = (await asyncio.wait_for(client.list_tools(), CALL_TIMEOUT)).tools
    tools = {t.name: t for t in listed}
    assert set(tools) == {"read_summary", "summarize", "why", "journal"}
    for t in tools.values():
        assert t.description and len(t.description) > 150, t.name
        assert t.input_schema["type"] == "object"
    schema = tools["read_summary"].input_schema
    assert set(schema["properties"]) == {"file_path", "question", "cursor", "max_chunks",
                                         "detail", "section", "lines", "max_bytes"}
    assert schema["required"] == ["file_path"]
    assert all(p.get("description") for p in schema["properties"].values())

    # A whole multi-chunk read, with progress: every chunk read, anchors inside the file.
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    r = await call(client, "read_summary", {"file_path": str(TMUX)}, progress_callback=on_progress)
    text = text_of(r)
    assert not r.is_error, text
    d = r.structured_content
    assert len(text.encode()) + len(json.dumps(d, ensure_ascii=False).encode()) \
        <= DEFAULT_MAX_BYTES
    assert d["run_id"] in text and "complete" in text  # the short rendering
    assert {"summary", "outline", "cursor", "stats", "truncated", "status", "run_id"} <= set(d)
    stats, lines = d["stats"], tmux_lines()
    assert stats["chunks_total"] >= 5 and stats["chunks_read"] == stats["chunks_total"]
    assert stats["total_bytes"] == TMUX.stat().st_size and stats["total_lines"] == lines
    assert d["cursor"] is None and d["truncated"] is False and d["status"] == "complete"
    assert d["summary"] and len(d["summary"].encode()) <= 4096
    assert 1 <= len(d["outline"]) <= 32
    for e in d["outline"]:
        assert 1 <= e["start_line"] <= e["end_line"] <= lines, e
    assert d["outline"][0]["start_line"] == 1 and d["outline"][-1]["end_line"] == lines
    total = stats["chunks_total"]
    assert len(seen) >= 2 and seen[-1][:2] == (total, total), seen
    assert all(t == total for _, t, _ in seen)
    assert [p for p, _, _ in seen] == sorted(p for p, _, _ in seen)
    assert "chunks read" in (seen[-1][2] or "")
    runs = [d["run_id"]]

    # Part of it, then the rest from the cursor: together every chunk once.
    r1 = await call(client, "read_summary", {"file_path": str(TMUX), "max_chunks": 2})
    d1 = r1.structured_content
    assert not r1.is_error and d1["truncated"] is True and isinstance(d1["cursor"], str)
    assert d1["stats"]["chunks_read"] == 2 and d1["status"] == "incomplete"
    r2 = await call(client, "read_summary", {"file_path": str(TMUX), "cursor": d1["cursor"]})
    d2 = r2.structured_content
    assert not r2.is_error, text_of(r2)
    assert d2["stats"]["chunks_read"] == total - 2 and d2["cursor"] is None
    assert d2["truncated"] is False and d2["status"] == "complete"
    assert len(text_of(r2).encode()) <= DEFAULT_MAX_BYTES // 3 + 1
    runs += [d1["run_id"], d2["run_id"]]

    # A corrupt cursor: one character flipped in the middle.
    cur = d1["cursor"]
    k = len(cur) // 2
    bad = cur[:k] + ("B" if cur[k] == "A" else "A") + cur[k + 1:]
    assert_tool_error(await call(client, "read_summary", {"file_path": str(TMUX), "cursor": bad}),
                      "cursor", "corrupt", "without cursor")

    # A file that changed since its cursor was made.
    copy = rig["root"] / "changes.txt"
    a = (await call(client, "read_summary",
                    {"file_path": str(copy), "max_chunks": 1})).structured_content
    assert a["cursor"]
    with open(copy, "a", encoding="utf-8") as fh:
        fh.write("One more line, written after the cursor was made.\n")
    assert_tool_error(await call(client, "read_summary",
                                 {"file_path": str(copy), "cursor": a["cursor"]}),
                      "file changed since the cursor was made", "without cursor")

    # Paths outside the roots: directly, through a symlink, through `..`.
    for path in (str(rig["outside"] / "secret.txt"), str(rig["root"] / "escape.txt"),
                 str(rig["root"] / ".." / "outside" / "secret.txt")):
        err = assert_tool_error(await call(client, "read_summary", {"file_path": path}),
                                "path outside the allowed roots")
        assert "not for agents" not in err
    assert_tool_error(await call(client, "summarize", {"path": str(rig["outside"])}),
                      "path outside the allowed roots")
    assert_tool_error(await call(client, "read_summary",
                                 {"file_path": str(rig["root"] / "missing.txt")}),
                      "missing.txt")

    # why: the tree of a run, bounded; a clear error for an unknown run.
    w = await call(client, "why", {"run_id": d["run_id"]})
    wt = text_of(w)
    assert not w.is_error, wt
    assert d["run_id"] in wt and "chunk" in wt and len(wt.encode()) <= DEFAULT_MAX_BYTES // 3
    assert "chunk" in w.structured_content["tree"]
    assert_tool_error(await call(client, "why", {"run_id": "0000nosuchrun"}), "no run")
    return runs


def check_runs_visible(rig: dict[str, Path], run_ids: list[str]) -> None:
    out = gapless("runs", "--json", "--limit", "100", rig=rig)
    assert out.returncode == 0, out.stderr
    rows = {r["id"]: r for r in json.loads(out.stdout)["runs"]}
    for rid in run_ids:
        assert rid in rows, (rid, sorted(rows))
        # the server stores the resolved path (shared/ may be reached through a link)
        assert rows[rid]["kind"] == "read"
        assert Path(rows[rid]["source"]).resolve() == TMUX.resolve()
    assert rows[run_ids[0]]["status"] == "complete" and rows[run_ids[0]]["coverage"] == 1.0
    out = gapless("why", run_ids[0], rig=rig)
    assert out.returncode == 0, out.stderr
    assert run_ids[0] in out.stdout and "complete" in out.stdout


@needs_mcp
@pytest.mark.timeout(120)
@pytest.mark.slow
async def test_stdio_server_driven_by_the_sdk_client(rig: dict[str, Path]) -> None:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "gapless.tui.cli", "mcp", "--db", str(rig["db"]), "--root", str(TEST_DATA),
              "--root", str(rig["root"])],
        env=server_env(rig), cwd=str(rig["work"]),
    )
    # legacy: the initialize handshake today's agents (Claude Code, Codex) speak.
    async with Client(params, mode="legacy", read_timeout_seconds=CALL_TIMEOUT) as client:
        runs = await scenario(client, rig)

        # summarize: the `gapless summarize --json` contract, as a run in the same store.
        folder = TEST_DATA / "claude-code"
        s = await call(client, "summarize", {"path": str(folder)})
        sd = s.structured_content
        assert not s.is_error, text_of(s)
        assert {"status", "coverage", "residual_gaps", "entry", "run_id", "calls", "tokens_in",
                "tokens_out", "bytes_read", "input_bytes"} <= set(sd)
        assert sd["status"] == "complete" and sd["coverage"] == 1.0 and sd["entry"]["headline"]

        # Keys never appear in a result, even when the file read holds one.
        k = await call(client, "read_summary", {"file_path": str(rig["root"] / "keys.env")})
        assert not k.is_error, text_of(k)
        assert SECRET not in text_of(k) and SECRET not in json.dumps(k.structured_content)
        assert "[redacted]" in text_of(k)
        kw = await call(client, "why", {"run_id": k.structured_content["run_id"]})
        assert SECRET not in text_of(kw)

        # The journal: entries and skips, filtered.
        await _seed_journal(rig["db"], sd["run_id"])
        j = (await call(client, "journal", {})).structured_content
        assert [e["project"] for e in j["entries"]] == ["gapless"]
        assert j["entries"][0]["run_id"] == sd["run_id"] and j["entries"][0]["headline"]
        assert [(x["project"], x["reason"]) for x in j["skipped"]] == [("notes", "empty")]
        assert j["more"] is False
        j2 = (await call(client, "journal", {"date": "2026-03-03"})).structured_content
        assert j2["entries"] == [] and len(j2["skipped"]) == 1
        assert_tool_error(await call(client, "journal", {"date": "March"}), "not a date")
    check_runs_visible(rig, runs)
    out = gapless("runs", "--json", rig=rig)
    kinds = {r["id"]: r["kind"] for r in json.loads(out.stdout)["runs"]}
    assert kinds[sd["run_id"]] == "summarize"


async def _seed_journal(db: Path, run_id: str) -> None:
    from gapless.engine.journal.daily import write_entry, write_skip
    from gapless.engine.service import RunResult
    from gapless.engine.store import Store

    store = await Store.open(db)
    try:
        entry = {"headline": "Wired the MCP server", "summary": "A day of work.",
                 "topics": ["mcp", "cli", "tests"], "open_questions": []}
        result = RunResult(run_id=run_id, status="complete", coverage=1.0, residual_gaps=[],
                           entry=entry, calls=1, tokens_in=1, tokens_out=1, bytes_read=1,
                           input_bytes=1, strategy="oneshot")
        await write_entry(store, "2026-03-02", "gapless", result)
        await write_skip(store, "2026-03-03", "notes", "empty", "no messages", None)
    finally:
        await store.close()


def authed_client(url: str, token: str, **headers: str) -> Any:
    """The SDK's client over streamable HTTP, sending the bearer token (and ``headers``)."""
    from mcp import Client
    from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client

    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}", **headers})
    return Client(streamable_http_client(url, http_client=http),
                  read_timeout_seconds=CALL_TIMEOUT)


@contextlib.contextmanager
def http_server(rig: dict[str, Path], *extra: str) -> Iterator[tuple[str, str]]:
    """``gapless mcp --http 0`` as a subprocess (the database from GAPLESS_DB); its URL and
    the bearer token it printed (empty when it was given one with --token-file)."""
    log = rig["work"] / "server.log"
    env = {**os.environ, **server_env(rig), "GAPLESS_DB": str(rig["db"])}
    with open(log, "w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gapless.tui.cli", "mcp", "--http", "0", "--root", str(TEST_DATA),
             "--root", str(rig["root"]), *extra],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err, env=env,
            cwd=rig["work"],
        )
    try:
        deadline = time.monotonic() + 60
        url = None
        while url is None:
            found = re.search(r"http://\S+/mcp", log.read_text())
            if found:
                url = found.group(0)
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the HTTP server did not start: {log.read_text()}")
            time.sleep(0.05)
        token = re.search(r"Bearer ([\w-]+)'", log.read_text())
        yield url, token.group(1) if token else ""
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


@needs_mcp
@pytest.mark.timeout(120)
@pytest.mark.slow
async def test_http_server_on_loopback(rig: dict[str, Path]) -> None:

    with http_server(rig) as (url, token):
        assert url.startswith("http://127.0.0.1:") and len(token) >= 40
        async with authed_client(url, token) as client:
            runs = await scenario(client, rig)
    check_runs_visible(rig, runs)


# ----------------------------------------------------------------------- in process


@needs_mcp
def test_roots_resolve_and_refuse(tmp_path: Path) -> None:
    from gapless.tui.mcp.server import Roots, ToolProblem

    inside, other = tmp_path / "in", tmp_path / "other"
    (inside / "sub").mkdir(parents=True)
    other.mkdir()
    (inside / "sub" / "f.txt").write_text("x")
    (inside / "out").symlink_to(other)
    roots = Roots([inside], cwd=inside)
    assert roots.resolve("sub/f.txt") == (inside / "sub" / "f.txt").resolve()
    assert roots.resolve(str(inside)) == inside.resolve()
    for bad in ("../other", "out", "out/x.txt", str(other), "/"):
        with pytest.raises(ToolProblem, match="outside the allowed roots"):
            roots.resolve(bad)
    # A folder is checked for links that leave the roots.
    (inside / "sub" / "leak").symlink_to(other)
    with pytest.raises(ToolProblem, match="symlink"):
        roots.resolve("sub", tree=True)
    assert roots.resolve("sub") == (inside / "sub").resolve()
    from gapless.engine.core.errors import UserError

    with pytest.raises(UserError, match="not a folder"):
        Roots([tmp_path / "missing"])


@needs_mcp
async def test_why_text_is_cut_with_a_marker(tmp_path: Path) -> None:
    from gapless.engine import read_stored
    from gapless.engine.audit.why import why_report
    from gapless.engine.config import Settings
    from gapless.engine.store import Store
    from gapless.tui.mcp.server import tree_text

    db = str(tmp_path / "w.db")
    result = await read_stored(db, str(TMUX), Settings(context_tokens=2048))
    assert result.stats.chunks_read > 40
    store = await Store.open(db)
    try:
        _state, report = await why_report(store, result.run_id)
    finally:
        await store.close()
    text, cut = tree_text(report, None, 6000)
    assert cut and len(text.encode()) <= 6000
    assert "[cut:" in text.splitlines()[-1] and result.run_id in text
    short, cut2 = tree_text(report, 1)
    assert not cut2 and "children (--depth)" in short


@needs_mcp
@pytest.mark.parametrize("max_bytes", [2048, 8192, 65536])
def test_bounds_hold_for_oversized_answers(max_bytes: int) -> None:
    from gapless.tui.mcp.budget import Budget, json_size, text_size
    from gapless.tui.mcp.results import read_object, read_result, summarize_result

    raw = {"summary": "Sentence one. " * 4000, "answer": "a " * 25_000, "cursor": None,
           "outline": [{"title": "t" * 80, "start_line": i, "end_line": i, "kind": "section",
                        "digest": "d" * 240} for i in range(1, 33)],
           "answer_anchors": [{"start": 1, "end": 2, "line": i, "label": "x"} for i in
                              range(40)],
           "stats": {"total_lines": 32}, "truncated": False, "status": "complete",
           "reason": "", "run_id": "r1"}
    budget = Budget(max_bytes)
    obj, text = read_result(read_object(raw, "/f.txt"), budget)
    assert json_size(obj) + text_size(text) <= max_bytes
    assert obj["run_id"] == "r1" and obj["stats"] == {"total_lines": 32}
    assert obj["omitted"] and "Not shown:" in text  # named, in both
    assert [e["section"] for e in obj["outline"]] == sorted(e["section"] for e in obj["outline"])
    big = {"run_id": "r2", "status": "incomplete",
           "residual_gaps": [[i, i + 1] for i in range(0, 20_000, 2)], "unread_spans": [],
           "entry": {"headline": "h", "summary": "x " * 15_000, "anchors": [{}] * 500,
                     "stats": {"templates": [{"template": f"t{i} <*>", "count": 1000 - i}
                                             for i in range(500)],
                               "fields": {"ip": {f"10.0.0.{i}": i for i in range(200)}}}}}
    obj2, text2 = summarize_result(big, budget)
    assert json_size(obj2) + text_size(text2) <= max_bytes
    assert any("residual_gaps" in o for o in obj2["omitted"])
    assert any("r2" in o for o in obj2["omitted"])  # the whole object: in the run
    templates = obj2["entry"]["stats"]["templates"]
    assert templates == big["entry"]["stats"]["templates"][: len(templates)]  # the top ones
    ips = obj2["entry"]["stats"]["fields"]["ip"]
    assert set(ips) == {f"10.0.0.{i}" for i in range(200 - len(ips), 200)}  # the top values
    small = {"run_id": "r3", "status": "complete", "residual_gaps": []}
    obj3, _ = summarize_result(small, budget)
    assert obj3 == small


@needs_mcp
async def test_progress_relay_counts_chunks_of_planned() -> None:
    from gapless.engine.core.events import InvocationFinished, InvocationStarted, RunStarted
    from gapless.tui.mcp.server import ProgressRelay

    sent: list[tuple[float, float | None, str | None]] = []

    async def report(p: float, t: float | None, m: str | None) -> None:
        sent.append((p, t, m))

    async with ProgressRelay(report) as relay:
        relay(RunStarted(run_id="r", source="f", input_bytes=100, strategy="chunked",
                         provider="x", model="y", context_tokens=1,
                         settings={"chunks_total": 10, "first_chunk": 4, "max_chunks": 3}))
        for i in range(4, 7):
            relay(InvocationStarted(inv=f"k.{i}", parent="k", start=0, end=1, depth=1,
                                    mode="chunk"))
            await asyncio.sleep(0)
            relay(InvocationFinished(inv=f"k.{i}", status="complete", coverage=1.0))
            await asyncio.sleep(0)
        relay(InvocationFinished(inv="k", status="complete", coverage=1.0))
    assert sent[-1] == (3, 3, "3 of 3 chunks read")
    assert all(t == 3 for _, t, _ in sent)


# ------------------------------------------------------------------- without the extra


def test_help_and_a_clear_sentence_without_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gapless.tui.cli.main import main

    monkeypatch.setitem(sys.modules, "mcp", None)  # `import mcp` now fails
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    assert "mcp" in capsys.readouterr().out
    monkeypatch.setenv("GAPLESS_CONFIG", str(tmp_path / "config.toml"))
    assert main(["mcp", "--db", str(tmp_path / "x.db")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "pip install 'gapless[mcp]'" in err, err
