"""JSON that names roles but holds no conversation Gapless can find — a recording of an API
request, a configuration with a ``messages`` setting — as a stranger hands it over. Read as a
chat export, it rendered as nothing ("skipped: the input is empty", 0 of its bytes read,
with a model too). Its text is read instead; a folder passes over it with its reason, as over
any JSON that is not a chat."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gapless.engine.sources import load_transcript
from tests.support.cli import isolate_cli, run_cli

RECORDINGS = Path(__file__).parent / "engine" / "providers" / "recordings"
CHATS = Path(__file__).parent / "data" / "chat-exports"


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
