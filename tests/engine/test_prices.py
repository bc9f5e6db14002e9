"""Cost budgets mean something: hosted models are priced out of the box, and a budget that
cannot stop a run says so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from gapless.engine.config import ModelPrice, Settings
from gapless.engine.prices import known_price
from tests.support.paths import REPO_ROOT


def test_known_models_are_priced_by_their_longest_prefix() -> None:
    assert known_price("gpt-4o") == (2.5, 10.0)
    assert known_price("gpt-4o-mini") == (0.15, 0.6)
    assert known_price("gpt-4o-2024-08-06") == (2.5, 10.0)
    assert known_price("openai/gpt-4.1-mini") == (0.4, 1.6)
    assert known_price("claude-sonnet-4-20250514") == (3.0, 15.0)
    assert known_price("qwen2.5:7b") is None
    assert known_price("gpt-4oo") is None


def test_hosted_models_cost_money_and_local_servers_do_not() -> None:
    hosted = Settings(provider="openai", model="gpt-4o")
    assert hosted.hosted and hosted.price(1_000_000, 1_000_000) == 12.5
    claude = Settings(provider="anthropic", model="claude-3-5-haiku-latest")
    assert claude.price(1_000_000, 0) == 0.8
    local = Settings(provider="openai", base_url="http://127.0.0.1:11434", model="gpt-4o")
    assert not local.hosted and local.price(1_000_000, 1_000_000) == 0.0


def test_configured_prices_win_over_the_table() -> None:
    row = Settings(provider="openai", model="gpt-4o",
                   prices={"gpt-4o": ModelPrice(input_per_mtok=1.0, output_per_mtok=1.0)})
    assert row.price(1_000_000, 1_000_000) == 2.0
    flat = Settings(provider="openai", model="gpt-4o", price_in_per_mtok=3.0)
    assert flat.price(1_000_000, 1_000_000) == 3.0


def test_a_cost_budget_without_a_price_warns() -> None:
    assert Settings(provider="openai", model="gpt-4o", max_cost=1.0).cost_budget_warning() is None
    warning = Settings(provider="openai", base_url="http://127.0.0.1:9", model="llama3",
                       max_cost=0.5).cost_budget_warning()
    assert warning and "'llama3' has no price" in warning
    assert Settings(model="x").cost_budget_warning() is None


def test_the_warning_is_one_line_on_the_command_line(tmp_path: Path) -> None:
    src = tmp_path / "notes.md"
    src.write_text("# notes\n" + "we fixed the cache bug and wrote tests for the parser.\n" * 20)
    env = {**os.environ, "GAPLESS_DB": str(tmp_path / "x.db"), "PYTHONPATH": str(REPO_ROOT),
           "GAPLESS_CONFIG": str(tmp_path / "none.toml")}
    out = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "summarize", str(src), "--max-cost",
                          "1"], capture_output=True, text=True, env=env, check=False)
    assert out.returncode == 0
    warnings = [line for line in out.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "--max-cost 1 cannot stop this run" in warnings[0]
