"""An offline summary is made by the engine's code, so a stored one is the same work only
under the same code: after an upgrade the figures are the new engine's, never a replay of
what an older engine stored. A model's stored answers stay reusable across upgrades."""

from __future__ import annotations

from pathlib import Path

import pytest

import gapless.engine.run.revision as revision
from gapless.engine.config import Settings
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.memo import memo_key
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.store import Store
from tests.support.helpers import make_transcript

SETTINGS = Settings(context_tokens=1024, concurrency=1)


def test_only_the_provider_whose_code_writes_answers_carries_a_revision() -> None:
    assert revision.answers_revision("extractive") == revision.code_revision() != ""
    assert revision.answers_revision("openai") == ""
    assert revision.answers_revision("scripted") == ""
    # a model's keys are what they were before revisions existed
    assert memo_key("leaf", b"x", question=None, instructions="", context_tokens=1024) == \
        memo_key("leaf", b"x", question=None, instructions="", context_tokens=1024, revision="")
    assert memo_key("leaf", b"x", question=None, instructions="", context_tokens=1024) != \
        memo_key("leaf", b"x", question=None, instructions="", context_tokens=1024, revision="r")


def test_the_revision_follows_the_sources(tmp_path: Path) -> None:
    # the digest is of the engine's sources, so it is stable within one code base
    revision.code_revision.cache_clear()
    first = revision.code_revision()
    revision.code_revision.cache_clear()
    assert revision.code_revision() == first and len(first) == 16


async def test_an_upgraded_engine_summarizes_again_what_an_older_one_stored(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    t = make_transcript(40, 40)
    request = RunRequest(SETTINGS, source="session", strategy="tree", reuse=True)
    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, request)
        assert first.status == "complete" and first.calls > 1
        same = await summarize_stored(store, t, request)
        assert same.reused_run == first.run_id and same.calls == 0
        monkeypatch.setattr(revision, "code_revision", lambda: "another engine")
        upgraded = await summarize_stored(store, t, request, provider=ExtractiveProvider())
        assert upgraded.reused_run is None and upgraded.run_id != first.run_id
        assert upgraded.calls == first.calls  # every scope read again, none taken from it
        assert not any(n.reused for n in upgraded.state.nodes.values())
        again = await summarize_stored(store, t, request)
        assert again.reused_run == upgraded.run_id and again.calls == 0


async def test_a_models_finished_run_is_still_reused_after_an_upgrade(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    t = make_transcript(40, 40)
    offline = ExtractiveProvider()
    settings = SETTINGS.model_copy(update={"provider": "scripted", "script": "answers"})
    request = RunRequest(settings, source="session", strategy="tree", reuse=True)
    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, request, provider=ScriptedProvider(
            policy=lambda req, i: offline.answer(req)))
        assert first.status == "complete"
        monkeypatch.setattr(revision, "code_revision", lambda: "another engine")
        after = await summarize_stored(store, t, request, provider=ScriptedProvider(
            policy=lambda req, i: offline.answer(req)))
        assert after.reused_run == first.run_id and after.calls == 0
