"""Configuration: TOML file, GAPLESS_* environment, flags, one-sentence errors, the
`gapless config` command — and proof that an API key never leaks anywhere."""

from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path

import pytest

from gapless.engine.config import (
    ModelPrice,
    Settings,
    check_api_key,
    config_path,
    env_overrides,
    load_settings,
    read_config_file,
    write_config_file,
)
from gapless.engine.core.errors import UserError
from gapless.engine.providers.factory import make_provider
from gapless.engine.registry import PROVIDERS
from gapless.tui.cli.main import main
from tests.support.fault_server import FaultServer

KEY = "sk-test-Zq8v3L0ngS3cretValue-4f9c2e71b0a5"


@pytest.fixture
def cfg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An isolated config file and database; no GAPLESS_* or key variables leak in."""
    for var in list(os.environ):
        if var.startswith("GAPLESS_") or var.endswith("_API_KEY"):
            monkeypatch.delenv(var, raising=False)
    path = tmp_path / "conf" / "config.toml"
    monkeypatch.setenv("GAPLESS_CONFIG", str(path))
    monkeypatch.setenv("GAPLESS_DB", str(tmp_path / "gapless.db"))
    return path


def test_defaults_without_a_file(cfg: Path) -> None:
    s = load_settings({})
    assert s == Settings()
    assert config_path() == cfg and not cfg.exists()


def test_layers_file_then_env_then_flags(cfg: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_config_file(cfg, {"provider": "openai", "base_url": "http://127.0.0.1:9/v1",
                            "context_tokens": 4096, "concurrency": 3,
                            "extras": {"temperature": 0.3},
                            "prices": {"m1": {"input_per_mtok": 1.5, "output_per_mtok": 6}}})
    monkeypatch.setenv("GAPLESS_CONTEXT_TOKENS", "16000")
    monkeypatch.setenv("GAPLESS_MAX_COST", "0.75")
    monkeypatch.setenv("GAPLESS_EXCLUDE", '["*.tmp", "scratch/**"]')
    monkeypatch.setenv("GAPLESS_DB", "/elsewhere.db")  # not a setting: ignored here
    s = load_settings({"concurrency": 8, "model": "m1"})
    assert s.provider == "openai" and s.base_url == "http://127.0.0.1:9/v1"
    assert s.context_tokens == 16000 and s.max_cost == 0.75
    assert s.concurrency == 8 and s.exclude == ["*.tmp", "scratch/**"]
    assert s.extras == {"temperature": 0.3}
    assert s.prices["m1"] == ModelPrice(input_per_mtok=1.5, output_per_mtok=6)
    assert s.price(1_000_000, 1_000_000) == pytest.approx(7.5)
    assert s.budget.max_cost == 0.75 and s.limits.concurrency == 8


def test_every_setting_the_issue_names_exists() -> None:
    names = set(Settings.model_fields)
    assert {"provider", "base_url", "model", "api_key_env", "extras", "context_tokens",
            "concurrency", "max_calls", "max_tokens", "max_cost", "max_seconds", "read_window",
            "max_actions", "spawn_fraction", "sources", "exclude", "day_start_hour",
            "summary_instructions", "prices"} <= names


def test_the_file_is_written_atomically_and_owner_only(cfg: Path) -> None:
    write_config_file(cfg, {"provider": "anthropic", "max_cost": None})
    assert stat.S_IMODE(cfg.stat().st_mode) == 0o600
    assert read_config_file(cfg) == {"provider": "anthropic"}
    assert [p.name for p in cfg.parent.iterdir()] == ["config.toml"]  # no temp file left


@pytest.mark.parametrize(("where", "setup", "needle"), [
    ("file", {"provider": "gpt"}, "setting 'provider' is invalid: unknown provider"),
    ("file", {"base_url": "localhost:8080"}, "setting 'base_url' is invalid"),
    ("file", {"base_url": "http://h:99999"}, "setting 'base_url' is invalid"),
    ("file", {"concurrency": 0}, "setting 'concurrency' is invalid"),
    ("file", {"colour": "blue"}, "there is no setting named 'colour'"),
    ("env", {"GAPLESS_BASE_URL": "ftp://x"}, "(from $GAPLESS_BASE_URL)"),
    ("env", {"GAPLESS_EXTRAS": "{nope"}, "GAPLESS_EXTRAS (setting 'extras') is not valid JSON"),
    ("flag", {"context_tokens": 10}, "(from the command line)"),
])
def test_bad_settings_are_one_sentence_naming_the_setting(
    cfg: Path, monkeypatch: pytest.MonkeyPatch, where: str, setup: dict[str, object],
    needle: str,
) -> None:
    flags: dict[str, object] = {}
    if where == "file":
        write_config_file(cfg, setup)
    elif where == "env":
        for k, v in setup.items():
            monkeypatch.setenv(k, str(v))
    else:
        flags = setup
    with pytest.raises(UserError) as info:
        load_settings(flags)
    msg = str(info.value)
    assert needle in msg and "\n" not in msg


def test_a_broken_toml_file_is_named(cfg: Path) -> None:
    cfg.parent.mkdir(parents=True)
    cfg.write_text("provider = \n")
    with pytest.raises(UserError, match="is not valid TOML"):
        load_settings({})


def test_a_pasted_key_is_refused_and_not_echoed(cfg: Path) -> None:
    with pytest.raises(UserError) as info:
        load_settings({"api_key_env": KEY})
    assert "NAME of an environment variable" in str(info.value)
    assert KEY not in str(info.value)


@pytest.mark.parametrize(("overrides", "var"), [
    ({"provider": "anthropic"}, "ANTHROPIC_API_KEY"),
    ({"provider": "openai"}, "OPENAI_API_KEY"),
    ({"provider": "openai", "base_url": "http://127.0.0.1:8080", "api_key_env": "MY_KEY"},
     "MY_KEY"),
])
def test_a_missing_key_names_its_variable(cfg: Path, monkeypatch: pytest.MonkeyPatch,
                                          overrides: dict[str, str], var: str) -> None:
    s = load_settings(overrides)
    with pytest.raises(UserError, match=f"environment variable {var} is not set"):
        check_api_key(s)
    with pytest.raises(UserError, match=var):
        make_provider(s)
    monkeypatch.setenv(var, KEY)
    check_api_key(s)
    load_settings(overrides, require_key=True)


def test_local_servers_need_no_key(cfg: Path) -> None:
    s = load_settings({"provider": "openai", "base_url": "http://127.0.0.1:11434"})
    assert s.key_env is None
    check_api_key(s)


def test_the_local_provider_defaults_to_a_small_context(cfg: Path) -> None:
    local = PROVIDERS.get("local").context_tokens
    assert load_settings({"provider": "local"}).context_tokens == local == 2048
    assert load_settings({"provider": "local", "context_tokens": 4096}).context_tokens == 4096


def test_env_overrides_parse_lists_and_nulls() -> None:
    env = {"GAPLESS_SOURCES": f"/a{os.pathsep}/b", "GAPLESS_MAX_CALLS": "none",
           "GAPLESS_NOT_A_SETTING": "x", "GAPLESS_CONFIG": "/c.toml"}
    assert env_overrides(env) == {"sources": ["/a", "/b"], "max_calls": None}


def test_public_settings_mask_secret_extras() -> None:
    s = Settings(extras={"api_key": "x", "headers": {"Authorization": "Bearer y"},
                         "max_tokens": 5})
    assert s.public()["extras"] == {"api_key": "***", "headers": {"Authorization": "***"},
                                    "max_tokens": 5}


# --- the command ----------------------------------------------------------------------------


def test_config_command_set_show_validate_unset(cfg: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(cfg)
    assert main(["config", "set", "provider", "openai"]) == 0
    assert main(["config", "set", "base_url", "http://127.0.0.1:8080/v1"]) == 0
    assert main(["config", "set", "max_cost", "1.25"]) == 0
    assert main(["config", "set", "exclude", '["*.log"]']) == 0
    assert main(["config", "set", "extras", "{temperature = 0.1}"]) == 0
    capsys.readouterr()
    assert read_config_file(cfg) == {"provider": "openai", "base_url": "http://127.0.0.1:8080/v1",
                                     "max_cost": 1.25, "exclude": ["*.log"],
                                     "extras": {"temperature": 0.1}}
    assert main(["config", "show", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["max_cost"] == 1.25 and shown["exclude"] == ["*.log"]
    assert main(["config", "show"]) == 0
    assert 'base_url = "http://127.0.0.1:8080/v1"' in capsys.readouterr().out
    # validate checks that the server answers: point it at a real one
    with FaultServer() as server:
        assert main(["config", "set", "base_url", server.url + "/v1"]) == 0
        assert main(["config", "validate"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("ok: provider openai")
    assert main(["config", "set", "concurrency", "0"]) == 2
    assert "setting 'concurrency' is invalid" in capsys.readouterr().err
    assert main(["config", "set", "nonsense", "1"]) == 2
    assert main(["config", "unset", "max_cost"]) == 0
    assert "max_cost" not in read_config_file(cfg)


def test_config_validate_fails_on_a_missing_key(cfg: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    write_config_file(cfg, {"provider": "anthropic"})
    assert main(["config", "validate"]) == 2
    err = capsys.readouterr().err
    assert "ANTHROPIC_API_KEY is not set" in err and err.count("\n") == 1


def test_flags_override_the_file_in_summarize(cfg: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    write_config_file(cfg, {"provider": "scripted"})  # would fail: no script
    src = tmp_path / "t.md"
    src.write_text("# notes\n" + "we fixed the cache bug and wrote tests for the parser.\n" * 20)
    assert main(["summarize", str(src), "--json"]) == 2
    assert "scripted provider needs a script" in capsys.readouterr().err
    assert main(["summarize", str(src), "--json", "--provider", "extractive"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "complete"


# --- the key never leaks ----------------------------------------------------------------------


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_an_api_key_never_reaches_the_db_logs_json_or_config_show(
    cfg: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture, provider: str,
) -> None:
    monkeypatch.setenv("GAPLESS_TEST_KEY", KEY)
    caplog.set_level(logging.DEBUG)
    src = tmp_path / "session.md"
    src.write_text("".join(f"## message {i}\nwe changed src/mod_{i}.py and ran the tests; "
                           "the cache bug is fixed and the parser refactor is next.\n" * 3
                           for i in range(40)))
    db = tmp_path / "gapless.db"
    # the second call is rejected with a body echoing the key; later calls succeed
    with FaultServer(["ok", "401", "500"]) as server:
        write_config_file(cfg, {"provider": provider, "base_url": server.url,
                                "api_key_env": "GAPLESS_TEST_KEY", "model": "fault-model",
                                "retry_base_seconds": 0.01, "max_retries": 2,
                                "timeout_seconds": 2, "concurrency": 1})
        code = main(["summarize", str(src), "--json", "--db", str(db),
                     "--context-tokens", "1024", "--strategy", "tree"])
        out = capsys.readouterr()
        assert main(["config", "show"]) == 0
        assert main(["config", "show", "--json"]) == 0
        assert main(["config", "validate"]) == 0
        shown = capsys.readouterr()
        seen_auth = [r["headers"].get("authorization") or r["headers"].get("x-api-key")
                     for r in server.requests if r["method"] == "POST"]
    # the key really was used ...
    assert seen_auth and all(a and KEY in a for a in seen_auth)
    assert "401" in server.served
    result = json.loads(out.out)
    assert code in (0, 1) and result["status"] in ("complete", "incomplete", "failed")
    # ... and appears nowhere we write or print
    texts = {"stdout": out.out, "stderr": out.err, "show": shown.out + shown.err,
             "logs": caplog.text + "".join(str(r.args) for r in caplog.records)}
    for name, text in texts.items():
        assert KEY not in text, f"the key leaked into {name}"
    assert "GAPLESS_TEST_KEY" in shown.out  # the variable's name is fine to show
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name.startswith("gapless.db") for p in files)
    for p in files:
        assert KEY.encode() not in p.read_bytes(), f"the key leaked into {p.name}"
    # the 401 was recorded, redacted
    import sqlite3

    with sqlite3.connect(db) as con:
        dump = "\n".join(con.iterdump())
    assert "Incorrect API key provided: " in dump or "Incorrect API key" in dump
    assert "[redacted]" in dump
