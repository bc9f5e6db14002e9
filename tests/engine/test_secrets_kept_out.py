"""Secrets kept out: a password in ``--base-url`` never reaches the database or the screen,
and the value of any key-like environment variable never reaches a stored call body —
through a real run against a real loopback model server, the database read back."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError

from gapless.engine.config import Settings, secret_env_values, settings_error, strip_credentials
from tests.support.cli import isolate_cli
from tests.support.fault_server import FaultServer

PASSWORD = "hunter2-url-password"
TOKEN = "tok-7f3a9c2e51b84d06"  # a CI token the user's shell happens to hold
OTHER_KEY = "sk-other-provider-0a1b2c3d4e"


def test_credentials_are_stripped_from_a_base_url() -> None:
    assert strip_credentials(f"http://me:{PASSWORD}@127.0.0.1:8080/v1") == \
        "http://127.0.0.1:8080/v1"
    assert strip_credentials("https://host.example/v1") == "https://host.example/v1"
    assert strip_credentials("http://host/a@b") == "http://host/a@b"  # an @ in the path
    settings = Settings(provider="openai", base_url=f"http://me:{PASSWORD}@127.0.0.1:9/v1")
    assert settings.base_url == "http://127.0.0.1:9/v1"
    assert PASSWORD not in json.dumps(settings.public())
    with pytest.raises(ValidationError) as caught:  # the sentence a user sees for a bad
        Settings(provider="openai", base_url=f"ftp://me:{PASSWORD}@host")  # URL omits it
    assert "base_url" in settings_error(caught.value)
    assert PASSWORD not in settings_error(caught.value)


def test_key_like_variables_are_secrets_by_their_names() -> None:
    env = {"OPENAI_API_KEY": "sk-aaaaaaaaaaaa", "GITHUB_TOKEN": TOKEN,
           "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG", "APP_SECRET": "s3cr3t-value",
           "DB_PASSWORD": "correct-horse", "SSH_AUTH_SOCK": "/tmp/ssh-XXXX/agent.1",
           "KEYMAP": "us-international", "HOME": "/home/someone", "SHORT_TOKEN": "abc"}
    found = secret_env_values(env)
    assert set(found) == {"sk-aaaaaaaaaaaa", TOKEN, "wJalrXUtnFEMI/K7MDENG", "s3cr3t-value",
                          "correct-horse"}
    assert found == sorted(found, key=len, reverse=True)


def test_a_run_stores_and_prints_neither_the_url_password_nor_key_like_values(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from gapless.tui.cli.main import main

    isolate_cli(tmp_path, monkeypatch)
    monkeypatch.setenv("CI_DEPLOY_TOKEN", TOKEN)
    monkeypatch.setenv("OTHER_PROVIDER_API_KEY", OTHER_KEY)
    source = tmp_path / "notes.md"
    source.write_text("# Deploy notes\n\nThe deploy failed with token " + TOKEN + " rejected.\n"
                      "We rotated " + OTHER_KEY + " and the next deploy passed.\n" * 3)
    with FaultServer() as server:
        host = server.url.removeprefix("http://")
        code = main(["summarize", str(source), "--json", "--provider", "openai",
                     "--base-url", f"http://me:{PASSWORD}@{host}", "--model", "fault-model",
                     "--context-tokens", "4096"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["status"] == "complete"
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("cli.db*"))
    assert PASSWORD not in out + err
    assert PASSWORD.encode() not in stored, "the URL's password was stored"
    # the call bodies (what was sent and what came back) are kept, the key-like values
    # redacted; the summary itself is the user's own text, summarized
    with sqlite3.connect(tmp_path / "cli.db") as con:
        bodies = [" ".join(r) for r in con.execute(
            "SELECT system || prompt || reply || error FROM call_bodies")]
    con.close()
    assert bodies and all("[redacted]" in b for b in bodies)
    for secret in (TOKEN, OTHER_KEY, PASSWORD):
        assert not any(secret in b for b in bodies), secret
