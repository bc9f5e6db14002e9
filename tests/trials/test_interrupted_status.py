"""A run whose process was killed says ``"status": "interrupted"`` in every JSON output, so a
script polling the status does not wait forever (the field ``interrupted`` stays too)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.crash import command, env, wait_for
from tests.support.helpers import make_transcript


def gapless(*argv: str) -> tuple[int, Any]:
    done = subprocess.run([sys.executable, "-m", "gapless.tui.cli", *argv], capture_output=True,
                          text=True, env=env(), check=False)
    return done.returncode, json.loads(done.stdout) if done.stdout.strip() else done.stderr


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
def test_a_killed_run_is_interrupted_in_every_json_output(tmp_path: Path) -> None:
    src = tmp_path / "big.md"
    src.write_bytes(make_transcript(2500, 60, seed=5).data)
    db = tmp_path / "g.db"
    proc = subprocess.Popen(command(src, db, "--context-tokens", "1024"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env())
    wait_for(proc, db, None, after_completed=3)
    assert proc.poll() is None, "the run ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    code, runs = gapless("runs", "--json", "--db", str(db))
    assert code == 0
    [row] = runs["runs"]
    assert row["status"] == "interrupted" and row["interrupted"] is True, row

    code, why = gapless("why", row["id"], "--json", "--db", str(db))
    assert code == 0 and why["status"] == "interrupted" and why["interrupted"] is True

    # a rerun of it is refused in one sentence (the same command resumes it instead)
    code, err = gapless("rerun", row["id"], "--json", "--db", str(db))
    assert code == 2 and "interrupted" in err and "Traceback" not in err

    # resuming finishes it; the killed run is then closed as interrupted (not "incomplete
    # 0.0%"), its process no longer looked for
    done = subprocess.run(command(src, db, "--context-tokens", "1024"), capture_output=True,
                          text=True, env=env(), check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["status"] == "complete"
    code, runs = gapless("runs", "--json", "--db", str(db))
    statuses = {r["id"]: (r["status"], r["interrupted"]) for r in runs["runs"]}
    assert statuses[row["id"]] == ("interrupted", False), statuses
    assert sorted(s for s, _ in statuses.values()) == ["complete", "interrupted"]
    code, verdict = gapless("verify", "--all", "--json", "--no-source", "--db", str(db))
    assert code == 0 and verdict["holds"], verdict
