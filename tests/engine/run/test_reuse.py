"""Finished work is not paid twice (issue 13, item 7): the same ``gapless summarize`` on the
same input and settings returns the stored result with no call and says so; ``--force``
runs it again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.fault_server import FaultServer
from tests.support.helpers import make_transcript
from tests.support.paths import REPO_ROOT


def gapless(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GAPLESS_DB": str(tmp / "cli.db"), "PYTHONPATH": str(REPO_ROOT),
           "GAPLESS_CONFIG": str(tmp / "config.toml"), "HOME": str(tmp)}
    return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args], capture_output=True,
                          text=True, env=env, check=False, cwd=tmp, timeout=180)


def posts(server: FaultServer) -> int:
    return sum(r["method"] == "POST" and r["path"].endswith("/chat/completions")
               for r in server.requests)


@pytest.mark.slow
def test_the_same_command_twice_sends_nothing_the_second_time(tmp_path: Path) -> None:
    source = tmp_path / "session.md"
    source.write_bytes(make_transcript(120, 40).data)
    with FaultServer() as server:
        cmd = ("summarize", str(source), "--json", "--provider", "openai", "--base-url",
               server.url, "--model", "fault-model", "--context-tokens", "2048")
        first = gapless(*cmd, tmp=tmp_path)
        sent_first = posts(server)
        second = gapless(*cmd, tmp=tmp_path)
        sent_second = posts(server) - sent_first
        forced = gapless(*cmd, "--force", tmp=tmp_path)
        sent_forced = posts(server) - sent_first - sent_second
    assert first.returncode == 0, first.stderr
    assert second.returncode == 0, second.stderr
    one, two, three = (json.loads(o.stdout) for o in (first, second, forced))
    assert one["status"] == "complete" and one["calls"] > 1 and sent_first >= one["calls"]
    assert "reused_run" not in one
    assert sent_second == 0
    assert two["calls"] == 0 and two["tokens_in"] == 0 and two["bytes_sent"] == 0
    assert two["reused_run"] == one["run_id"] == two["run_id"]
    assert two["entry"] == one["entry"] and two["status"] == "complete"
    assert two["coverage"] == 1.0
    assert f"already summarized in run {one['run_id']} — --force runs it again" in second.stderr
    assert forced.returncode == 0, forced.stderr
    assert sent_forced > 0 and three["run_id"] != one["run_id"] and "reused_run" not in three


def test_other_settings_are_other_work(tmp_path: Path) -> None:
    source = tmp_path / "session.md"
    source.write_bytes(make_transcript(60, 30).data)
    with FaultServer() as server:
        base = ("summarize", str(source), "--json", "--provider", "openai", "--base-url",
                server.url, "--model", "fault-model")
        first = gapless(*base, "--context-tokens", "2048", tmp=tmp_path)
        sent = posts(server)
        other = gapless(*base, "--context-tokens", "4096", tmp=tmp_path)
        assert posts(server) > sent
    assert json.loads(first.stdout)["status"] == "complete", first.stderr
    assert "reused_run" not in json.loads(other.stdout)
    assert "already summarized" not in other.stderr


@pytest.mark.slow
def test_identical_scopes_are_reused_across_runs_of_the_same_model(tmp_path: Path) -> None:
    # The same bytes at another path are other work (another fingerprint, another run), but
    # every scope of it was summarized before by this model: nothing is sent again. Another
    # model pays for its own reading.
    source = tmp_path / "session.md"
    source.write_bytes(make_transcript(120, 40).data)
    copy = tmp_path / "copy.md"
    copy.write_bytes(source.read_bytes())
    with FaultServer() as server:
        def cmd(path: Path, model: str) -> tuple[str, ...]:
            return ("summarize", str(path), "--json", "--provider", "openai", "--base-url",
                    server.url, "--model", model, "--context-tokens", "2048")
        first = gapless(*cmd(source, "fault-model"), tmp=tmp_path)
        sent_first = posts(server)
        second = gapless(*cmd(copy, "fault-model"), tmp=tmp_path)
        sent_second = posts(server) - sent_first
        other = gapless(*cmd(copy, "other-model"), tmp=tmp_path)
        sent_other = posts(server) - sent_first - sent_second
        forced = gapless(*cmd(copy, "fault-model"), "--force", tmp=tmp_path)
        sent_forced = posts(server) - sent_first - sent_second - sent_other
    one, two, three, four = (json.loads(o.stdout) for o in (first, second, other, forced))
    assert one["status"] == two["status"] == three["status"] == "complete", second.stderr
    # at most the one-token probe that calibrates the plan (it finds the same leaves)
    assert sent_first > 1 and sent_second <= 1 and two["calls"] == sent_second
    assert one["reused_invocations"] == 0 < two["reused_invocations"]
    assert two["run_id"] != one["run_id"] and "reused_run" not in two
    assert two["entry"]["summary"] == one["entry"]["summary"] and two["coverage"] == 1.0
    assert {a["file"] for a in two["entry"]["anchors"]} == {str(copy)}  # its own file
    assert sent_other > 1 and three["calls"] > 1 and three["reused_invocations"] == 0
    assert sent_forced > 1 and four["calls"] > 1 and four["reused_invocations"] == 0
