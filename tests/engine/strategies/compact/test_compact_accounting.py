"""``compact`` accounts for every record of its input, as ``summarize`` does (issue 37).

A Claude Code session whose head holds a local command's output, a sidechain assistant
message and a prompt hook's output: each record is summarized, kept verbatim or left out
with a reason in ``source``; the three reach the rendered conversation the summary calls
read; and ``gapless verify`` checks the compaction's source by its SHA-256.
"""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.strategies.compact.messages import load_conversation
from gapless.tui.cli.main import main

MARKERS = ("LOCALSTDOUT-7c1", "SIDECHAIN-5e2", "PROMPTHOOK-9a4")


def _rec(i: int, kind: str, content: object, **extra: object) -> dict[str, object]:
    return {"type": kind, "uuid": f"u{i}", "parentUuid": f"u{i - 1}" if i else None,
            "sessionId": "s-acc", "timestamp": f"2026-01-01T00:{i // 60:02d}:{i % 60:02d}Z",
            "isSidechain": False, "cwd": "/repo",
            "message": {"role": kind, "content": content}, **extra}


def session(tmp_path: Path, turns: int = 40) -> Path:
    """A session whose head holds the three records compaction used to drop silently."""
    recs = [
        _rec(0, "user", "Please fix the parser so that empty input returns []."),
        _rec(1, "user", f"<local-command-stdout>{MARKERS[0]} 12 files</local-command-stdout>"),
        _rec(2, "assistant", [{"type": "text", "text": f"{MARKERS[1]} looking around"}],
             isSidechain=True),
        _rec(3, "user", f"<user-prompt-submit-hook>{MARKERS[2]} lint ok"
                        "</user-prompt-submit-hook>"),
        {"type": "file-history-snapshot", "messageId": "m", "snapshot": {}},
    ]
    for t in range(turns):
        i = len(recs)
        body = " ".join(f"step{t}-{k} of the parser change" for k in range(40))
        recs.append(_rec(i, "assistant", [{"type": "text", "text": f"Turn {t}: {body}"}]))
        recs.append(_rec(i + 1, "user", f"Next, look at module {t} please."))
    recs.append(_rec(len(recs), "assistant", [{"type": "text", "text": "All done."}]))
    f = tmp_path / "s-acc.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    return f


def test_every_record_is_summarized_kept_or_left_out_with_a_reason(tmp_path, capsys):
    f = session(tmp_path)
    n_records = sum(1 for line in f.read_text().splitlines() if line.strip())
    db = str(tmp_path / "g.db")
    code = main(["compact", str(f), "--budget", "2000", "--json", "--db", db])
    out, err = capsys.readouterr()
    assert code == 0, err
    obj = json.loads(out)
    records = obj["source"]["records"]
    assert records["total"] == n_records
    assert records["summarized"] > 0 and records["kept_verbatim"] > 0
    assert (records["summarized"] + records["kept_verbatim"] + records["not_in_output"]
            + sum(records["dropped"].values()) + records["malformed"]) == n_records
    assert records["dropped"] == {"file history snapshot": 1} or sum(
        records["dropped"].values()) == 1
    # the three records are in the rendering every summary call read
    rendered = load_conversation(f).transcript()[0].data.decode()
    assert all(m in rendered for m in MARKERS)
    # the human line says what was left out
    assert "left out 1 record of the input" in err
    assert f"summarized {obj['summarized']} messages" in err


def test_verify_checks_a_compactions_source_by_its_sha256(tmp_path, capsys):
    f = session(tmp_path)
    db = str(tmp_path / "g.db")
    assert main(["compact", str(f), "--budget", "2000", "--json", "--db", db]) == 0
    run_id = json.loads(capsys.readouterr()[0])["source"] and _last_run(db, capsys)
    assert main(["verify", run_id, "--json", "--db", db]) == 0
    verdict = json.loads(capsys.readouterr()[0])
    assert verdict["holds"] and verdict["source"].startswith("unchanged (SHA-256")
    text = f.read_text().replace("Next, look at module 3", "Next, look at module 8")
    f.write_text(text, encoding="utf-8")
    main(["verify", run_id, "--json", "--db", db])
    assert json.loads(capsys.readouterr()[0])["source"].startswith("changed: the SHA-256")


def _last_run(db: str, capsys) -> str:
    assert main(["runs", "--json", "--db", db]) == 0
    runs = json.loads(capsys.readouterr()[0])
    rows = runs if isinstance(runs, list) else runs.get("runs", [])
    return str(rows[0]["run_id"] if "run_id" in rows[0] else rows[0]["id"])


def test_a_record_rendered_as_two_messages_is_counted_once(tmp_path, capsys):
    """A chat history whose agent records hold their tools' output (an answer, then a tool
    message): compaction splits messages, but each record is counted once."""
    from tests.support.paths import TEST_DATA

    f = TEST_DATA / "chat-exports" / "vibecodingtracker_gemini-cli-session.json"
    code = main(["compact", str(f), "--budget", "4000", "--json", "--db",
                 str(tmp_path / "g.db")])
    assert code == 0
    obj = json.loads(capsys.readouterr()[0])
    records = obj["source"]["records"]
    assert obj["summarized"] + obj["kept_verbatim"] > records["rendered"]  # messages
    assert records["summarized"] + records["kept_verbatim"] == records["rendered"] == 4


def test_a_rendered_record_that_is_no_message_is_read_but_never_output(tmp_path, capsys):
    """A session's title line is rendered (and read) but is no message of the agent's: it
    is not output, and the account says so."""
    f = session(tmp_path, turns=2)
    with f.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"type": "summary", "summary": "Parser fix for empty input",
                             "leafUuid": "u3"}) + "\n")
    code = main(["compact", str(f), "--budget", "100000", "--json", "--db",
                 str(tmp_path / "g.db")])
    out, err = capsys.readouterr()
    assert code == 0
    obj = json.loads(out)
    assert "Parser fix for empty input" in load_conversation(f).transcript()[0].data.decode()
    assert not any("Parser fix for empty input" in json.dumps(m) for m in obj["messages"])
    assert obj["source"]["records"]["not_in_output"] == 1
    assert obj["kept_verbatim"] == len(obj["messages"])
    assert "no message of the agent's 1" in err
