"""A document's long section titles are not a person's asks. A heading of six words or more
was read as a request, so a design note titled "High level approach - development workflow"
or a tutorial's "Step 2: load the sales table" came out as a chat: "Asked: …", "Done: …".
A title laid out as one — a short label and a colon, a topic and a dash, code or an anchor in
it — is a section; a question, a command or a sentence heading is still an ask (aider's
history, whose every line the person typed is a ``####`` heading)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.sources.turns import learn_turns
from tests.support.cli import isolate_cli, run_cli

DATA = Path(__file__).parents[2] / "data"

DESIGN_NOTE = """# Maintaining the client's types

The types are generated from the API description and published beside the package.

## High level approach - maintaining the types

We keep them in the repository and check them in continuous integration, so that a change to
the API that breaks a caller fails before it is merged.

## High level approach - development workflow

A contributor edits the description, runs the generator and commits both files together.

## Generation/Consumption of machine readable description files

The generator reads the description as JSON and writes one declaration file per module.

## Step 4: publish the declarations with the release

The release job copies the declarations into the package before it is uploaded.
"""


def test_titles_laid_out_as_titles_are_sections(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert learn_turns(DESIGN_NOTE) is None
    isolate_cli(tmp_path, monkeypatch)
    path = tmp_path / "types.md"
    path.write_text(DESIGN_NOTE, encoding="utf-8")
    code, out = run_cli(capsys, "summarize", str(path))
    assert code == 0 and "Asked" not in out and "Done:" not in out


def test_sentence_headings_of_a_chat_history_are_still_asks() -> None:
    text = (DATA / "chat-exports/zen-mcp-server_aider-chat-history.md").read_text(
        encoding="utf-8")
    turns = learn_turns(text)
    assert turns is not None and turns.ask_style == "####"
    asks = "\n".join(f"## {q}\n\nThe answer, in a paragraph of its own.\n" for q in (
        "please add a retry to the upload client and log each attempt",
        "now make the retry count a setting the user can change",
        "why does the test for the upload client hang on the second run?",
        "write the changelog entry for this change in the usual style"))
    found = learn_turns(asks)
    assert found is not None and found.ask_style == "##"
