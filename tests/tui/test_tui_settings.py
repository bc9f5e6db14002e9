"""The Settings screen: validated as you type, invalid values never saved, valid ones saved
atomically with mode 0600; test connection shows the model and latency or the exact error."""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from gapless.engine.config import Settings
from gapless.tui.app import GaplessApp
from gapless.tui.screens.settings import SettingsScreen, form_to_data
from tests.tui.support import wait_for

SIZE = (130, 48)


def test_form_values_become_settings() -> None:
    data, errors = form_to_data({"context_tokens": "4096", "max_calls": "", "extras": '{"a": 1}',
                                 "model": ""})
    assert errors == {}
    assert data == {"context_tokens": "4096", "max_calls": None, "extras": {"a": 1}}
    assert Settings(**data).context_tokens == 4096
    _, errors = form_to_data({"extras": "{not json"})
    assert "extras" in errors


@pytest.mark.slow
async def test_invalid_settings_are_rejected_and_valid_ones_saved(tmp_path: Path) -> None:
    cfg = tmp_path / "conf" / "config.toml"
    app = GaplessApp(db_path=tmp_path / "g.db", config_file=cfg, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen)
        ctx = scr.query_one("#s-context_tokens", Input)
        # typing an invalid value marks the field at once and disables saving
        ctx.focus()
        ctx.value = ""
        await pilot.press(*"12")
        await pilot.pause(0.1)
        assert ctx.has_class("-invalid")
        assert scr.valid is None
        assert "context_tokens" in str(scr.query_one("#settings-status").render())
        await pilot.press("ctrl+s")
        await pilot.pause(0.1)
        assert not cfg.exists()
        # a pasted key instead of a variable name is refused, and not echoed
        key = scr.query_one("#s-api_key_env", Input)
        key.value = "sk-secret-value-123"
        await pilot.pause(0.1)
        assert key.has_class("-invalid")
        assert "sk-secret" not in str(scr.query_one("#settings-status").render())
        key.value = "MY_KEY"
        scr.query_one("#s-extras", Input).value = "{oops"
        await pilot.pause(0.1)
        assert scr.query_one("#s-extras", Input).has_class("-invalid")
        scr.query_one("#s-extras", Input).value = '{"temperature": 0}'
        # fix it: valid again, then save
        ctx.value = "4096"
        scr.query_one("#s-provider", Select).value = "openai"
        scr.query_one("#s-base_url", Input).value = "http://127.0.0.1:8080"
        scr.query_one("#s-max_calls", Input).value = "50"
        await pilot.pause(0.1)
        assert not ctx.has_class("-invalid") and scr.valid is not None
        await pilot.press("ctrl+s")
        await pilot.pause(0.2)
        assert cfg.exists()
        assert stat.S_IMODE(cfg.stat().st_mode) == 0o600
        saved = tomllib.loads(cfg.read_text())
        assert saved["context_tokens"] == 4096 and saved["provider"] == "openai"
        assert saved["base_url"] == "http://127.0.0.1:8080" and saved["max_calls"] == 50
        assert saved["api_key_env"] == "MY_KEY" and saved["extras"] == {"temperature": 0}
        assert "read_window" not in saved  # defaults stay out of the file
        assert app.workbench.settings.context_tokens == 4096  # the app uses what was saved


async def test_test_connection_shows_model_and_latency_or_the_error(tmp_path: Path) -> None:
    app = GaplessApp(db_path=tmp_path / "g.db", config_file=tmp_path / "c.toml",
                     settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("s")
        scr = await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen)
        await pilot.press("ctrl+t")
        status = scr.query_one("#settings-status")
        await wait_for(pilot, lambda: "connected" in str(status.render()))
        assert "extractive-v1" in str(status.render()) and " ms" in str(status.render())
        # a server that is not there: the exact error
        scr.query_one("#s-provider", Select).value = "openai"
        scr.query_one("#s-base_url", Input).value = "http://127.0.0.1:9"
        scr.query_one("#s-max_retries", Input).value = "0"
        scr.query_one("#s-timeout_seconds", Input).value = "5"
        await pilot.pause(0.1)
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: "✖" in str(status.render()), timeout=20)
        assert "connect" in str(status.render()).lower()
