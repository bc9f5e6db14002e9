"""Calibrated tokens (issue 13, item 1), against a real loopback server whose tokenizer is
not the engine's estimate: its ``/tokenize`` is asked before the plan, a run then plans to
the model's real bytes per token and never goes over the window; a server without one is
learnt from the prompt tokens its replies report."""

from __future__ import annotations

import asyncio

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.events import Event, ProviderCall
from gapless.engine.providers.openai import OpenAIProvider
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
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
            # asked at once (a calibration counts three spans): the first answer is awaited
            assert await asyncio.gather(*(p.count_tokens("x" * 1000) for _ in range(3))) \
                == [None] * 3
            assert await p.count_tokens("x" * 1000) is None
        finally:
            await p.aclose()
        assert tokenizes(server) == 1 and server.calls == 0


async def test_a_denser_tokenizer_is_learnt_before_the_plan_and_nothing_overflows() -> None:
    t = make_transcript(80, 40)
    with FaultServer(window_tokens=1024, chars_per_token=2.5, tokenize=True) as server:
        result = await summarize_transcript(t, RunRequest(fast_settings(server.url, timeout_seconds=30, context_tokens=1024), strategy="tree"))
        posts = [r["path"] for r in server.requests if r["method"] == "POST"]
        assert server.overflows == 0
        # the sample's three spans are counted before anything is sent to the model (then
        # the leaves the plan fills to the window by those counts)
        assert posts[:3] == ["/tokenize"] * 3
    assert result.status == "complete", result.reason


async def test_a_sparser_tokenizer_fills_the_window_with_fewer_calls() -> None:
    t = make_transcript(120, 40)
    runs = {}
    for tokenize in (False, True):
        with FaultServer(window_tokens=2048, chars_per_token=5.0, tokenize=tokenize) as server:
            result = await summarize_transcript(t, RunRequest(fast_settings(server.url, timeout_seconds=30, context_tokens=2048), strategy="tree"))
            assert server.overflows == 0
        assert result.status == "complete", result.reason
        runs[tokenize] = result.calls
    assert runs[True] < runs[False]  # conservative until calibrated, fuller once it is


async def test_without_a_tokenizer_a_one_token_probe_calibrates_the_plan() -> None:
    # no /tokenize: the prompt tokens the server reports for a one-token probe of the
    # input's sample give the ratio before the plan, so no full leaf is refused
    t = make_transcript(80, 40)
    events: list[Event] = []
    with FaultServer(window_tokens=1024, chars_per_token=2.5) as server:
        result = await summarize_transcript(t, RunRequest(fast_settings(server.url, timeout_seconds=30, context_tokens=1024), strategy="tree"), sinks=[events.append])
        overflows, probes, calls = server.overflows, server.probes, server.calls
    assert result.status == "complete", result.reason
    assert probes == 1 and overflows == 0
    probe = [e for e in events if isinstance(e, ProviderCall) and e.purpose == "calibrate"]
    assert len(probe) == 1 and probe[0].ok and probe[0].tokens_in > 0  # accounted as a call
    assert result.calls == calls


async def test_a_probe_is_not_sent_for_a_small_input_or_an_offline_model() -> None:
    with FaultServer(chars_per_token=2.5) as server:
        result = await summarize_transcript(make_transcript(6, 40), RunRequest(fast_settings(server.url, timeout_seconds=30), strategy="tree"))
        assert result.status == "complete" and server.probes == 0  # one or two leaves
    offline = await summarize_transcript(make_transcript(400, 40), RunRequest(Settings(
        provider="extractive", context_tokens=1024), strategy="tree"))
    assert offline.status == "complete"
    assert all(c.purpose != "calibrate" for n in offline.state.nodes.values()
               for c in n.calls) and offline.calls == sum(
        len(n.calls) for n in offline.state.nodes.values())


@pytest.mark.slow
async def test_without_a_tokenizer_the_replies_prompt_tokens_teach_the_ratio() -> None:
    t = make_transcript(80, 40)
    # the probe's reply reports no usage: the plan is made at the estimate
    with FaultServer(window_tokens=1024, chars_per_token=2.5, probe_usage=False) as server:
        result = await summarize_transcript(t, RunRequest(fast_settings(server.url, timeout_seconds=30, context_tokens=1024,
                             concurrency=1), strategy="tree"))
        overflows = server.overflows
    assert result.status == "complete", result.reason
    # the full leaves sent before any reply came back are refused by the server (each then
    # splits); once replies showed the ratio, the rest are split before they are sent
    leaves = sum(1 for n in result.state.nodes.values() if n.mode == "leaf" and n.depth <= 3
                 and not n.engine_spawned)
    assert 1 <= overflows <= 4 < leaves
    assert result.to_json()["overflows"] == overflows
