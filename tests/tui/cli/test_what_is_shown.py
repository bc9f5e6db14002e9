"""The command line says what the model was shown: ``source`` in ``--json``, the human line,
``--include`` (``--thinking`` its alias) and ``--full-tool-output``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from gapless.tui.cli.main import main
from tests.support.cli import isolate_cli
from tests.support.paths import TEST_DATA

SESSION = (TEST_DATA / "claude-projects" / "-home-cwtrocks-android-avd"
           / "c6455dae-26cd-4ba2-a2b9-7b8e4675e19c.jsonl")
NOTEBOOK = TEST_DATA / "claude-code" / "engineering-notebook_test-session-1.jsonl"


class Out:
    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.returncode, self.stdout, self.stderr = code, stdout, stderr


Gapless = Callable[..., Out]


@pytest.fixture
def gapless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> Gapless:
    """``gapless ARGS`` in this process (one database and config per test)."""
    isolate_cli(tmp_path, monkeypatch)

    def run(*args: str) -> Out:
        capsys.readouterr()
        code = main(list(args))
        got = capsys.readouterr()
        return Out(code, got.out, got.err)

    return run


def test_json_and_human_output_account_for_the_input(gapless: Gapless) -> None:
    out = gapless("summarize", str(SESSION), "--json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    src = d["source"]
    assert src["path"] == str(SESSION) and src["bytes"] == SESSION.stat().st_size
    r = src["records"]
    assert r["rendered"] + sum(r["dropped"].values()) + r["malformed"] == r["total"]
    assert r["total"] == sum(1 for ln in SESSION.read_bytes().splitlines() if ln.strip())
    assert src["rendered_bytes"] == d["input_bytes"] < src["bytes"]
    anchors = d["entry"]["anchors"]
    assert anchors and all(a["file"] == str(SESSION) and a["line"] >= 1 for a in anchors)
    human = gapless("summarize", str(SESSION))
    assert human.returncode == 0, human.stderr
    assert "rendered " in human.stdout and "records left out" in human.stdout


def test_include_brings_classes_back_and_thinking_is_its_alias(gapless: Gapless) -> None:
    plain = json.loads(gapless("summarize", str(NOTEBOOK), "--json").stdout)
    assert plain["source"]["include"] == []
    assert plain["source"]["records"]["dropped"].get("thinking")
    both = json.loads(gapless("summarize", str(NOTEBOOK), "--json", "--force", "--include",
                              "harness,thinking").stdout)
    assert both["source"]["include"] == ["harness", "thinking"]
    assert "thinking" not in both["source"]["records"]["dropped"]
    assert both["input_bytes"] > plain["input_bytes"]
    alias = json.loads(gapless("summarize", str(NOTEBOOK), "--json", "--force", "--thinking").stdout)
    assert alias["source"]["include"] == ["thinking"]
    bad = gapless("summarize", str(NOTEBOOK), "--include", "harnes")
    assert bad.returncode == 2 and "harness" in bad.stderr and "Traceback" not in bad.stderr


def test_full_tool_output_turns_the_long_output_rule_off(gapless: Gapless, tmp_path: Path) -> None:
    big = tmp_path / "s.jsonl"
    output = "\n".join(f"line {i}" for i in range(5_000))
    rows = [
        {"type": "assistant", "sessionId": "s", "timestamp": "2026-01-01T00:00:00Z",
         "message": {"role": "assistant", "content": [
             {"type": "tool_use", "id": "t", "name": "Bash", "input": {"command": "cat x"}}]}},
        {"type": "user", "sessionId": "s", "timestamp": "2026-01-01T00:00:01Z",
         "message": {"role": "user", "content": [
             {"type": "tool_result", "tool_use_id": "t", "content": output}]}},
    ]
    big.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cut = json.loads(gapless("summarize", str(big), "--json").stdout)
    assert cut["source"]["records"]["elided_bytes"] > 20_000
    assert cut["input_bytes"] < 20_000
    whole = json.loads(gapless("summarize", str(big), "--json", "--full-tool-output").stdout)
    assert whole["source"]["records"]["elided_bytes"] == 0
    assert whole["input_bytes"] > len(output)
