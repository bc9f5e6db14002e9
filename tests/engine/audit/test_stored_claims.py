"""The rows a user reads are checked against the events: a tampered projection is a
contradiction for ``verify``, and no command decides from it (issue 37)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.support.cli import isolate_cli, run_cli
from tests.support.helpers import make_transcript


def _db(tmp_path: Path) -> Path:
    return tmp_path / "cli.db"


def _sql(db: Path, sql: str, args: tuple[object, ...] = ()) -> None:
    con = sqlite3.connect(db)
    con.execute(sql, args)
    con.commit()
    con.close()


@pytest.fixture
def stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    """An input and an incomplete run of it (its call budget spent)."""
    isolate_cli(tmp_path, monkeypatch)
    src = tmp_path / "talk.md"
    src.write_bytes(make_transcript(80, 60, seed=2).data)
    code, out = run_cli(capsys, "summarize", str(src), "--context-tokens", "1024",
                        "--max-calls", "3", "--json")
    result = json.loads(out)
    assert code == 1 and result["status"] == "incomplete", out
    return src, result["run_id"]


def test_a_runs_row_rewritten_complete_is_caught_and_not_trusted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], stopped: tuple[Path, str]) -> None:
    """Fails on the code before this commit: runs listed it complete, verify --all exited 0
    and summarize answered "already summarized"."""
    src, run_id = stopped
    _sql(_db(tmp_path), "UPDATE runs SET status = 'complete', coverage = 1.0, gaps = '[]' "
         "WHERE id = ?", (run_id,))

    code, out = run_cli(capsys, "runs", "--json")
    [row] = [r for r in json.loads(out)["runs"] if r["id"] == run_id]
    assert code == 0 and row["status"] == "incomplete" and row["coverage"] < 1.0

    code, out = run_cli(capsys, "verify", "--all", "--json", "--no-source")
    verdict = json.loads(out)
    assert code == 1 and not verdict["holds"]
    [lines] = [v["contradictions"] for v in verdict["verdicts"] if v["run_id"] == run_id]
    assert "the runs row says complete, its events incomplete" in lines

    # --plan (it reads only) does not take the forged row for a result either
    code, out = run_cli(capsys, "summarize", str(src), "--context-tokens", "1024", "--plan")
    assert "already summarized" not in out, out

    # the same command resumes the run instead of answering from the forged row
    code, out = run_cli(capsys, "summarize", str(src), "--context-tokens", "1024", "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "complete" and result["calls"] > 0
    assert result.get("reused_run") is None
    code, out = run_cli(capsys, "verify", "--all", "--json", "--no-source")
    assert code == 0 and json.loads(out)["holds"], out


@pytest.mark.parametrize(("sql", "line"), [
    ("UPDATE runs SET calls = calls + 5 WHERE id = ?", "calls, its events"),
    ("UPDATE runs SET input_bytes = 7 WHERE id = ?", "input bytes, its events"),
    ("UPDATE journal_invocations SET status = 'complete' WHERE run_id = ? AND "
     "status != 'complete'", "differs from its events in status"),
    ("UPDATE journal_invocations SET memo_key = 'f00' WHERE run_id = ? AND memo_key != ''",
     "differs from its events in memo_key"),
    ("DELETE FROM journal_fragments WHERE id IN (SELECT id FROM journal_fragments "
     "WHERE run_id = ? LIMIT 1)", "journal_fragments lacks the read of"),
    ("UPDATE events SET body = json_set(body, '$.end', json_extract(body, '$.end') + 1) "
     "WHERE run_id = ? AND seq = (SELECT MIN(seq) FROM events WHERE run_id = ? AND "
     "type = 'child_finished' AND json_extract(body, '$.status') = 'complete')",
     "finished complete over"),
])
def test_each_projection_is_re_derived_from_the_events(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], stopped: tuple[Path, str],
        sql: str, line: str) -> None:
    _, run_id = stopped
    code, out = run_cli(capsys, "verify", run_id, "--json", "--no-source")
    assert code == 0 and json.loads(out)["holds"], out
    _sql(_db(tmp_path), sql, (run_id,) * sql.count("?"))
    code, out = run_cli(capsys, "verify", run_id, "--json", "--no-source")
    verdict = json.loads(out)
    assert code == 1 and any(line in c for c in verdict["contradictions"]), verdict
