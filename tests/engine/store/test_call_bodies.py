"""What each model call was sent and answered is kept (engine.store.bodies): the prompt as
the server received it and the reply or the error, keyed by the call's event, written with
the events, bounded by size and by run, never holding an API key; not kept for the offline
provider or with ``keep_call_bodies`` off."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gapless.engine.core.events import ProviderCall
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store
from gapless.engine.store.bodies import MAX_BODY_BYTES, call_body
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import make_transcript

SECRET = "sk-test-0123456789abcdefSECRET"


def _rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    con = sqlite3.connect(db)
    try:
        return list(con.execute(sql).fetchall())
    finally:
        con.close()


@pytest.mark.slow
async def test_each_call_keeps_its_request_and_reply_and_never_the_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAULT_KEY", SECRET)
    source = tmp_path / "notes.md"
    # the key pasted into the input itself: the prompt carries it, the body must not
    source.write_bytes(make_transcript(60, 60).data + f"\nmy key is {SECRET}\n".encode())
    db = tmp_path / "g.db"
    with FaultServer(["garbage", "401"]) as server:
        settings = fast_settings(server.url, api_key_env="FAULT_KEY", concurrency=1,
                                 max_retries=0)
        async with await Store.open(db) as store:
            result = await summarize_stored(store, load_transcript(source), RunRequest(settings, source=str(source), run_id="bodies"))
            assert result.calls > 0
            calls = [e for e in await store.events("bodies") if isinstance(e, ProviderCall)]
            bodies = [await store.call_body("bodies", c.seq) for c in calls]
        asked = [r["body"] for r in server.requests if r["path"].endswith("/completions")]
    assert calls and all(b is not None for b in bodies)
    assert len(bodies) == len(asked)
    by_seq = {b.seq: b for b in bodies if b is not None}
    for c in calls:
        b = by_seq[c.seq]
        assert (b.inv, b.purpose, b.ok) == (c.inv, c.purpose, c.ok)
        assert b.prompt and (b.system or c.purpose == "calibrate")
        if c.ok:
            assert b.reply and not b.error
        else:
            assert b.error and not b.reply and "401" in b.error
    # the prompt as the server received it (the key aside)
    sent = {m["content"] for body in asked for m in body["messages"] if m["role"] == "user"}
    kept = {b.prompt for b in bodies if b is not None}
    assert {p.replace(SECRET, "[redacted]") for p in sent} == kept
    assert any("[redacted]" in p for p in kept)
    # the garbage reply is kept as it came
    assert any(b is not None and b.ok and not b.reply.lstrip().startswith("{")
               for b in bodies)
    for row in _rows(db, "SELECT * FROM call_bodies"):
        assert SECRET not in " ".join(map(str, row))


async def test_no_bodies_offline_or_when_the_setting_is_off(tmp_path: Path) -> None:
    t = make_transcript(60, 60)
    db = tmp_path / "g.db"
    async with await Store.open(db) as store:
        await summarize_stored(store, t, RunRequest(fast_settings("http://x").model_copy(
            update={"provider": "extractive"}), run_id="off1"), provider=ExtractiveProvider())
        with FaultServer() as server:
            await summarize_stored(store, t, RunRequest(fast_settings(server.url, keep_call_bodies=False), run_id="off2"))
            assert server.calls > 0
        assert await store.body_count("off1") == 0
        assert await store.body_count("off2") == 0


async def test_bodies_are_bounded_by_size_and_by_run(tmp_path: Path) -> None:
    call = ProviderCall(inv="r", provider="openai", model="m", purpose="leaf")
    call.seq = 3
    huge = "x" * (MAX_BODY_BYTES * 3)
    body = call_body("run", call, "sys", huge, "{}")
    assert body.cut == len(huge) - MAX_BODY_BYTES
    assert len(body.prompt.encode()) <= MAX_BODY_BYTES + 100
    assert body.prompt.startswith("xxx") and "bytes left out" in body.prompt

    db = tmp_path / "g.db"
    t = make_transcript(60, 60)
    with FaultServer() as server:
        async with await Store.open(db) as store:
            for rid in ("old", "new"):
                await summarize_stored(store, t, RunRequest(fast_settings(server.url), run_id=rid, force=True))
            assert await store.body_count("old") > 0
            await store.prune_bodies(1)  # what a writer does on close, with KEEP_RUNS
            assert await store.body_count("old") == 0
            assert await store.body_count("new") > 0
            # a run deleted (a refused request) takes its bodies with it
            await store.delete_run("new")
            assert await store.body_count("new") == 0
