"""A re-run verifies the content of its source, not just its length.

Edit 25 bytes in place (the file keeps its size), re-run the failed leaf: the re-run is
refused in one sentence, because the edited bytes would be shown to no call and the run
would still end complete at 1.0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.audit.rerun import StoredScope, rerun_scope
from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.providers.base import ModelRequest, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.prompts import data_blocks
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store
from tests.support.helpers import make_transcript

OFFLINE = ExtractiveProvider()


def failing_at(offset: int) -> ScriptedProvider:
    def policy(req: ModelRequest, i: int) -> str:
        for b in data_blocks(req.prompt):
            if b.offset <= offset < b.offset + len(b.text.encode()):
                raise ProviderError("503 from the model server")
        return OFFLINE.answer(req)

    return ScriptedProvider(policy=policy)


async def test_a_rerun_over_an_edited_source_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "day.md"
    source.write_bytes(make_transcript(400, 60).data)
    t = load_transcript(source)
    settings = Settings(context_tokens=1024)
    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, RunRequest(settings, source=str(source)), provider=failing_at(len(t) // 2))
        assert first.status == "incomplete"
        assert first.source is not None and first.source["sha256"]
        leaf = next(n for n in first.state.nodes.values() if n.status == "failed")
        original = source.read_bytes()
        raw = bytearray(original)
        at = 40  # far from the failed leaf: a byte no re-run would read again
        raw[at:at + 25] = b"X" * 25
        source.write_bytes(bytes(raw))
        assert source.stat().st_size == len(original)  # same length, other content
        with pytest.raises(UserError, match="changed since") as err:
            await rerun_scope(store, StoredScope(first.run_id, leaf.inv), RunRequest(settings))
        message = str(err.value)
        assert "SHA-256" in message and message.count(". ") == 0  # one sentence
        # put the bytes back: the same re-run goes through
        source.write_bytes(original)
        again = await rerun_scope(store, StoredScope(first.run_id, leaf.inv), RunRequest(settings))
        assert again.status == "complete" and again.coverage == 1.0
