"""JSON that names roles but holds no conversation Gapless can find — a recording of an API
request, a configuration with a ``messages`` setting, a list of accounts with a ``role`` —
as a stranger hands it over. Read as a chat export, the first rendered as nothing ("skipped:
the input is empty", 0 of its bytes read, model or not), and the accounts lost a third of
their records ("67 guest records left out": ``user`` read as the person, ``admin`` as the
agent, ``guest`` as bookkeeping). Their text is read instead; a folder passes over such a
file with its reason, as over any JSON that is not a chat. A record whose speaker key holds
objects crashed the reader of side-by-side messages."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from gapless.engine.sources import load_transcript
from gapless.engine.sources.sibling_turns import sibling_messages
from tests.support.cli import isolate_cli, run_cli

RECORDINGS = Path(__file__).parent / "engine" / "providers" / "recordings"
CHATS = Path(__file__).parent / "data" / "chat-exports"


def test_a_speaker_key_holding_objects_is_no_speaker() -> None:
    records = [{"ask": {"role": {"name": "x"}, "text": f"question {n} put in words"},
                "reply": {"role": {"name": "y"}, "text": f"answer {n} put in words"}}
               for n in range(3)]
    assert sibling_messages(records, lambda o: bool(o.get("text"))) == []
    # the same records with a string speaker still read as exchanges
    spoken = [{"ask": {"role": "user", "text": "q"}, "reply": {"role": "bot", "text": "a"}}
              for _ in range(3)]
    assert len(sibling_messages(spoken, lambda o: bool(o.get("text")))) == 6


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDINGS.glob("*.json")))
def test_a_recording_is_read_as_its_text(name: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = RECORDINGS / name
    transcript = load_transcript(path)
    rendered = transcript.text(0, len(transcript))
    for value in _strings(json.loads(path.read_text(encoding="utf-8"))):
        assert json.dumps(value)[1:-1] in rendered or value in rendered
    isolate_cli(tmp_path, monkeypatch)
    code, out = run_cli(capsys, "summarize", str(path), "--json")
    result = json.loads(out)
    assert code == 0
    assert result["status"] == "complete" and result["coverage"] == 1.0
    assert result["bytes_read"] >= path.stat().st_size - 1


def test_a_list_of_accounts_with_roles_is_read_whole(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    rnd = random.Random(1)
    accounts = [{"id": i, "name": f"user{i}", "email": f"u{i}@example.org",
                 "role": rnd.choice(["admin", "user", "guest"]),
                 "bio": f"Works on {rnd.choice(['compilers', 'databases', 'networks'])} "
                        "and likes tea."} for i in range(200)]
    path = tmp_path / "users.json"
    path.write_text(json.dumps(accounts, indent=2), encoding="utf-8")
    rendered = load_transcript(path)
    assert rendered.account is not None and rendered.account.records.left_out == 0
    assert all(a["email"] in rendered.text(0, len(rendered)) for a in accounts)
    # the same records as a conversation (the person asks, the agent answers) stay one
    chat = [{"role": "user" if i % 2 == 0 else "admin", "id": i,
             "bio": f"question {i} about the build?" if i % 2 == 0 else f"answer {i}, done."}
            for i in range(200)]
    path.write_text(json.dumps(chat), encoding="utf-8")
    conversation = load_transcript(path)
    assert conversation.text(0, 80).startswith("### user\nquestion 0 about the build?")
    assert "### assistant\nanswer 1, done." in conversation.text(0, 200)


def test_a_folder_passes_over_it_and_reads_the_chat(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    chat = next(CHATS.glob("*conversations-export.json"))
    shutil.copy(chat, folder / chat.name)
    shutil.copy(RECORDINGS / "ollama_chat.json", folder / "ollama_chat.json")
    isolate_cli(tmp_path, monkeypatch)
    code, out = run_cli(capsys, "summarize", str(folder), "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "complete"
    skipped = {Path(s["path"]).name: s["reason"] for s in result["source"]["skipped_files"]}
    assert skipped == {"ollama_chat.json": "JSON that is not a chat (summarize it on its own "
                                           "to read it as text)"}
    assert [Path(f["path"]).name for f in result["source"]["files"]] == [chat.name]


def _strings(value: object) -> list[str]:
    """Every string a JSON value holds, at any depth, that is a line of words."""
    if isinstance(value, str):
        return [value] if value.strip() and "\n" not in value else []
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []
