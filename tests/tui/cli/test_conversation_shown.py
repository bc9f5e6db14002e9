"""A conversation as ``gapless summarize`` shows it (#12 item 6): the outcome first, the
summary as bullets, and the files changed, commands and errors as lists of their own (the
``files`` / ``commands`` / ``errors`` fields of ``--json``'s entry), in the CLI and in the
workbench's extraction view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import isolate_cli
from tests.support.cli import run_cli as _run
from tests.support.paths import TEST_DATA

SESSION = TEST_DATA / "codex" / "scout_codex-session.jsonl"


@pytest.fixture(autouse=True)
def _env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate_cli(tmp_path, monkeypatch)


def test_summarize_json_carries_the_lists(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "summarize", str(SESSION), "--json")
    assert code == 0
    entry = json.loads(out)["entry"]
    assert entry["headline"].startswith("Created opencode.jsonc")
    assert entry["files"] == [".config/opencode/opencode.jsonc", ".zshrc"]
    assert "opencode --help" in entry["commands"]
    assert "errors" not in entry  # an empty list is left out, as the other optional fields
    assert "Files:" not in entry["summary"] and "Commands:" not in entry["summary"]
    assert entry["summary"].startswith("Asked:\n- Set up ZenMux in opencode")


def test_summarize_prints_the_lists(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "summarize", str(SESSION))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Created opencode.jsonc")
    assert "Asked:" in lines and "Done:" in lines
    files = lines.index("files changed:")
    assert lines[files + 1:files + 3] == ["  - .config/opencode/opencode.jsonc", "  - .zshrc"]
    commands = lines.index("commands:")
    assert "  - opencode --help" in lines[commands + 1:commands + 9]
    assert "errors:" not in lines
    assert lines.index("topics: " + out.split("topics: ", 1)[1].splitlines()[0]) < files


def test_workbench_extraction_lists() -> None:
    from gapless.tui.widgets.detail import _entry

    shown = _entry({"headline": "Fixed the login flow", "summary": "Done:\n- Fixed it.",
                    "files": ["src/auth.py"], "commands": ["pytest -q"],
                    "errors": ["AssertionError: 1 != 2"], "decisions": ["Ana: use JWT"]})
    text = str(shown)
    for block in ("files changed:\n  - src/auth.py\n", "commands:\n  - pytest -q\n",
                  "errors:\n  - AssertionError: 1 != 2\n", "decided:\n  - Ana: use JWT\n"):
        assert block in text, text
    assert '"files"' not in text  # shown as lists, not in the JSON of the other fields
