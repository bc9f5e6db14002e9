"""The recipes of docs/architecture.md, followed exactly (issue 40): a provider, a strategy
and a kind of input are each one module (written here, imported by its ``"module:attr"``
name) plus one registry entry, and every verb that should accept them does — summarize,
plan, re-run, verify, the CLI's choices, the settings form and the MCP schema — with no
other file touched. The reader recipe is tests/engine/sources/test_readers.py's."""

from __future__ import annotations

import argparse
import sys
import textwrap
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

from gapless.engine import (
    PROVIDERS,
    STRATEGIES,
    ProviderEntry,
    Settings,
    StrategyEntry,
    UserError,
    open_records,
    plan_file,
    register_provider,
    register_strategy,
    rerun_stored,
    summarize_file,
    verify_stored,
)
from gapless.tui.cli.main import build_parser
from gapless.tui.mcp.server import build_server, make_config  # imported before the recipes
from gapless.tui.screens.settings import provider_help

PROVIDER_MODULE = '''
"""A provider of the recipe: the offline summarizer under another name."""
from gapless.engine.providers.extractive import ExtractiveProvider


class PocketProvider(ExtractiveProvider):
    name = "pocket"


def build(settings, keep_loop_free=False):
    return PocketProvider(off_loop=keep_loop_free)
'''

STRATEGY_MODULE = '''
"""A strategy of the recipe: halves the input, reads each half as a tree, folds them."""
from gapless.engine.strategies.tree import run_whole


async def run(ctx):
    return await run_whole(ctx)
'''

KIND_MODULE = '''
"""A kind of the recipe: a tally sheet, lines of `COUNT item`."""
import re

from gapless.engine.extractive.kinds.base import ACCEPT
from gapless.engine.extractive.kinds.prose import ProseStyle
from gapless.engine.extractive.kinds.prose_kind import ProseKind

_LINE = re.compile(r"^\\d+ \\w+$", re.M)


class TallyKind(ProseKind):
    name = "tally"
    style = ProseStyle("tally")

    def detect(self, view):
        lines = view.text.count("\\n") + 1
        return ACCEPT if len(_LINE.findall(view.text)) * 2 > lines else 0.0

    def claims(self, parts, question):
        return all(p.kind == "tally" for p in parts)
'''


@pytest.fixture
def recipes(tmp_path: Path) -> Iterator[Path]:
    """The three modules written where Python finds them, and their one entry each."""
    from gapless.engine.extractive.kinds import registry as kinds

    pkg = tmp_path / "recipe_modules"
    pkg.mkdir()
    for name, text in (("pocket", PROVIDER_MODULE), ("halves", STRATEGY_MODULE),
                       ("tally", KIND_MODULE)):
        (pkg / f"recipe_{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    sys.path.insert(0, str(pkg))
    register_provider(ProviderEntry("pocket", "the offline summarizer, renamed",
                                    "recipe_pocket:build", offline=True))
    register_strategy(StrategyEntry("halves", "a tree, by another name", "recipe_halves:run",
                                    plan="gapless.engine.strategies.planning:plan_tree_calls"))
    kinds.register_kind(__import__("recipe_tally").TallyKind())
    try:
        yield tmp_path
    finally:
        PROVIDERS.unregister("pocket")
        STRATEGIES.unregister("halves")
        kinds.unregister_kind("tally")
        sys.path.remove(str(pkg))
        for name in ("recipe_pocket", "recipe_halves", "recipe_tally"):
            sys.modules.pop(name, None)


def _tally(path: Path) -> Path:
    path.write_text("".join(f"{n} item{n % 7}\n" for n in range(1, 4000)), encoding="utf-8")
    return path


def _choices(parser: argparse.ArgumentParser, command: str, flag: str) -> list[str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in sub.choices[command]._actions if flag in a.option_strings)
    assert action.choices is not None
    return list(action.choices)


async def test_each_verb_accepts_the_recipes(recipes: Path) -> None:
    db, source = recipes / "g.db", _tally(recipes / "sheet.txt")
    settings = Settings(provider="pocket", context_tokens=2048)
    plan = await plan_file(db, str(source), settings, strategy="halves")
    assert plan.strategy == "halves" and plan.provider == "pocket" and plan.exact
    assert plan.leaves > 1 and plan.calls == plan.leaves + plan.folds
    result = await summarize_file(db, str(source), settings, strategy="halves")
    assert result.status == "complete" and result.strategy == "halves"
    assert result.calls == plan.calls  # its own planner planned the calls it made
    async with open_records(db) as records:
        state = await records.state(result.run_id)
    assert state.provider == "pocket"
    leaves = [n for n in state.nodes.values() if n.mode == "leaf"]
    assert leaves and all((n.extraction or {}).get("kind") == "tally" for n in leaves)
    # a run stopped by its budget, then one unfinished leaf re-run under the recipes
    short = recipes / "short.db"
    stopped = await summarize_file(short, str(source), settings.model_copy(
        update={"max_calls": 2}), strategy="halves")
    assert stopped.status != "complete"
    async with open_records(short) as records:
        left = [n.inv for n in (await records.state(stopped.run_id)).nodes.values()
                if n.mode == "leaf" and n.status != "complete"]
    assert left
    again = await rerun_stored(short, stopped.run_id, left[0], settings)
    assert again.strategy == "halves"
    async with open_records(short) as records:
        redone = (await records.state(again.run_id)).nodes[left[0]]
    assert redone.status == "complete" and (redone.extraction or {}).get("kind") == "tally"
    for where in (db, short):
        verdicts = await verify_stored(where, None)
        assert verdicts and all(v.holds for v in verdicts), verdicts


def test_the_front_ends_offer_the_recipes(recipes: Path) -> None:
    parser = build_parser()
    assert "pocket" in _choices(parser, "summarize", "--provider")
    assert "halves" in _choices(parser, "summarize", "--strategy")
    assert "halves" in _choices(parser, "tui", "--strategy")
    assert "pocket" in typing.get_args(Settings.model_fields["provider"].annotation)
    assert "pocket" in provider_help()
    server = build_server(make_config(str(recipes / "g.db"), [str(recipes)], Settings()))
    tools = {t.name: t for t in server._tool_manager.list_tools()}
    assert "halves" in tools["summarize"].parameters["properties"]["strategy"]["enum"]


async def test_a_strategy_without_a_planner_is_refused_by_plan_not_planned_as_a_tree(
        tmp_path: Path) -> None:
    register_strategy(StrategyEntry("unplanned", "runs, plans nothing ahead",
                                    "gapless.engine.strategies.tree:run_whole"))
    try:
        with pytest.raises(UserError, match="the unplanned strategy plans as it reads"):
            await plan_file(None, str(_tally(tmp_path / "s.txt")), Settings(),
                            strategy="unplanned")
    finally:
        STRATEGIES.unregister("unplanned")
