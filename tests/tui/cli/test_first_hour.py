"""The command line as a new user meets it: versions, guesses, help that explains, tables
that survive a pipe, settings that list themselves (the "first hour" issue)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.journal.rollup import ALL_PROJECTS, Rollup
from gapless.tui.cli.common import count_of
from gapless.tui.cli.main import COMMANDS, build_parser, main
from gapless.tui.cli.text import without_headline, wrap_block
from tests.support.paths import REPO_ROOT


def gapless(*args: str, tmp: Path, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "GAPLESS_DB": str(tmp / "cli.db"), "PYTHONPATH": str(REPO_ROOT),
            "GAPLESS_CONFIG": str(tmp / "config.toml"), **(env or {})}
    return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args], capture_output=True,
                          text=True, env=full, check=False, cwd=tmp)


def test_version(tmp_path: Path) -> None:
    out = gapless("--version", tmp=tmp_path)
    assert out.returncode == 0 and out.stdout.strip().startswith("gapless 0.")


@pytest.mark.parametrize(("args", "guess"), [
    (["sumarize", "x"], "did you mean `summarize`?"),
    (["summarize", "x", "--jsn"], "did you mean `--json`?"),
    (["runs", "--limt", "3"], "did you mean `--limit`?"),
    (["summarize", "x", "--strategy", "tre"], "did you mean `tree`?"),
    (["config", "sho"], "did you mean `show`?"),
])
def test_a_mistake_gets_a_guess(tmp_path: Path, args: list[str], guess: str) -> None:
    out = gapless(*args, tmp=tmp_path)
    assert out.returncode == 2 and guess in out.stderr
    assert "Traceback" not in out.stderr


def test_no_guess_when_nothing_is_close(tmp_path: Path) -> None:
    out = gapless("zzzz", tmp=tmp_path)
    assert out.returncode == 2 and "did you mean" not in out.stderr


def test_the_main_verb_comes_first_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    listed = [command.name for command in COMMANDS]
    assert listed[0] == "summarize"
    positions = [text.index(f"    {name}") for name in listed]
    assert positions == sorted(positions)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _every_parser() -> list[tuple[str, argparse.ArgumentParser]]:
    out: list[tuple[str, argparse.ArgumentParser]] = []
    todo = [("gapless", build_parser())]
    while todo:
        name, parser = todo.pop()
        out.append((name, parser))
        todo += [(f"{name} {n}", p) for n, p in _subparsers(parser).items()]
    return out


def test_every_option_is_explained_and_help_prints_no_double_percent() -> None:
    for name, parser in _every_parser():
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction | argparse._HelpAction):
                continue
            assert action.help, f"`{name}` {action.option_strings or action.dest} has no help"
        text = parser.format_help()
        assert "%%" not in text, name
        if parser.description:
            assert "%%" not in parser.description, name


def test_help_states_defaults() -> None:
    parsers = dict(_every_parser())
    assert "(default: 30)" in parsers["gapless runs"].format_help()
    assert "(default: 127.0.0.1)" in parsers["gapless serve"].format_help()
    tui_help = parsers["gapless tui"].format_help()
    assert "--strategy" in tui_help and "gapless read" in tui_help
    assert "read_range" in parsers["gapless rerun"].format_help()


def test_config_show_lists_every_setting_with_its_source(tmp_path: Path) -> None:
    assert gapless("config", "set", "model", "m1", tmp=tmp_path).returncode == 0
    out = gapless("config", "show", tmp=tmp_path, env={"GAPLESS_CONCURRENCY": "7"})
    assert out.returncode == 0, out.stderr
    for name in Settings.model_fields:
        assert name in out.stdout, name
    lines = {line.split(" ")[0].lstrip("#").strip(): line for line in out.stdout.splitlines()}
    assert "from the config file" in lines["model"] and 'default ""' in lines["model"]
    assert "from $GAPLESS_CONCURRENCY" in lines["concurrency"] and "default 4" in lines[
        "concurrency"]
    assert "max_calls is not set" in out.stdout


def test_config_keys_get_guesses_and_keys_point_to_api_key_env(tmp_path: Path) -> None:
    typo = gapless("config", "set", "concurency", "3", tmp=tmp_path)
    assert typo.returncode == 2 and "did you mean `concurrency`?" in typo.stderr
    key = gapless("config", "set", "api_key", "sk-abc123", tmp=tmp_path)
    assert key.returncode == 2 and "api_key_env" in key.stderr and "sk-abc123" not in key.stderr
    unset = gapless("config", "unset", "concurency", tmp=tmp_path)
    assert unset.returncode == 2 and "did you mean `concurrency`?" in unset.stderr
    assert not (tmp_path / "config.toml").exists()


def test_runs_keep_every_column_when_piped_and_say_when_a_filter_matches_nothing(
        tmp_path: Path) -> None:
    deep = tmp_path / ("a-rather-long-folder-name-" * 3) / "notes-with-a-long-name.md"
    deep.parent.mkdir(parents=True)
    deep.write_text("# notes\n" + "we fixed the cache bug and wrote tests for the parser.\n" * 20)
    assert gapless("summarize", str(deep), tmp=tmp_path).returncode == 0
    listed = gapless("runs", tmp=tmp_path)
    assert listed.returncode == 0 and str(deep) in listed.stdout
    none = gapless("runs", "--kind", "foo", tmp=tmp_path)
    assert none.returncode == 0 and "no runs of kind 'foo'" in none.stdout


def test_a_cross_project_rollup_labels_each_day_with_its_project() -> None:
    every = Rollup("2026-11-23", "2026-11-29", ALL_PROJECTS, days=[
        {"date": "2026-11-24", "project": "alpha", "headline": "h1", "summary": "s1"},
        {"date": "2026-11-25", "project": "beta", "headline": "h2", "summary": "s2"}],
        skipped=[{"date": "2026-11-26", "project": "beta", "reason": "empty", "detail": "-"}])
    text = every.markdown()
    assert "# All projects" in text
    assert "2026-11-24 · alpha: h1" in text and "2026-11-25 · beta: h2" in text
    assert "2026-11-26 · beta: empty" in text
    one = Rollup("2026-11-23", "2026-11-29", "alpha", days=every.days[:1]).markdown()
    assert "· alpha" not in one


def test_rollup_names_its_flag_for_what_it_does(tmp_path: Path) -> None:
    text = gapless("rollup", "--help", tmp=tmp_path).stdout
    assert "--all-projects" in text


def test_counts_have_their_noun_in_the_right_number() -> None:
    assert count_of(1, "entry", "entries") == "1 entry"
    assert count_of(3, "entry", "entries") == "3 entries"
    assert count_of(0, "run") == "0 runs"


def test_summaries_print_as_readable_blocks() -> None:
    assert without_headline("Fixed the cache bug", "Fixed the cache bug. Then the tests "
                            "passed.") == "Then the tests passed."
    kept = "The parser was rewritten. Fixed the cache bug."
    assert without_headline("Fixed the cache bug", kept) == kept
    url = "https://example.com/" + "very-long-path-segment/" * 6
    text = wrap_block(f"See {url} for the details of the change we made today.", width=40)
    assert url in text.split("\n")[1] or url in text
    assert all(len(line) <= 40 or url in line for line in text.splitlines())
    bullets = wrap_block("- first item that is long enough to wrap around the width\n- second",
                         width=30)
    assert bullets.splitlines()[1].startswith("  ") and bullets.splitlines()[-1] == "- second"


def test_summarize_does_not_repeat_the_headline(tmp_path: Path) -> None:
    src = REPO_ROOT / "engine" / "samples" / "sample-session.jsonl"
    out = gapless("summarize", str(src), "--context-tokens", "4000", tmp=tmp_path,
                  env={"COLUMNS": "80"})
    data = gapless("summarize", str(src), "--context-tokens", "4000", "--json", tmp=tmp_path)
    headline = json.loads(data.stdout)["entry"]["headline"]
    assert out.returncode == 0 and out.stdout.count(headline) == 1


def test_a_skipped_input_says_why(tmp_path: Path) -> None:
    """An empty file is skipped, successfully, and the readable output says why (the
    reason was only in --json before)."""
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    out = gapless("summarize", str(empty), tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "skipped: the input is empty"
