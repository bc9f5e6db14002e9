"""Every bad input, through every verb that takes a file: one clear sentence and a non-zero
exit, or a skip with its reason — never a traceback, and the database stays consistent."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from gapless.engine import Verdict
from gapless.engine.audit.verify import verify_runs
from gapless.engine.store import Store
from gapless.engine.store.migrations import V1
from gapless.tui.cli.main import main
from tests.support.bad_inputs import CASES

VERBS = {
    "summarize": lambda p: ["summarize", str(p), "--json", "--context-tokens", "4096"],
    "read": lambda p: ["read", str(p), "--json"],
    "compact": lambda p: ["compact", str(p), "--json", "--budget", "2000"],
}


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GAPLESS_DB", str(tmp_path / "g.db"))
    monkeypatch.setenv("GAPLESS_CONFIG", str(tmp_path / "config.toml"))
    return tmp_path


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def check(code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2), code
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        lines = [ln for ln in err.strip().splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("gapless: "), err


def db_ok(folder: Path) -> None:
    db = folder / "g.db"
    if db.exists():
        con = sqlite3.connect(db)
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        running = con.execute("SELECT COUNT(*) FROM runs WHERE status = 'running'").fetchone()[0]
        assert running == 0
        con.close()
        # whatever the input did, every run it left holds up against its ledger
        bad = [(v.run_id, v.contradictions) for v in asyncio.run(_verified(db)) if not v.holds]
        assert bad == []


async def _verified(db: Path) -> list[Verdict]:
    async with await Store.open(db) as store:
        return await verify_runs(store, check_source=False)


@pytest.mark.parametrize("verb", sorted(VERBS))
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.slow
def test_bad_file(case: str, verb: str, env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = CASES[case](env)
    code, out, err = run_cli(VERBS[verb](path), capsys)
    check(code, out, err)
    if case == "ordinary transcript (control)" and verb != "compact":
        assert code == 0
    if case in ("non-existent path", "directory where a file is expected", "symlink loop",
                "dangling symlink", "a FIFO"):
        assert code == 2
    if case.startswith("chat JSON") and "nested 10,000 deep" in case and verb != "read":
        # the parser runs out of recursion depth: one sentence, exit 2, no run stored
        assert code == 2 and "deeper than Gapless can parse" in err, err
    db_ok(env)


def test_parser_exhaustion_is_one_sentence_anywhere(
        env: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A parser that runs out of recursion depth or memory where no reader expected it
    still ends in one sentence and exit 2 from every verb, never a traceback."""
    path = CASES["ordinary transcript (control)"](env)
    for error in (RecursionError("maximum recursion depth exceeded"), MemoryError()):
        def exhausted(*_a: object, _e: BaseException = error, **_k: object) -> None:
            raise _e

        monkeypatch.setattr("gapless.engine.usecases.stored.load_transcript", exhausted)
        monkeypatch.setattr("gapless.engine.usecases.reading.compact_conversation", exhausted)
        monkeypatch.setattr("gapless.engine.usecases.reading.read_summary", exhausted)
        for verb in sorted(VERBS):
            code, out, err = run_cli(VERBS[verb](path), capsys)
            check(code, out, err)
            assert code == 2, (verb, err)


def test_unreadable_file(env: Path, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A file without read permission. Tests run as root, who reads everything, so the
    denial is injected at every way of opening a file."""
    import builtins
    import io
    import json
    import os

    secret = env / "secret.jsonl"
    secret.write_text('{"type": "user", "message": {"content": "hi"}}\n')
    real_open, real_os_open = builtins.open, os.open

    def denied(name: object) -> bool:
        return str(name).endswith("secret.jsonl")

    def fake_open(file, *a, **k):  # type: ignore[no-untyped-def]
        if denied(file):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *a, **k)

    def fake_os_open(path, *a, **k):  # type: ignore[no-untyped-def]
        if denied(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_os_open(path, *a, **k)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(io, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    for name, verb in VERBS.items():
        code, out, err = run_cli(verb(secret), capsys)
        check(code, out, err)
        if name == "read":  # `read` answers an unreadable file with a one-line description
            assert code == 0 and "ermission" in json.loads(out)["summary"], out
        else:
            assert code == 2 and "ermission" in err, err


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
def test_file_growing_while_it_is_read(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    grow = env / "growing.log"
    grow.write_bytes(b"start of the log\n" * 20_000)
    stop = threading.Event()

    def writer() -> None:
        with grow.open("ab") as fh:
            while not stop.is_set():
                fh.write(b"appended line while reading\n" * 100)
                fh.flush()
                time.sleep(0.001)

    t = threading.Thread(target=writer)
    t.start()
    try:
        for verb in VERBS.values():
            check(*run_cli(verb(grow), capsys))
    finally:
        stop.set()
        t.join()
    db_ok(env)


def test_file_deleted_between_calls_of_a_resumable_read(env: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    f = env / "gone.log"
    f.write_bytes(b"a paragraph of log text\n\n" * 4000)
    code, out, err = run_cli(["read", str(f), "--json", "--max-chunks", "1"], capsys)
    check(code, out, err)
    import json

    cursor = json.loads(out)["cursor"]
    assert cursor
    f.unlink()
    code, out, err = run_cli(["read", str(f), "--json", "--cursor", cursor], capsys)
    check(code, out, err)
    assert code == 2 and "gone.log" in err


@pytest.mark.parametrize("config, message", [
    ("provider = [unclosed", "config"),
    ("context_tokens = 'lots'", "context_tokens"),
    ("provider = 'carrier-pigeon'", "provider"),
    ("base_url = 'not a url'", "base_url"),
])
def test_bad_config(config: str, message: str, env: Path,
                    capsys: pytest.CaptureFixture[str]) -> None:
    (env / "config.toml").write_text(config)
    (env / "ok.md").write_text("hello there, a short note\n" * 20)
    code, out, err = run_cli(["summarize", str(env / "ok.md")], capsys)
    check(code, out, err)
    assert code == 2 and message in err


def test_database_that_is_not_sqlite(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (env / "g.db").write_bytes(b"definitely not a database" * 40)
    (env / "ok.md").write_text("hello\n" * 20)
    code, out, err = run_cli(["summarize", str(env / "ok.md")], capsys)
    check(code, out, err)
    assert code == 2 and "not a Gapless database" in err
    assert (env / "g.db").read_bytes().startswith(b"definitely not")


def test_database_from_a_newer_schema(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    con = sqlite3.connect(env / "g.db")
    con.executescript(V1 + "PRAGMA user_version = 999;")
    con.close()
    (env / "ok.md").write_text("hello\n" * 20)
    code, out, err = run_cli(["summarize", str(env / "ok.md")], capsys)
    check(code, out, err)
    assert code == 2 and "newer Gapless" in err


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
def test_database_locked_by_another_writer(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (env / "ok.md").write_text("hello there\n" * 200)
    assert main(["summarize", str(env / "ok.md"), "--json"]) == 0
    capsys.readouterr()
    holder = sqlite3.connect(env / "g.db", timeout=0.1)
    holder.execute("BEGIN IMMEDIATE")
    try:
        code, out, err = run_cli(["summarize", str(env / "ok.md"), "--json", "--force"], capsys)
    finally:
        holder.rollback()
        holder.close()
    check(code, out, err)
    assert code == 2 and "locked" in err
    db_ok(env)


@pytest.mark.slow
@pytest.mark.parametrize("verb", sorted(VERBS))
def test_one_50_mb_line(verb: str, env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = env / "huge-line.log"
    with path.open("wb") as fh:
        for _ in range(50):
            fh.write(b"0123456789abcdef" * 65_536)
    code, out, err = run_cli(VERBS[verb](path), capsys)
    check(code, out, err)
    if verb != "compact":
        assert code == 0
    db_ok(env)
