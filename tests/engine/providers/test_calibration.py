"""Calibrated tokens (issue 13, item 1), against a real loopback server whose tokenizer is
not the engine's estimate: its ``/tokenize`` is asked before the plan, a run then plans to
the model's real bytes per token and never goes over the window; a server without one is
learnt from the prompt tokens its replies report."""

from __future__ import annotations

from engine.providers.openai import OpenAIProvider
from engine.service import summarize_transcript
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import make_transcript


def chats(server: FaultServer) -> int:
    return sum(r["path"].endswith("/chat/completions") for r in server.requests)


def tokenizes(server: FaultServer) -> int:
    return sum(r["path"] == "/tokenize" for r in server.requests)


async def test_the_tokenize_endpoint_counts_and_a_server_without_one_is_asked_once() -> None:
    with FaultServer(tokenize=True, chars_per_token=2.5) as server:
        p = OpenAIProvider(base_url=server.url, model="fault-model")
        try:
            assert await p.count_tokens("x" * 1000) == 400
        finally:
            await p.aclose()
    with FaultServer() as server:
        p = OpenAIProvider(base_url=server.url, model="fault-model")
        try:
            assert await p.count_tokens("x" * 1000) is None
            assert await p.count_tokens("x" * 1000) is None
        finally:
            await p.aclose()
        assert tokenizes(server) == 1 and server.calls == 0


async def test_a_denser_tokenizer_is_learnt_before_the_plan_and_nothing_overflows() -> None:
    t = make_transcript(80, 40)
    with FaultServer(window_tokens=1024, chars_per_token=2.5, tokenize=True) as server:
        result = await summarize_transcript(
            t, fast_settings(server.url, timeout_seconds=30, context_tokens=1024),
            strategy="tree")
        assert server.overflows == 0 and tokenizes(server) == 1
    assert result.status == "complete", result.reason


async def test_a_sparser_tokenizer_fills_the_window_with_fewer_calls() -> None:
    t = make_transcript(120, 40)
    runs = {}
    for tokenize in (False, True):
        with FaultServer(window_tokens=2048, chars_per_token=5.0, tokenize=tokenize) as server:
            result = await summarize_transcript(
                t, fast_settings(server.url, timeout_seconds=30, context_tokens=2048),
                strategy="tree")
            assert server.overflows == 0
        assert result.status == "complete", result.reason
        runs[tokenize] = result.calls
    assert runs[True] < runs[False]  # conservative until calibrated, fuller once it is


async def test_without_a_tokenizer_the_replies_prompt_tokens_teach_the_ratio() -> None:
    t = make_transcript(80, 40)
    with FaultServer(window_tokens=1024, chars_per_token=2.5) as server:
        result = await summarize_transcript(
            t, fast_settings(server.url, timeout_seconds=30, context_tokens=1024,
                             concurrency=1),
            strategy="tree")
        overflows = server.overflows
    assert result.status == "complete", result.reason
    # the full leaves sent before any reply came back are refused by the server (each then
    # splits); once replies showed the ratio, the rest are split before they are sent
    leaves = sum(1 for n in result.state.nodes.values() if n.mode == "leaf" and n.depth <= 3
                 and not n.engine_spawned)
    assert 1 <= overflows <= 4 < leaves
    assert result.to_json()["overflows"] == overflows
