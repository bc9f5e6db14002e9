"""Failures are fast, exact and leave nothing behind (issue 14): an unreachable server is one
sentence in seconds, a refused request stores no run, a killed run shows as interrupted, a
re-run with nothing to do says so, and an incomplete run shows its partial result."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gapless.engine.audit.rerun import StoredScope, rerun_scope
from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import InvocationStarted
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.lifecycle import RunLifecycle, Supplied
from gapless.engine.run.request import RunRequest
from gapless.engine.store import INTERRUPTED, EventWriter, RunMeta, Store
from tests.support.fault_server import FaultServer
from tests.support.helpers import make_transcript
from tests.support.paths import REPO_ROOT


def gapless(*args: str, tmp: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GAPLESS_DB": str(tmp / "cli.db"), "PYTHONPATH": str(REPO_ROOT),
           "GAPLESS_CONFIG": str(tmp / "config.toml"), "HOME": str(tmp)}
    return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args], capture_output=True,
                          text=True, env=env, check=False, cwd=tmp, timeout=timeout)


def runs(tmp: Path) -> list[dict[str, Any]]:
    out = gapless("runs", "--json", tmp=tmp)
    assert out.returncode == 0, out.stderr
    return list(json.loads(out.stdout)["runs"])


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def source(tmp_path: Path) -> Path:
    p = tmp_path / "session.md"
    p.write_bytes(make_transcript(400, 40).data)
    return p


# --- 1. an unreachable server --------------------------------------------------------------


def test_an_unreachable_server_is_one_sentence_in_seconds_and_stores_nothing(
        tmp_path: Path, source: Path) -> None:
    url = f"http://127.0.0.1:{closed_port()}"
    t0 = time.monotonic()
    out = gapless("summarize", str(source), "--provider", "openai", "--base-url", url,
                  "--model", "m", tmp=tmp_path)
    took = time.monotonic() - t0
    assert out.returncode == 2
    assert out.stderr.startswith(f"gapless: cannot connect to {url} — is the server running?")
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert took < 8, took
    assert runs(tmp_path) == []


def test_an_unknown_host_is_the_same_sentence(tmp_path: Path, source: Path) -> None:
    out = gapless("summarize", str(source), "--provider", "openai", "--base-url",
                  "http://gapless-no-such-host.invalid", "--model", "m", tmp=tmp_path)
    assert out.returncode == 2
    assert "cannot connect to http://gapless-no-such-host.invalid" in out.stderr
    assert runs(tmp_path) == []


def test_a_reachable_server_passes_the_check(tmp_path: Path, source: Path) -> None:
    with FaultServer() as server:
        out = gapless("summarize", str(source), "--json", "--provider", "openai",
                      "--base-url", server.url, "--model", "fault-model",
                      "--context-tokens", "4096", tmp=tmp_path)
        probes = [r["path"] for r in server.requests if r["method"] == "GET"]
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["status"] == "complete"
    assert "/v1/models" in probes


def test_a_model_the_server_does_not_have_is_one_sentence_and_stores_nothing(
        tmp_path: Path, source: Path) -> None:
    # Ollama's installed models are the ones its API answers to: its list is held
    # against the model; an OpenAI-compatible server's list is not (llama.cpp, like the
    # fault server, lists one name and answers to any).
    with FaultServer(flavour="ollama") as server:
        missing = gapless("summarize", str(source), "--provider", "openai", "--base-url",
                          server.url, "--model", "nope", tmp=tmp_path)
        calls = [r for r in server.requests if r["method"] == "POST"]
    assert missing.returncode == 2, missing.stderr
    assert missing.stderr == (f"gapless: the server at {server.url} does not list the model "
                              "'nope' (it lists: tiny:latest); set 'model' to one of them\n")
    assert calls == [] and runs(tmp_path) == []
    with FaultServer() as server:
        other = gapless("summarize", str(source), "--json", "--provider", "openai",
                        "--base-url", server.url, "--model", "not-listed-but-served",
                        "--context-tokens", "4096", tmp=tmp_path)
    assert other.returncode == 0, other.stderr
    assert json.loads(other.stdout)["status"] == "complete"


def test_config_validate_checks_the_server_and_the_model(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    url = f"http://127.0.0.1:{closed_port()}"
    cfg.write_text(f'provider = "openai"\nbase_url = "{url}"\nmodel = "fault-model"\n')
    out = gapless("config", "validate", tmp=tmp_path)
    assert out.returncode == 2
    assert f"cannot connect to {url} — is the server running?" in out.stderr
    with FaultServer() as server:
        cfg.write_text(f'provider = "openai"\nbase_url = "{server.url}"\nmodel = "fault-model"\n')
        ok = gapless("config", "validate", tmp=tmp_path)
        cfg.write_text(f'provider = "openai"\nbase_url = "{server.url}"\nmodel = "nope"\n')
        bad = gapless("config", "validate", tmp=tmp_path)
    with FaultServer(flavour="ollama") as server:
        cfg.write_text(f'provider = "openai"\nbase_url = "{server.url}"\nmodel = "tiny"\n')
        ollama = gapless("config", "validate", tmp=tmp_path)
    assert ok.returncode == 0 and "server reachable, 1 model listed" in ok.stdout, ok.stderr
    assert bad.returncode == 2
    assert "does not list the model 'nope' (it lists: fault-model)" in bad.stderr
    assert ollama.returncode == 0, ollama.stderr


async def test_an_http_error_answer_means_reachable() -> None:
    from gapless.engine.providers.anthropic import AnthropicProvider

    with FaultServer() as server:  # answers 404 on the root
        p = AnthropicProvider(base_url=server.url + "/nothing-here", key_env="NO_SUCH_KEY_VAR")
        try:
            await p.check_reachable()
        finally:
            await p.aclose()


# --- 2. a refused request stores nothing ---------------------------------------------------


def test_oneshot_on_an_input_that_does_not_fit_stores_no_run(tmp_path: Path,
                                                            source: Path) -> None:
    out = gapless("summarize", str(source), "--provider", "extractive", "--strategy",
                  "oneshot", "--context-tokens", "1024", tmp=tmp_path)
    assert out.returncode == 2 and "use --strategy auto or tree" in out.stderr
    assert runs(tmp_path) == []


async def test_a_refusal_after_the_start_deletes_the_run(tmp_path: Path) -> None:
    t = make_transcript(20, 10)
    async with await Store.open(tmp_path / "g.db") as store:
        writer = await EventWriter(store, transcript=t, meta=RunMeta(kind="read")).start()
        try:
            with pytest.raises(UserError, match="already finished"):
                async with RunLifecycle(RunRequest(Settings(), source="t"), t,
                                        Supplied(ExtractiveProvider(), [writer])) as run:
                    run.started(input_bytes=len(t), strategy="chunked")
                    run.ctx.emit(InvocationStarted(inv="r", parent=None, start=0, end=len(t),
                                                   depth=0, mode="leaf"))
                    await writer.flush()  # the run is in the store now ...
                    assert await store.runs() != []
                    raise UserError("the cursor says the read is already finished")
        finally:
            await writer.close()
        assert writer.discarded
        assert await store.runs() == []  # ... and gone after the refusal
        assert await store.events(run.run_id) == []


# --- 3. a killed run shows as interrupted --------------------------------------------------


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
def test_a_run_killed_with_sigkill_shows_as_interrupted(tmp_path: Path, source: Path) -> None:
    db = tmp_path / "cli.db"
    env = {**os.environ, "GAPLESS_DB": str(db), "PYTHONPATH": str(REPO_ROOT),
           "GAPLESS_CONFIG": str(tmp_path / "config.toml"), "HOME": str(tmp_path)}
    with FaultServer(delay=0.5) as server:  # slow calls: the run is surely mid-way
        proc = subprocess.Popen(
            [sys.executable, "-m", "gapless.tui.cli", "summarize", str(source), "--json", "--provider",
             "openai", "--base-url", server.url, "--model", "fault-model", "--context-tokens",
             "1024", "--strategy", "tree"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tmp_path)
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if db.exists():
                    con = sqlite3.connect(db)
                    try:
                        n = con.execute("SELECT COUNT(*) FROM runs WHERE status = 'running' "
                                        "AND heartbeat IS NOT NULL").fetchone()[0]
                    except sqlite3.OperationalError:
                        n = 0
                    con.close()
                    if n:
                        break
                time.sleep(0.1)
            live = runs(tmp_path)
            assert [(r["status"], r["interrupted"]) for r in live] == [("running", False)]
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
    rows = runs(tmp_path)
    # a script polling the status stops: the dead run says so (the store keeps 'running',
    # where the same command's resume finds it)
    assert len(rows) == 1 and rows[0]["status"] == "interrupted" and rows[0]["interrupted"]
    table = gapless("runs", tmp=tmp_path)
    assert "interrupted" in table.stdout and INTERRUPTED in table.stdout
    why = gapless("why", rows[0]["id"], tmp=tmp_path)
    assert why.returncode == 0 and INTERRUPTED in why.stdout
    why_json = json.loads(gapless("why", rows[0]["id"], "--json", tmp=tmp_path).stdout)
    assert why_json["interrupted"] is True and why_json["status"] == "interrupted"
    rerun = gapless("rerun", rows[0]["id"], tmp=tmp_path)
    assert rerun.returncode == 2
    assert "was interrupted" in rerun.stderr and "run the same command again" in rerun.stderr
    assert "has no invocation" not in rerun.stderr


async def test_resume_still_finds_an_interrupted_run(tmp_path: Path) -> None:
    """The display status is derived: the stored one stays 'running', which resume uses."""
    t = make_transcript(40, 30)
    async with await Store.open(tmp_path / "g.db") as store:
        writer = await EventWriter(store, transcript=t, meta=RunMeta(fingerprint="fp")).start()
        async with RunLifecycle(RunRequest(Settings(), source="t"), t,
                                Supplied(ExtractiveProvider(), [writer])) as run:
            run.started(input_bytes=len(t), strategy="tree")
            await writer.flush()
            run._finished = True  # a process that died: no finish is ever written
        await writer.close()
        await store.beat(run.run_id)
        dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)
        store_db = tmp_path / "g.db"
        con = sqlite3.connect(store_db)
        con.execute("UPDATE runs SET pid = ? WHERE id = ?", (int(dead.stdout), run.run_id))
        con.commit()
        con.close()
        row = await store.run(run.run_id)
        assert row is not None and row.status == "running" and row.interrupted
        assert [r.id for r in await store.unfinished("fp")] == [run.run_id]


# --- 4. rerun with nothing to do -----------------------------------------------------------


def test_rerun_of_a_complete_run_says_nothing_to_rerun(tmp_path: Path, source: Path) -> None:
    done = gapless("summarize", str(source), "--json", "--provider", "extractive",
                   "--context-tokens", "1024", tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    rid = json.loads(done.stdout)["run_id"]
    out = gapless("rerun", rid, "--provider", "extractive", tmp=tmp_path)
    assert out.returncode == 2
    assert out.stderr.strip() == f"gapless: nothing to re-run: run {rid} is complete"
    assert [r["id"] for r in runs(tmp_path)] == [rid]  # no 0-call run was made


async def test_rerun_of_a_complete_scope_says_so(tmp_path: Path) -> None:
    t = make_transcript(200, 40)
    src = tmp_path / "t.md"
    src.write_bytes(t.data)
    from gapless.engine.service import summarize_stored

    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, RunRequest(Settings(context_tokens=1024), source=str(src)), provider=ExtractiveProvider())
        child = first.state.nodes[first.state.root or "r"].children[0]
        with pytest.raises(UserError, match="nothing to re-run"):
            await rerun_scope(store, StoredScope(first.run_id, child), RunRequest(Settings()))


# --- 5. an incomplete run shows its partial result -----------------------------------------


def test_an_incomplete_run_shows_a_labelled_partial_result(tmp_path: Path,
                                                          source: Path) -> None:
    args = ("summarize", str(source), "--provider", "extractive", "--context-tokens", "1024",
            "--max-calls", "3", "--force")
    out = gapless(*args, "--json", tmp=tmp_path)
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    assert data["status"] == "incomplete" and data["entry"] is None
    partial = data["partial_entry"]
    covered = partial["covers_bytes"]
    assert partial["label"] == f"partial — covers {covered} of {data['input_bytes']} bytes"
    # coverage counts the root's completed parts; the partial result every completed part
    assert covered >= round(data["coverage"] * data["input_bytes"]) and covered > 0
    assert partial["headline"] and partial["summary"]
    assert sum(e - s for s, e in partial["spans"]) == covered
    human = gapless(*args, tmp=tmp_path)
    assert human.returncode == 1
    text = " ".join(human.stdout.split())
    assert text.startswith("partial — covers ")
    assert "bytes under parts of the run's root whose summary completed" in text
    assert "what any call was sent, including parts that did not finish" in text


def test_a_complete_run_has_no_partial_entry(tmp_path: Path, source: Path) -> None:
    out = gapless("summarize", str(source), "--json", "--provider", "extractive",
                  "--context-tokens", "1024", tmp=tmp_path)
    data = json.loads(out.stdout)
    assert data["status"] == "complete" and data["entry"] and data["partial_entry"] is None
