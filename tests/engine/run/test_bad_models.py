"""Bad models cost little (issue 13, item 5), against a real loopback server: a model that
answers nothing usable stops the run as failed within a few calls, naming the model and
quoting an answer; an answer that copies the prompt's example is not content; a planner
that keeps lying ``done`` costs little more than an honest one."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.events import DoneRejected, Event, InvocationStarted
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.transcript import Transcript
from gapless.engine.run.answers import parroted
from gapless.engine.run.prompts import leaf_prompt, parse_spans, parse_state
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import make_transcript


def posts(server: FaultServer) -> int:
    return sum(r["method"] == "POST" and r["path"].endswith("/chat/completions")
               for r in server.requests)


@pytest.mark.parametrize("fault", ["garbage", "parrot"])
async def test_a_model_with_nothing_usable_stops_the_run_failed(fault: str) -> None:
    transcript = make_transcript(400, 40)  # many leaves at 1,024 tokens
    with FaultServer(lambda _i: fault) as server:
        settings = fast_settings(server.url, timeout_seconds=30, concurrency=4)
        result = await summarize_transcript(transcript, RunRequest(settings, strategy="tree"))
        sent = posts(server)
    assert result.status == "failed" and not result.ok
    assert sent <= 25 and result.calls <= 25
    assert "the model fault-model gave 8 unusable answers in a row and none usable" in (
        result.reason)
    quoted = "I am sorry" if fault == "garbage" else "3 to 8 short topics"
    assert quoted in result.reason
    assert "\n" not in result.reason and result.reason.startswith("the model")  # one sentence
    assert result.residual_gaps and result.coverage < 1.0


async def test_the_setting_changes_how_many_unusable_answers_stop_a_run() -> None:
    with FaultServer(lambda _i: "garbage") as server:
        settings = fast_settings(server.url, timeout_seconds=30, concurrency=1, max_unusable_answers=3)
        result = await summarize_transcript(make_transcript(200, 40), RunRequest(settings, strategy="tree"))
    # three answers, after the one-token probe that calibrated the plan
    assert result.status == "failed" and result.calls == 3 + server.probes
    assert server.probes <= 1
    assert "gave 3 unusable answers in a row" in result.reason


@pytest.mark.slow
async def test_a_few_bad_answers_among_good_ones_do_not_stop_a_run() -> None:
    # every third first attempt is garbage; each corrective retry answers, so the run
    # completes (and its bad answers never come 8 in a row). A retry is told by its note,
    # or, when the note would not fit the window, by being a prompt sent before.
    seen = [0]
    sent: set[str] = set()

    def answer(purpose: str, prompt: str) -> str | None:
        if "Your previous answer was not usable" in prompt or prompt in sent:
            return None
        sent.add(prompt)
        seen[0] += 1
        return "I am sorry, I cannot." if seen[0] % 3 == 0 else None

    with FaultServer(responder=answer) as server:
        result = await summarize_transcript(make_transcript(200, 40), RunRequest(fast_settings(server.url, timeout_seconds=30), strategy="tree"))
    assert result.status == "complete", result.reason
    assert seen[0] > 8


def test_an_answer_copying_the_prompts_example_is_not_content() -> None:
    prompt = leaf_prompt('they said "topics": ["parser rewrite"] twice', 0, question=None,
                         instructions="", summary_chars=400).text
    assert parroted(Extraction(headline="x", topics=["3 to 8 short topics"]), prompt)
    assert parroted(Extraction(headline="One line.", topics=["a"]), prompt)
    # the data's own words are content, even when they look like a shape
    assert not parroted(Extraction(headline="rewrote the parser",
                                   topics=["parser rewrite"]), prompt)
    assert not parroted(Extraction(skipped=True, skip_reason="one line"), prompt)
    # copies numbered or joined together are copies still (SmolLM2's fold headline)
    copied = "1. What happened, decisions, outcomes: 2. What happened, decisions, outcomes"
    assert parroted(Extraction(headline=copied, topics=["a"]), prompt)
    assert parroted(Extraction(headline="h", summary="- one line\n- one line"), prompt)
    # a placeholder inside real words is content
    assert not parroted(Extraction(headline="1. One line: the parser was rewritten"), prompt)
    assert not parroted(Extraction(headline="Step 2. fixed the cache: tests pass"), prompt)
    # data that looks like the shape, or like a fence that never closes, stays data
    tricky = leaf_prompt('<transcript-data id="0123456789ab">\n"headline": "the data said so"',
                         0, question=None, instructions="", summary_chars=400).text
    assert not parroted(Extraction(headline="the data said so"), tricky)
    assert parroted(Extraction(headline="One line."), tricky)


def _planner(lying: bool) -> Any:
    def answer(purpose: str, prompt: str) -> str | None:
        if purpose != "plan":
            return None  # leaves and folds: the extractive answer
        state = parse_state(prompt)
        token = state["coherence_token"]
        if lying:
            return json.dumps({"action": "done", "coherence_token": token})
        gaps = parse_spans(state["uncovered"])
        step = int(state["max_spawn_bytes"])
        acts: list[dict[str, Any]] = [
            {"action": "spawn", "start": a, "end": min(e, a + step)}
            for s, e in gaps for a in range(s, e, step)]
        if "started child" in prompt or not acts:
            acts = [{"action": "done", "coherence_token": token}]
        return json.dumps({"reasoning": "cover", "actions": acts})

    return answer


@pytest.mark.slow
async def test_a_lying_planner_costs_at_most_half_again_an_honest_one() -> None:
    transcript = make_transcript(160, 40)
    calls: dict[bool, int] = {}
    for lying in (False, True):
        events: list[Event] = []
        with FaultServer(responder=_planner(lying)) as server:
            settings = fast_settings(server.url, timeout_seconds=30, concurrency=4, max_actions=20)
            result = await summarize_transcript(transcript, RunRequest(settings, strategy="recursive"), sinks=[events.append])
            sent = posts(server)
        assert result.status == "complete", result.reason
        assert sent == result.calls
        calls[lying] = result.calls
        if lying:
            rejected = [e for e in events if isinstance(e, DoneRejected)]
            assert 1 <= len(rejected) <= 2
            assert any(isinstance(e, InvocationStarted) and e.engine_spawned
                       and e.mode != "plan" for e in events)
            assert not any(isinstance(e, InvocationStarted) and e.engine_spawned
                           and e.mode == "plan" for e in events)
    assert calls[True] <= 1.5 * calls[False], calls


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
async def test_a_retry_is_not_refused_after_replies_showed_denser_tokens() -> None:
    # the server counts far more tokens than the estimate did (its usage figures show it),
    # so by the retry the first leaf, which it took once, looks over the window; the retry
    # is still sent, unchanged, and that leaf gets its second answer instead of a split
    from gapless.engine.core.tokens import BYTES_PER_TOKEN

    first: list[str] = []

    def answer(purpose: str, prompt: str) -> str | None:
        if purpose == "leaf" and not first:
            first.append(prompt)
            return "I am sorry, I cannot."
        return None

    # (the calibration probe is answered without usage, so the plan is made at the estimate)
    with FaultServer(responder=answer, chars_per_token=BYTES_PER_TOKEN * 0.7,
                     probe_usage=False) as server:
        result = await summarize_transcript(make_transcript(200, 40), RunRequest(fast_settings(server.url, timeout_seconds=30,
                                                    concurrency=1), strategy="tree"))
        sent = posts(server)
    assert result.status == "complete", result.reason
    retried = [n for n in result.state.nodes.values() if n.mode == "leaf" and len(n.calls) == 2]
    assert len(retried) == 1 and not retried[0].children
    assert sent == result.calls
    # the leaves planned before the count was known are split, as they should be
    assert result.split_leaves > 0


async def test_the_offline_summarizer_quoting_the_prompts_wording_is_content() -> None:
    """A text that says "One line." is summarized by the offline provider as what it says:
    its answers are made from the data, so none is taken for a parroted placeholder (the run
    failed as an unusable model); a model's answer still is (above)."""
    text = Transcript(b"One line.\n\nOne line.\n", name="notes.txt")
    result = await summarize_transcript(text, RunRequest(Settings()))
    assert result.status == "complete", result.reason
    assert result.entry is not None and result.entry["headline"] == "One line."
