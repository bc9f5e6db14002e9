"""The workbench as a stranger finds it (issue 41): the resume command it shows asks for
*this* run, a summarize of work finished before costs nothing, a server that is not there
is one sentence before anything is stored, and a bad ``--run`` or a missing terminal is
refused at once."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gapless.engine import Settings
from gapless.engine.store import Store
from gapless.tui.app import GaplessApp
from gapless.tui.messages import RunEnded, RunFailed
from gapless.tui.screens.dialogs.confirm import ConfirmDialog
from gapless.tui.screens.run import RunScreen
from tests.support.fault_server import FaultServer
from tests.tui.support import SETTINGS, Counting, Seen, stored_run, wait_for, write_source

SIZE = (130, 40)


def _dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_the_resume_command_carries_the_flags_that_differ(tmp_path: Path) -> None:
    source = write_source(tmp_path, 160)
    slow = Counting(delay=0.3)
    asked = SETTINGS.model_copy(update={"concurrency": 3})
    app = GaplessApp(db_path=tmp_path / "g.db", settings=asked, path=source,
                     provider_factory=lambda s: slow, run_ids=["first"],
                     config_file=tmp_path / "none.toml")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen))
        await pilot.press("q")
        dialog = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog)
                                and app.screen)
        question = " ".join(str(dialog.query_one("#confirm-question").render()).split())
        # what the configuration (here none) would not ask for is on the command
        assert "--context-tokens 1024" in question and "--concurrency 3" in question
        assert "--model" not in question  # the same as the configuration: left off
        await pilot.click("#confirm-stop")
        await wait_for(pilot, lambda: not app.is_running, timeout=15)


async def test_a_finished_run_of_the_same_work_is_shown_from_the_store(tmp_path: Path) -> None:
    source = write_source(tmp_path, 40)
    db = tmp_path / "g.db"
    await stored_run(db, source, provider=Counting(), run_id="done")
    again = Counting()
    seen = Seen(RunEnded)
    app = GaplessApp(db_path=db, settings=SETTINGS, path=source,
                     provider_factory=lambda s: again, run_ids=["new", "forced"])
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen)
                       and app.screen.run_id == "done")
        ended = await wait_for(pilot, lambda: seen.of("new"))
        assert "from the store: 0 calls" in ended.text
        assert again.requests == []
        assert app.screen.run_id == "done"
        await pilot.press("F")  # run it again, as --force
        await wait_for(pilot, lambda: seen.of("forced"), timeout=30)
        assert again.requests
    async with await Store.open(db) as store:
        assert (await store.state("forced")).status == "complete"


async def test_a_dead_server_is_one_sentence_and_no_stored_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAPLESS_TEST_KEY", "k")
    source = write_source(tmp_path, 40)
    db = tmp_path / "g.db"
    dead = Settings(provider="openai", base_url=f"http://127.0.0.1:{_dead_port()}/v1",
                    model="m", api_key_env="GAPLESS_TEST_KEY", max_retries=0)
    seen = Seen(RunFailed)
    app = GaplessApp(db_path=db, settings=dead, path=source, run_ids=["dead"])
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        failed = await wait_for(pilot, lambda: seen.of("dead"), timeout=10)
        assert "cannot connect" in failed.error and "\n" not in failed.error
    async with await Store.open(db) as store:
        assert await store.run("dead") is None


def _gapless(*args: str, cwd: Path) -> tuple[int, str, float]:
    t0 = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args], cwd=cwd,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=20)
    return done.returncode, done.stderr, time.monotonic() - t0


def test_tui_refuses_a_dead_server_an_unknown_run_and_no_terminal(tmp_path: Path) -> None:
    source = write_source(tmp_path, 20)
    db = tmp_path / "g.db"
    code, err, took = _gapless("tui", str(source), "--provider", "openai", "--base-url",
                               f"http://127.0.0.1:{_dead_port()}/v1", "--model", "m",
                               "--api-key-env", "PATH", "--db", str(db), cwd=tmp_path)
    assert code == 2 and took < 10 and "cannot connect" in err and err.count("\n") == 1
    assert not db.exists()
    with FaultServer(flavour="ollama") as server:
        code, err, took = _gapless("tui", str(source), "--provider", "openai", "--base-url",
                                   server.url, "--model", "nope", "--db", str(db),
                                   cwd=tmp_path)
    assert code == 2 and "does not list the model 'nope'" in err and err.count("\n") == 1
    assert not db.exists()
    code, err, took = _gapless("tui", "--run", "nosuchrun", "--db", str(db), cwd=tmp_path)
    assert code == 2 and "nosuchrun" in err and err.count("\n") == 1
    code, err, took = _gapless("tui", "--db", str(db), cwd=tmp_path)
    assert code == 2 and "terminal" in err and err.count("\n") == 1
