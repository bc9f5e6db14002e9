"""The HTTP layer against a real loopback server: retries, backoff, Retry-After, timeouts,
the semaphore, usage parsing, structured-output fallbacks and Ollama's native API."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from gapless.engine.core.extraction import extraction_schema
from gapless.engine.providers.base import ModelRequest, ProviderError
from gapless.engine.providers.factory import make_provider
from gapless.engine.providers.http import RetryPolicy, parse_retry_after, redact, usage_tokens
from gapless.engine.providers.openai import OpenAIProvider, clean_json
from tests.support.fault_server import RETRYABLE_FAULTS, FaultServer, fast_settings

LEAF = ModelRequest(
    purpose="leaf",
    system="sys",
    prompt='Summarize\n\n<transcript-data id="0123456789ab" offset="0" bytes="23">\n'
    "We fixed the parser bug.\n</transcript-data id=\"0123456789ab\">\n\nNow the JSON.",
    schema=extraction_schema(),
    max_tokens=256,
)


def provider(url: str, **kw: object) -> OpenAIProvider:
    p = make_provider(fast_settings(url, **kw))
    assert isinstance(p, OpenAIProvider)
    return p


@pytest.mark.parametrize("fault", RETRYABLE_FAULTS)
async def test_each_transient_fault_is_retried_then_answered(fault: str) -> None:
    with FaultServer([fault, fault], slow_seconds=2.0) as server:
        p = provider(server.url, timeout_seconds=0.3)
        try:
            reply = await p.complete(LEAF)
        finally:
            await p.aclose()
    assert reply.retries == 2
    assert json.loads(reply.text)["headline"]
    assert server.served == [fault, fault, "ok"]


@pytest.mark.parametrize("fault", ["500", "503", "429", "drop", "nonjson"])
async def test_retries_run_out_into_a_provider_error(fault: str) -> None:
    with FaultServer([fault] * 10) as server:
        p = provider(server.url, max_retries=2)
        with pytest.raises(ProviderError) as info:
            await p.complete(LEAF)
        await p.aclose()
    assert info.value.retries == 2
    assert "gave up after 2 retries" in str(info.value)
    assert server.calls == 3


async def test_a_request_error_is_not_retried() -> None:
    with FaultServer(["400"]) as server:
        p = provider(server.url)
        with pytest.raises(ProviderError) as info:
            await p.complete(LEAF)
        await p.aclose()
    assert info.value.retries == 0 and not info.value.retryable
    assert "HTTP 400" in str(info.value) and server.calls == 1


async def test_retry_after_is_honoured() -> None:
    with FaultServer(["429"], retry_after="1") as server:
        p = provider(server.url)
        t0 = time.monotonic()
        reply = await p.complete(LEAF)
        elapsed = time.monotonic() - t0
        await p.aclose()
    assert reply.retries == 1
    assert elapsed >= 1.0, "the client must wait as long as Retry-After says"


async def test_a_retry_after_beyond_the_limit_fails_at_once() -> None:
    with FaultServer(["429"], retry_after="3600") as server:
        p = provider(server.url, max_retry_after=5)
        t0 = time.monotonic()
        with pytest.raises(ProviderError, match="retry after 3600"):
            await p.complete(LEAF)
        await p.aclose()
    assert time.monotonic() - t0 < 2


def test_retry_after_forms() -> None:
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("1.5") == 1.5
    assert parse_retry_after(None) is None and parse_retry_after("soon") is None
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    assert 25 <= (parse_retry_after(when) or 0) <= 31
    past = format_datetime(datetime.now(UTC) - timedelta(seconds=30), usegmt=True)
    assert parse_retry_after(past) == 0.0


def test_backoff_grows_exponentially_with_jitter_and_a_cap() -> None:
    import random

    policy = RetryPolicy(base_delay=1.0, max_delay=8.0)
    rng = random.Random(1)
    for attempt in range(6):
        cap = min(8.0, 2 ** attempt)
        samples = [policy.backoff(attempt, rng) for _ in range(50)]
        assert all(cap / 2 <= s <= cap for s in samples)
        assert len(set(samples)) > 1  # jitter


async def test_a_slow_server_is_cut_off_by_the_total_timeout() -> None:
    with FaultServer(["slow"] * 5, slow_seconds=3.0) as server:
        p = provider(server.url, timeout_seconds=0.2, max_retries=1)
        t0 = time.monotonic()
        with pytest.raises(ProviderError, match=r"within 0\.2 s|timed out"):
            await p.complete(LEAF)
        await p.aclose()
    assert time.monotonic() - t0 < 1.5


async def test_the_semaphore_bounds_concurrent_calls() -> None:
    with FaultServer(delay=0.15) as server:
        p = provider(server.url, concurrency=2)
        t0 = time.monotonic()
        replies = await asyncio.gather(*(p.complete(LEAF) for _ in range(6)))
        elapsed = time.monotonic() - t0
        await p.aclose()
    assert len(replies) == 6
    assert elapsed >= 0.15 * 3 * 0.95, "six calls two at a time take three rounds"


async def test_usage_comes_from_the_server_or_is_estimated_and_marked() -> None:
    with FaultServer(["ok", "nousage"]) as server:
        p = provider(server.url, concurrency=1)
        exact = await p.complete(LEAF)
        guessed = await p.complete(LEAF)
        await p.aclose()
    assert not exact.estimated and exact.tokens_in > 0 and exact.tokens_out > 0
    assert guessed.estimated and guessed.tokens_in > 0 and guessed.tokens_out > 0
    assert usage_tokens(LEAF, "abc", 5, None)[2] is True
    assert usage_tokens(LEAF, "abc", 5, 7) == (5, 7, False)


async def test_dirty_json_is_repaired_and_garbage_passed_on() -> None:
    with FaultServer(["dirty", "garbage"]) as server:
        p = provider(server.url, concurrency=1)
        dirty = await p.complete(LEAF)
        garbage = await p.complete(LEAF)
        await p.aclose()
    assert json.loads(dirty.text)["headline"]
    assert garbage.text.startswith("I am sorry")
    assert clean_json('noise ```json\n{"a": 1}\n``` trailing') == '{"a": 1}'


async def test_the_request_shape_and_extras_with_protocol_keys_winning() -> None:
    with FaultServer() as server:
        p = provider(server.url, extras={"temperature": 0.1, "model": "evil", "seed": 7,
                                         "stream": True})
        await p.complete(LEAF)
        await p.aclose()
    post = next(r for r in server.requests if r["method"] == "POST")
    body = post["body"]
    assert post["path"] == "/v1/chat/completions"
    assert body["model"] == "fault-model" and body["stream"] is False
    assert body["temperature"] == 0.1 and body["seed"] == 7
    assert body["max_tokens"] == 256
    assert body["messages"][0] == {"role": "system", "content": "sys"}
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["schema"] == extraction_schema()


async def test_a_server_refusing_json_schema_falls_back_once() -> None:
    """llama-cpp-python answers HTTP 500 naming response_format; json_object is next."""

    class Refusing(FaultServer):
        pass

    with FaultServer() as server:
        p = provider(server.url)
        orig = server.next_fault
        seen: list[str] = []

        def fault() -> str:
            body = server.requests[-1]["body"]
            kind = body.get("response_format", {}).get("type", "none")
            seen.append(kind)
            return "refuse" if kind == "json_schema" else orig()

        server.next_fault = fault  # type: ignore[method-assign]
        import tests.support.fault_server as fs

        real_serve = fs._Handler._serve

        def serve(self: fs._Handler, kind: str, body: dict) -> None:
            if kind == "refuse":
                self._json(500, {"error": {"message": "1 validation error: ('body', "
                                           "'response_format', 'type') Input should be "
                                           "'text' or 'json_object'"}})
            else:
                real_serve(self, kind, body)

        fs._Handler._serve = serve  # type: ignore[method-assign]
        try:
            first = await p.complete(LEAF)
            second = await p.complete(LEAF)
        finally:
            fs._Handler._serve = real_serve  # type: ignore[method-assign]
            await p.aclose()
    assert json.loads(first.text) and json.loads(second.text)
    assert seen == ["json_schema", "json_object", "json_object"]
    assert first.retries == 0  # a refused form is not a transient fault


async def test_ollama_is_detected_and_driven_natively() -> None:
    with FaultServer(["nousage"], flavour="ollama") as server:
        p = provider(server.url, model="", extras={"options": {"temperature": 0,
                                                               "num_predict": 1},
                                                   "keep_alive": "5m"})
        reply = await p.complete(LEAF)
        second = await p.complete(LEAF)
        await p.aclose()
    assert p.flavour == "ollama" and p.model == "tiny:latest"
    chat = [r for r in server.requests if r["path"] == "/api/chat"]
    assert len(chat) == 2 and [r["path"] for r in server.requests].count("/api/tags") == 1
    body = chat[0]["body"]
    assert body["format"] == extraction_schema()
    assert body["think"] is False and body["stream"] is False
    assert body["options"] == {"temperature": 0, "num_predict": 256, "num_ctx": 1024}
    assert body["keep_alive"] == "5m"
    assert json.loads(reply.text)["headline"] and reply.estimated
    assert not second.estimated and second.tokens_in > 0


async def test_no_model_named_takes_the_servers_first() -> None:
    with FaultServer() as server:
        p = provider(server.url, model="")
        reply = await p.complete(LEAF)
        await p.aclose()
    assert p.model == "fault-model" and reply.model == "fault-model"


def test_redact_scrubs_every_occurrence() -> None:
    assert redact("key sk-abc123 and sk-abc123!", ["sk-abc123"]) == \
        "key [redacted] and [redacted]!"
