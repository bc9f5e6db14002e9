"""Request shapes against recorded request/response pairs (tests/recordings/).

Each recording holds the request the provider must send (method, path, the headers that
matter, the exact JSON body) and the answer the server gave; the provider must send
exactly that and read the answer into the recorded reply. ``$SYSTEM``,
``$EXTRACTION_SCHEMA`` and ``$KEY`` stand for the engine's system prompt, the extraction
schema and the key from the environment.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from gapless.engine.core.extraction import extraction_schema
from gapless.engine.providers.anthropic import AnthropicProvider
from gapless.engine.providers.base import ModelRequest, Provider
from gapless.engine.providers.http import Delivery, RetryPolicy
from gapless.engine.providers.openai import OpenAIProvider
from gapless.engine.run.prompts import SYSTEM

RECORDINGS = Path(__file__).parent / "recordings"
KEY = "sk-recorded-test-key-0123456789"


def fill(value: Any) -> Any:
    """Put the real system prompt, schema and key where the recording has markers."""
    if value == "$SYSTEM":
        return SYSTEM
    if value == "$EXTRACTION_SCHEMA":
        return extraction_schema()
    if isinstance(value, str):
        return value.replace("$KEY", KEY)
    if isinstance(value, dict):
        return {k: fill(v) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v) for v in value]
    return value


def build(rec: dict[str, Any], transport: httpx.AsyncBaseTransport) -> Provider:
    cfg = rec["provider"]
    retry = RetryPolicy(max_retries=2, base_delay=0.001, max_delay=0.01)
    if cfg["kind"] == "anthropic":
        return AnthropicProvider(model=cfg["model"], base_url=cfg["base_url"],
                                 key_env=cfg["key_env"],
                                 delivery=Delivery(retry=retry, transport=transport))
    return OpenAIProvider(base_url=cfg["base_url"], model=cfg["model"], key_env=cfg["key_env"],
                          extras=cfg.get("extras"), context_tokens=cfg.get("context_tokens", 8192),
                          delivery=Delivery(retry=retry, transport=transport))


@pytest.mark.parametrize("name", sorted(p.stem for p in RECORDINGS.glob("*.json")))
async def test_the_provider_sends_and_reads_the_recorded_exchange(
    name: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    rec = json.loads((RECORDINGS / f"{name}.json").read_text())
    if rec["provider"]["key_env"]:
        monkeypatch.setenv(rec["provider"]["key_env"], KEY)
    exchanges = list(rec["exchanges"])
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        assert exchanges, f"unexpected extra request {request.method} {request.url}"
        want = exchanges.pop(0)
        sent.append(request)
        wreq = fill(want["request"])
        assert request.method == wreq["method"]
        assert request.url.path == wreq["path"]
        for header, value in wreq["headers"].items():
            assert request.headers.get(header) == value, header
        body = json.loads(request.content) if request.content else None
        assert body == wreq["body"]
        resp = want["response"]
        return httpx.Response(resp["status"], headers=resp["headers"],
                              content=json.dumps(resp["body"]).encode())

    provider = build(rec, httpx.MockTransport(handler))
    rin = rec["request_in"]
    request = ModelRequest(purpose=rin["purpose"], system=fill(rin["system"]),
                           prompt=rin["prompt"], schema=extraction_schema(),
                           max_tokens=rin["max_tokens"])
    reply = await provider.complete(request)
    await provider.aclose()
    assert not exchanges, "every recorded request must have been sent"
    expect = rec["expect"]
    assert json.loads(reply.text) == json.loads(expect["text"])
    assert (reply.tokens_in, reply.tokens_out) == (expect["tokens_in"], expect["tokens_out"])
    assert reply.estimated is expect["estimated"]
    assert reply.model == expect["model"]
    assert reply.retries == expect["retries"]
    for r in sent:  # keys go in headers only, never in a body or URL
        assert KEY not in r.content.decode() and KEY not in str(r.url)


def test_recordings_cover_openai_anthropic_ollama_and_llamacpp() -> None:
    names = {p.stem for p in RECORDINGS.glob("*.json")}
    assert {"openai_chat_completions", "anthropic_messages", "ollama_chat",
            "llamacpp_chat_completions"} <= names
