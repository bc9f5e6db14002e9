"""`gapless read` of an agent session as it is on disk (raw JSONL, read in chunks): its
summary's headline is how the session ended, not a chunk of the agent's instructions; its
outline names what was said, not section headers or "minified text"."""

from __future__ import annotations

import pytest

from gapless.engine.config import Settings
from gapless.engine.strategies.chunked.read import read_summary
from tests.support.paths import TEST_DATA

SCOUT = TEST_DATA / "codex" / "scout_codex-session.jsonl"
INTERRUPTED = (TEST_DATA / "claude-projects" / "-home-cwtrocks-android-avd"
               / "c6455dae-26cd-4ba2-a2b9-7b8e4675e19c.jsonl")
SETTINGS = Settings()  # the offline default


@pytest.fixture(autouse=True)
def _needs_data() -> None:
    if not SCOUT.is_file() or not INTERRUPTED.is_file():
        pytest.fail("test data missing from tests/data")


async def test_a_sessions_read_headline_is_its_outcome() -> None:
    r = await read_summary(SCOUT, settings=SETTINGS)
    assert r.status == "complete"
    headline = r.summary.splitlines()[0]
    # the session's last report, not the base instructions its first record carries
    assert headline.startswith("Created opencode.jsonc with the ZenMux"), r.summary[:300]
    assert "user update" not in headline


async def test_a_sessions_outline_says_what_was_said() -> None:
    r = await read_summary(SCOUT, settings=SETTINGS)
    said = [e for e in r.outline if e.kind != "opaque"]
    assert len(said) >= 4
    for e in said:  # a digest is a sentence, never a section header of the summary
        assert e.digest and e.digest not in ("Asked:", "Done:", "Decided:", "Left open:"), e
    # the records of what the user and the agent said are not "minified text"
    assert any("ZenMux" in e.digest for e in said)
    minified = [e for e in r.outline if "minified" in e.title]
    assert len(minified) < len(r.outline) // 2


async def test_a_session_the_user_interrupted_says_so_when_read() -> None:
    r = await read_summary(INTERRUPTED, settings=SETTINGS)
    assert r.summary.startswith("Interrupted by the user after: "), r.summary[:200]
