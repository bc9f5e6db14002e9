"""Never over the window, never silently truncated (issue 13, items 2 and 3), against a
real loopback server: the answer's reserve comes from the answer asked for; every prompt is
checked against the window before it is sent (folds included, anchors counted); a server's
context-length error splits that leaf and the run goes on; an Ollama reply that saw less
than was sent is a failed call."""

from __future__ import annotations

from typing import Any

import pytest

from gapless.engine.core.events import Event, InvocationFinished
from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.tokens import Capacity, answer_tokens, estimate_tokens
from gapless.engine.run.calls import RunSetup
from gapless.engine.run.context import RunContext
from gapless.engine.run.fold import fold_outcomes
from gapless.engine.run.memo import Outcome
from gapless.engine.run.prompts import SYSTEM
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import make_transcript


def sent_tokens(body: dict[str, Any]) -> int:
    """What a request asks of the window, by the engine's conservative estimate."""
    text = "".join(str(m.get("content") or "") for m in body.get("messages") or [])
    return estimate_tokens(text) + int(body.get("max_tokens") or 0)


def test_the_answer_reserve_is_what_the_answer_needs_not_a_quarter() -> None:
    for window in (4096, 8192, 32768, 128000):
        cap = Capacity.for_summary(window)
        assert cap.output_tokens < min(2048, window // 4)
        assert cap.output_tokens >= answer_tokens(cap.summary_chars)
    old_4096 = 9632  # the leaf bytes of a 4,096-token window with a quarter held back
    assert Capacity.for_summary(4096).data_bytes > old_4096
    assert Capacity.for_summary(1024).output_tokens == 256  # small windows keep their floor


async def test_every_prompt_fits_the_window_folds_with_their_anchors() -> None:
    """At 4,096 tokens a fold of five children with many anchors used to be sent at
    14,715 bytes against a 9,632-byte budget; now it is packed to fit."""
    # the server's window is enforced at its own count (4 characters a token, which the
    # run calibrates to); nothing it is sent is over it
    with FaultServer(window_tokens=4096) as server:
        settings = fast_settings(server.url, context_tokens=4096, timeout_seconds=30)
        result = await summarize_transcript(make_transcript(700, 50), RunRequest(settings, strategy="tree"))
        bodies = [r["body"] for r in server.requests if r["path"].endswith("/chat/completions")]
        asked = max(server.prompt_tokens(b) + int(b.get("max_tokens") or 0) for b in bodies)
        overflows = server.overflows
    assert result.status == "complete", result.reason
    assert any("<child-extractions" in str(b["messages"]) for b in bodies)
    assert asked <= 4096 and overflows == 0


@pytest.mark.parametrize(("summary", "calls"), [(1400, 1), (4000, 3)])
async def test_a_fold_of_children_heavy_with_anchors_is_packed_under_the_window(
        summary: int, calls: int) -> None:
    """Anchors are cut first (one call); summaries that cannot share one call without
    losing more than a third are folded in batches that fit."""
    anchors = [Anchor(start=i, end=i + 1, label="a label of some length " * 2)
               for i in range(120)]
    child = Extraction(headline="h", summary="s" * summary, topics=["a", "b", "c"],
                       anchors=anchors)
    children = [Outcome(f"r.{i}", (i * 100, i * 100 + 100), "complete", child, key=str(i))
                for i in range(5)]
    with FaultServer() as server:
        settings = fast_settings(server.url, context_tokens=4096, timeout_seconds=30)
        from gapless.engine.providers.factory import make_provider

        provider = make_provider(settings)
        try:
            ctx = RunContext(RunSetup(run_id="x", transcript=make_transcript(5, 10), provider=provider,
                             capacity=Capacity.for_summary(4096)))
            await fold_outcomes(ctx, "r", (0, 500), children, question=None)
        finally:
            await provider.aclose()
        bodies = [r["body"] for r in server.requests if r["path"].endswith("/chat/completions")]
    assert len(bodies) == calls
    assert max(sent_tokens(b) for b in bodies) <= 4096
    assert ctx.oversize == 0


async def test_a_context_length_error_splits_the_leaf_and_the_run_goes_on() -> None:
    # The server's tokenizer is denser than the engine's estimate (2.5 chars a token,
    # not 3.5), so full leaves are refused with vLLM's 400 context_length_exceeded (its
    # reply to the calibration probe reports no usage, so the plan is at the estimate).
    events: list[Event] = []
    with FaultServer(window_tokens=1024, chars_per_token=2.5, probe_usage=False) as server:
        settings = fast_settings(server.url, timeout_seconds=30, context_tokens=1024)
        result = await summarize_transcript(make_transcript(60, 40), RunRequest(settings, strategy="tree"), sinks=[events.append])
        overflows = server.overflows
    assert result.status == "complete", result.reason
    assert overflows > 0 and result.coverage == 1.0
    split = [e for e in events if isinstance(e, InvocationFinished)
             and e.reason.startswith("split in 2: the server refused the prompt")]
    assert len(split) >= 1 and all(e.status == "complete" for e in split)
    splits = sum(isinstance(e, InvocationFinished) and "split in " in e.reason for e in events)
    assert result.split_leaves == splits >= len(split)
    assert result.to_json()["split_leaves"] == splits
    # every refusal the server counted is in the report, and only those
    assert result.overflows == result.to_json()["overflows"] == overflows
    node = result.state.nodes[split[0].inv]
    assert node.children and any(not c.ok and "maximum context length" in c.error
                                 for c in node.calls)


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
async def test_an_ollama_reply_that_saw_less_than_was_sent_is_a_failed_call() -> None:
    events: list[Event] = []
    with FaultServer(flavour="ollama", prompt_eval_cap=40) as server:
        settings = fast_settings(server.url, timeout_seconds=30, model="tiny", context_tokens=2048)
        result = await summarize_transcript(make_transcript(10, 40), RunRequest(settings, strategy="tree"), sinks=[events.append])
    assert result.status != "complete"
    assert result.bytes_read == 0 and result.coverage == 0.0
    errors = [c.error for n in result.state.nodes.values() for c in n.calls if not c.ok]
    assert errors and all("num_ctx cut it" in e for e in errors)


def test_the_system_prompt_is_counted() -> None:
    assert estimate_tokens(SYSTEM) > 50


@pytest.mark.parametrize("name", ["Linux_2k.log", "OpenSSH_2k.log"])
async def test_log_leaves_are_planned_with_room_for_their_facts_block(name: str) -> None:
    # A log leaf's prompt carries the chunk's computed figures as well as its lines; leaves
    # planned without room for them were all refused by the pre-send check and split, at
    # twice the calls (Linux at 3000 tokens: 30 of 60 leaves split, 101 calls; now 49).
    from gapless.engine.config import Settings
    from gapless.engine.sources import load_transcript
    from tests.support.paths import TEST_DATA

    transcript = load_transcript(TEST_DATA / "logs" / name)
    result = await summarize_transcript(transcript, RunRequest(Settings(context_tokens=3000), strategy="tree"))
    assert result.status == "complete" and result.coverage == 1.0
    assert result.split_leaves == 0
    leaves = [n for n in result.state.nodes.values() if not n.children]
    assert result.calls <= len(leaves) * 3 // 2


async def test_a_full_leafs_corrective_retry_is_not_turned_into_a_split(tmp_path) -> None:
    # Leaves are planned to fill the window; the corrective note ("your previous answer was
    # not usable ...") would take such a leaf's prompt over it. The retry then sends the
    # prompt as it was, and the leaf gets its second answer instead of being split in two.
    import json

    from gapless.engine.config import Settings
    from gapless.engine.sources import load_transcript
    from tests.support.paths import TEST_DATA

    good = json.dumps({"headline": "h", "summary": "A scripted summary of the meeting.",
                       "topics": ["meeting"]})
    script = tmp_path / "answers.json"
    script.write_text(json.dumps(["not json", *[good] * 30]), encoding="utf-8")
    transcript = load_transcript(TEST_DATA / "meetings" / "TS3003a.txt")
    result = await summarize_transcript(transcript, RunRequest(Settings(context_tokens=2000, provider="scripted", script=str(script),
                             concurrency=1), strategy="tree"))
    assert result.status == "complete" and result.split_leaves == 0
    retried = [n for n in result.state.nodes.values() if len(n.calls) == 2]
    assert len(retried) == 1 and not retried[0].children
