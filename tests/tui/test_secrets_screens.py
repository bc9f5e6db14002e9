"""An API key set in the environment never shows on a screen (and so in no screenshot)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Input

from gapless.engine.config import Settings, write_config_file
from gapless.tui.app import GaplessApp
from gapless.tui.screens.settings import SettingsScreen
from tests.support.paths import REPO_ROOT
from tests.tui.support import wait_for

SECRET = "sk-test-0123456789abcdefSECRET"


async def test_settings_screen_never_renders_the_key(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAPLESS_TEST_KEY", SECRET)
    table = {"provider": "openai", "base_url": "http://127.0.0.1:9", "model": "m",
             "api_key_env": "GAPLESS_TEST_KEY"}
    write_config_file(tmp_path / "c.toml", table)
    app = GaplessApp(db_path=tmp_path / "g.db", config_file=tmp_path / "c.toml",
                     settings=Settings(**table))
    async with app.run_test(size=(130, 48)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen)
                             and app.screen)
        await pilot.pause(0.2)
        assert scr.query_one("#s-api_key_env", Input).value == "GAPLESS_TEST_KEY"
        svg = app.export_screenshot()
        assert SECRET not in svg and SECRET[:12] not in svg  # the value never shows


def test_committed_screenshots_hold_no_key_material() -> None:
    shots = REPO_ROOT / "screenshots"
    svgs = list(shots.glob("*.svg"))
    assert svgs
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert not re.search(r"sk-(ant|proj)?-?[A-Za-z0-9]{16}", text), svg.name
