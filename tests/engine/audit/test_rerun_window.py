"""A re-run reads its leaves with the capacity the run planned them with: the answer-sized
reserve and, where the server has a tokenizer, the calibrated bytes per token, so a leaf
cut to the real window is re-read whole (not refused as over it and split)."""

from __future__ import annotations

from pathlib import Path

from gapless.engine.audit.rerun import StoredScope, rerun_scope
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.store import Store
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import make_transcript


def chats(server: FaultServer) -> int:
    return sum(r["path"].endswith("/chat/completions") for r in server.requests)


async def test_a_rerun_of_a_calibrated_leaf_reads_it_whole(tmp_path: Path) -> None:
    t = make_transcript(160, 40)
    async with await Store.open(tmp_path / "g.db") as store:
        with FaultServer(lambda i: "400" if i == 2 else "ok", window_tokens=2048,
                         chars_per_token=5.0, tokenize=True) as server:
            settings = fast_settings(server.url, timeout_seconds=30, context_tokens=2048)
            first = await summarize_stored(store, t, RunRequest(settings, source="day.md"))
        assert first.status != "complete"
        failed = [n for n in first.state.nodes.values() if n.status == "failed"]
        assert len(failed) == 1 and failed[0].mode == "leaf"
        target = failed[0]
        with FaultServer(window_tokens=2048, chars_per_token=5.0, tokenize=True) as server:
            settings = fast_settings(server.url, timeout_seconds=30, context_tokens=2048)
            again = await rerun_scope(store, StoredScope(first.run_id, target.inv), RunRequest(settings), transcript=t)
            assert server.overflows == 0
            assert chats(server) == target.depth + 1  # the leaf, whole, and its path
        assert again.status == "complete", again.reason
        assert not any(n.parent == target.inv for n in again.state.nodes.values())
