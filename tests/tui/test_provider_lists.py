"""The workbench's lists of providers come from the registry (engine.registry.PROVIDERS):
the settings form's help names every provider registered, the offline ones marked, and
the re-run dialog tells an offline one by its entry's flag, a plugin's as the built-in ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

from gapless.engine import PROVIDERS, ProviderEntry, Settings, register_provider
from gapless.engine.providers.base import Provider
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.tui.app import GaplessApp
from gapless.tui.screens.dialogs.rerun import RerunDialog
from gapless.tui.screens.settings import SettingsScreen, provider_help
from tests.tui.support import wait_for


def _build(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    return ExtractiveProvider(off_loop=keep_loop_free)


@pytest.fixture
def plugins() -> Iterator[None]:
    register_provider(ProviderEntry("pocket", "an offline provider made for this test",
                                    _build, offline=True))
    register_provider(ProviderEntry("faraway", "a server provider made for this test",
                                    _build, server=True))
    try:
        yield
    finally:
        PROVIDERS.unregister("pocket")
        PROVIDERS.unregister("faraway")


def test_the_form_help_lists_the_registered_providers(plugins: None) -> None:
    names = [p.split(" ")[0] for p in provider_help().split(", ")]
    assert names == list(PROVIDERS)
    assert "pocket (offline)" in provider_help() and "extractive (offline)" in provider_help()
    assert "faraway (offline)" not in provider_help() and "openai (offline)" not in \
        provider_help()


def test_the_rerun_target_tells_offline_providers_by_their_entry(plugins: None) -> None:
    assert "offline, no server" in str(RerunDialog._target(Settings(provider="pocket")))
    assert "offline, no server" in str(RerunDialog._target(Settings(provider="scripted")))
    far = str(RerunDialog._target(Settings(provider="faraway", base_url="http://h:1/v1")))
    assert "offline" not in far and "http://h:1/v1" in far


async def test_the_settings_screen_shows_a_plugin_provider(tmp_path: Path,
                                                           plugins: None) -> None:
    app = GaplessApp(db_path=tmp_path / "g.db", config_file=tmp_path / "config.toml",
                     settings=Settings())
    async with app.run_test(size=(130, 48)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen)
                             and app.screen)
        shown = str(scr.query_one("#h-provider", Static).render())
        assert "pocket (offline)" in shown and "faraway" in shown
