"""``gapless`` in this process, for tests of what the command line prints: one database and
config per test, wide output, no inclusion setting from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.tui.cli.main import main


def isolate_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAPLESS_DB", str(tmp_path / "cli.db"))
    monkeypatch.setenv("GAPLESS_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("GAPLESS_INCLUDE", raising=False)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Exit code and standard output of ``gapless ARGS``."""
    capsys.readouterr()
    code = main(list(args))
    return code, capsys.readouterr().out
