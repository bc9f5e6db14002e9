"""Reuse proves itself by the bytes' hash: a memo key rewritten in ``journal_invocations``
leads the engine to no reuse of other bytes, and ``verify`` refuses such a reuse (issue 37)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.support.cli import isolate_cli, run_cli
from tests.support.helpers import make_transcript

ARGS = ("--context-tokens", "1024", "--json")


def _leaves(db: Path) -> dict[tuple[int, int], tuple[str, str, str]]:
    con = sqlite3.connect(db)
    rows = con.execute('SELECT start, "end", run_id, inv, memo_key FROM journal_invocations '
                       "WHERE mode = 'leaf' AND status = 'complete'").fetchall()
    con.close()
    return {(s, e): (r, i, k) for s, e, r, i, k in rows}


def test_a_rewritten_memo_key_reuses_no_other_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Fails on the code before this commit: the run over B reused A's leaf of other bytes,
    said complete, and verify held."""
    isolate_cli(tmp_path, monkeypatch)
    data = make_transcript(60, 60, seed=9).data
    at = data.index(b"message 31")
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_bytes(data)
    b.write_bytes(data[:at] + b"MARKER! 31" + data[at + 10:])  # same length, other bytes
    main, other = tmp_path / "cli.db", tmp_path / "other.db"

    code, out = run_cli(capsys, "summarize", str(b), *ARGS, "--db", str(other))
    assert code == 0
    code, out = run_cli(capsys, "summarize", str(a), *ARGS)
    assert code == 0
    [(scope, (run_a, inv_a, _))] = [(s, v) for s, v in _leaves(main).items()
                                    if s[0] <= at < s[1]]
    forged_key = _leaves(other)[scope][2]  # what B's leaf over the same span is keyed by
    con = sqlite3.connect(main)
    con.execute("UPDATE journal_invocations SET memo_key = ? WHERE run_id = ? AND inv = ?",
                (forged_key, run_a, inv_a))
    con.commit()
    con.close()

    code, out = run_cli(capsys, "summarize", str(b), *ARGS)
    result = json.loads(out)
    assert code == 0 and result["status"] == "complete"
    con = sqlite3.connect(main)
    [(reused,)] = con.execute(
        "SELECT json_extract(body, '$.reused') FROM events WHERE run_id = ? AND "
        "type = 'invocation_finished' AND inv IN (SELECT inv FROM journal_invocations WHERE "
        "run_id = ? AND start = ? AND \"end\" = ? AND mode = 'leaf')",
        (result["run_id"], result["run_id"], *scope)).fetchall()
    con.close()
    assert not reused, "the leaf over the changed bytes was reused from A"

    code, out = run_cli(capsys, "verify", "--all", "--json", "--no-source")
    verdicts = {v["run_id"]: v for v in json.loads(out)["verdicts"]}
    assert verdicts[result["run_id"]]["holds"], verdicts[result["run_id"]]
    # the forged row itself is a contradiction of A's run
    assert any("memo_key" in c for c in verdicts[run_a]["contradictions"])


def test_verify_refuses_a_reuse_whose_donor_read_other_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A receiver's reused node names a donor whose recorded bytes differ: not proven."""
    isolate_cli(tmp_path, monkeypatch)
    src = tmp_path / "a.md"
    src.write_bytes(make_transcript(60, 60, seed=9).data)
    run_cli(capsys, "summarize", str(src), *ARGS)
    src.write_bytes(src.read_bytes() + b"\n")  # other work (another fingerprint), same leaves
    code, out = run_cli(capsys, "summarize", str(src), *ARGS)
    receiver = json.loads(out)["run_id"]
    code, out = run_cli(capsys, "verify", receiver, "--json", "--no-source")
    assert code == 0 and json.loads(out)["reused"] > 0, out
    con = sqlite3.connect(tmp_path / "cli.db")  # the donors' events now say other bytes
    con.execute("UPDATE events SET body = json_set(body, '$.source_hash', 'ff') WHERE "
                "run_id != ? AND type = 'invocation_finished'", (receiver,))
    con.commit()
    con.close()
    code, out = run_cli(capsys, "verify", receiver, "--json", "--no-source")
    verdict = json.loads(out)
    assert code == 1 and any("was reused, but no earlier run proves it" in c
                             for c in verdict["contradictions"]), verdict
