"""One registry per extension point (engine.registry): a provider or strategy registered
through the hook is offered by the command line, accepted by the settings and built or run
by the engine, exactly as the built-in ones (which register through the same hook)."""

from __future__ import annotations

import argparse
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
    make_provider,
    register_provider,
    register_strategy,
)
from gapless.engine.providers.base import Provider
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.context import RunContext
from gapless.engine.run.memo import Outcome
from gapless.tui.cli.main import build_parser


def _choices(parser: argparse.ArgumentParser, command: str, flag: str) -> list[str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in sub.choices[command]._actions if flag in a.option_strings)
    assert action.choices is not None
    return list(action.choices)


def _fake_build(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    return ExtractiveProvider(off_loop=keep_loop_free)


async def _fake_run(ctx: RunContext) -> Outcome:  # pragma: no cover - never run here
    raise AssertionError


@pytest.fixture
def fake() -> Iterator[None]:
    register_provider(ProviderEntry("fake", "a provider made for this test", _fake_build,
                                    offline=True))
    register_strategy(StrategyEntry("sideways", "a strategy made for this test", _fake_run))
    try:
        yield
    finally:
        PROVIDERS.unregister("fake")
        STRATEGIES.unregister("sideways")


def test_the_built_in_ones_are_registered_through_the_hook() -> None:
    assert list(PROVIDERS) == ["extractive", "scripted", "openai", "anthropic", "local"]
    assert list(STRATEGIES) == ["auto", "oneshot", "tree", "recursive", "chunked", "compact"]
    assert [e.name for e in STRATEGIES.entries() if not e.offered] == ["compact"]
    assert typing.get_args(Settings.model_fields["provider"].annotation) == PROVIDERS.names()


def test_a_registered_provider_is_offered_accepted_and_built(fake: None) -> None:
    parser = build_parser()
    assert "fake" in _choices(parser, "summarize", "--provider")
    assert "fake" in _choices(parser, "compact", "--summarizer-provider")
    args = parser.parse_args(["summarize", "x.txt", "--provider", "fake"])
    assert args.provider == "fake"
    settings = Settings(provider="fake", compaction_provider="fake")
    assert settings.provider == "fake"
    # the settings form's choices come from the field's Literal: the new name is there
    assert "fake" in typing.get_args(Settings.model_fields["provider"].annotation)
    assert isinstance(make_provider(settings), ExtractiveProvider)


def test_a_registered_strategy_is_offered(fake: None) -> None:
    parser = build_parser()
    assert "sideways" in _choices(parser, "summarize", "--strategy")
    assert "sideways" in _choices(parser, "tui", "--strategy")
    assert "chunked" not in _choices(parser, "tui", "--strategy")  # it reads a file by path


def test_gone_again_it_is_refused(tmp_path: Path) -> None:
    assert "fake" not in PROVIDERS
    with pytest.raises(ValueError, match=r"Input should be"):
        Settings(provider="fake")
    with pytest.raises(UserError, match="unknown strategy 'sideways'; choose one of auto"):
        STRATEGIES.get("sideways")


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_provider(ProviderEntry("openai", "again", _fake_build))
