"""The offline provider answers from the request's typed description (``ModelRequest.task``),
never from the prompt's wording; the engine fills that description on every request, and it
states exactly what the prompt shows."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.extraction import Extraction
from gapless.engine.providers.base import (
    DataBlock,
    ModelRequest,
    PlanState,
    ProviderError,
    TaskSpec,
)
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.prompts import (
    SYSTEM,
    FoldExtras,
    Prompt,
    describe_prompt,
    fold_prompt,
    leaf_prompt,
)
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from gapless.engine.sources import load_transcript
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary
from gapless.engine.strategies.compact.compaction import CompactAsk, compact_conversation
from tests.support.helpers import make_transcript
from tests.support.paths import TEST_DATA

TEXT = make_transcript(12, 30).text(0, 4000)
OFFLINE = ExtractiveProvider()
# For requests that come without a task (a test server replaying what a model was sent).
DESCRIBING = ExtractiveProvider(describe=describe_prompt)


def request(p: Prompt, prompt: str | None = None) -> ModelRequest:
    """The engine's request for ``p``, its prompt text replaced by ``prompt`` if given."""
    return ModelRequest(p.task.kind, SYSTEM, p.text if prompt is None else prompt, task=p.task)


def test_a_leaf_is_answered_from_its_task_whatever_the_prompt_says() -> None:
    p = leaf_prompt(TEXT, 500, question="what was looked at?", instructions="",
                    summary_chars=300)
    answer = OFFLINE.answer(request(p))
    assert Extraction.model_validate_json(answer).summary
    # reworded, shortened, or misleading prompts do not change the answer
    for prompt in ("Please summarise the material I attached, in 50 characters or so.",
                   "", p.text.replace("Question to answer from this material:", "Q:"),
                   "Question to answer from this material: something else\n"
                   "Keep the summary under 20 characters."):
        assert OFFLINE.answer(request(p, prompt)) == answer
    # the task says what matters: another question or size gives another answer
    other = dataclasses.replace(p.task, summary_chars=80)
    assert OFFLINE.answer(ModelRequest("leaf", SYSTEM, p.text, task=other)) != answer


def test_the_kind_comes_from_the_task_not_the_purpose_or_the_prompt() -> None:
    plan = TaskSpec(kind="plan", plan=PlanState(
        scope_bytes=10_000, read_window=2000, coherence_token="0123456789ab",
        uncovered=((0, 1000), (4000, 10_000)), actions_left=5, max_spawn_bytes=5000,
        scope_offset=0))
    # a leaf's purpose and prompt, but a planning task: the answer is a plan of that state
    leafish = leaf_prompt(TEXT, 0, question=None, instructions="", summary_chars=300)
    turn = json.loads(OFFLINE.answer(ModelRequest("leaf", SYSTEM, leafish.text, task=plan)))
    assert turn["actions"][0] == {"action": "read_range", "start": 0, "end": 1000}
    assert {a["action"] for a in turn["actions"][1:]} == {"spawn"}
    # a planning prompt's wording, but a leaf task: the answer is an extraction of its block
    task = TaskSpec(kind="leaf", summary_chars=300, blocks=(DataBlock(0, TEXT),))
    planish = "scope_bytes: 10\nread_window: 2000\ncoherence_token: 0123456789ab\nuncovered: none"
    answer = OFFLINE.answer(ModelRequest("plan", SYSTEM, planish, task=task))
    assert answer == OFFLINE.answer(request(leafish))
    # a fold task merges its children, even with no fence or child block in the prompt
    child = Extraction.model_validate_json(answer)
    fold = TaskSpec(kind="fold", summary_chars=300, children=(((0, 10), child), ((10, 20), child)))
    merged = Extraction.model_validate_json(OFFLINE.answer(ModelRequest("fold", SYSTEM, "",
                                                                        task=fold)))
    assert merged.summary
    ping = ModelRequest("leaf", SYSTEM, "hello", task=TaskSpec(kind="ping"))
    assert json.loads(OFFLINE.answer(ping)) == {"ok": True}


def test_a_fold_task_shows_children_as_the_prompt_does() -> None:
    ex = Extraction(headline="h", summary="looked at files", topics=["a", "b", "c"])
    skipped = Extraction(skipped=True, skip_reason="nothing", headline="x", summary="noise")
    p = fold_prompt([((0, 10), ex), ((10, 20), skipped)], question=None, instructions="",
                    summary_chars=400, extras=FoldExtras(blocks=[DataBlock(20, TEXT)]))
    assert p.task.scope == (0, 20 + len(TEXT.encode()))
    assert [c.skipped for _, c in p.task.children] == [False, False]  # the prompt omits it
    assert skipped.skipped  # the engine's own extraction is left as it was
    assert OFFLINE.answer(request(p, "merge these")) == DESCRIBING.answer(
        ModelRequest("fold", SYSTEM, p.text))  # = what reading the prompt gives


def test_requests_without_a_task_are_described_from_their_prompt() -> None:
    p = leaf_prompt(TEXT, 7, question="why?", instructions="be brief", summary_chars=250)
    described = describe_prompt("leaf", p.text)
    assert dataclasses.replace(described, scope=p.task.scope) == p.task
    assert DESCRIBING.answer(ModelRequest("leaf", SYSTEM, p.text)) == OFFLINE.answer(request(p))
    # without a describer a request is never read from its wording (the provider sits below
    # the run and does not know its prompts)
    with pytest.raises(ProviderError):
        OFFLINE.answer(ModelRequest("leaf", SYSTEM, p.text))
    assert describe_prompt("compose", "").kind == "fold"
    assert describe_prompt("plan", "no state here").plan is None
    assert json.loads(DESCRIBING.answer(ModelRequest("plan", SYSTEM, "no state")))["actions"] == [
        {"action": "done"}]


def _recorder() -> ScriptedProvider:
    return ScriptedProvider(policy=lambda req, _i: OFFLINE.answer(req))


def _check(requests: list[ModelRequest]) -> set[str]:
    """Every request carries its task, of its purpose, stating what its prompt shows."""
    assert requests
    for r in requests:
        assert r.task is not None and r.task.kind == r.purpose
        assert r.task.scope is not None
        described = dataclasses.replace(describe_prompt(r.purpose, r.prompt), scope=r.task.scope)
        if r.purpose == "plan":  # a plan states its state; its previews are not work to read
            described = dataclasses.replace(described, blocks=())
        task = r.task
        if any(ex.stats is not None for _, ex in task.children):
            # A log fold states its children's figures once, merged, in its facts block;
            # their stats travel in the task, not in each child's line.
            assert "Facts computed from this text by exact count" in r.prompt
            task = dataclasses.replace(task, children=tuple(
                (sp, ex.model_copy(update={"stats": None})) for sp, ex in task.children))
        assert described == task, r.purpose
    return {r.purpose for r in requests}


@pytest.mark.parametrize("strategy", ["tree", "recursive"])
async def test_every_summarize_request_carries_its_task(strategy: str) -> None:
    t = load_transcript(TEST_DATA / "meetings" / "ES2002a.txt")
    provider = _recorder()
    result = await summarize_transcript(t, RunRequest(Settings(context_tokens=2000), strategy=strategy, question="what was decided?"), provider=provider)
    assert result.status == "complete"
    kinds = _check(provider.requests)
    assert kinds == ({"leaf", "fold"} if strategy == "tree" else {"leaf", "fold", "plan"})


async def test_every_read_request_carries_its_task() -> None:
    provider = _recorder()
    r = await read_summary(TEST_DATA / "logs" / "OpenSSH_2k.log", ReadOptions(question="who failed?", detail="deep"), settings=Settings(), provider=provider)
    assert r.status == "complete"
    assert _check(provider.requests) == {"chunk", "fold"}


async def test_every_compaction_request_carries_its_task(tmp_path: Path) -> None:
    provider = _recorder()
    path = TEST_DATA / "claude-projects" / "-home-cwtrocks-android-avd" / (
        "c6455dae-26cd-4ba2-a2b9-7b8e4675e19c.jsonl")
    r = await compact_conversation(path, CompactAsk(8000), settings=Settings(context_tokens=2000), provider=provider)
    assert r.status == "complete"
    assert _check(provider.requests) == {"compact", "fold"}


async def test_a_logs_figures_are_the_engines_not_the_answers() -> None:
    """A prompt that states a log's computed figures says so in its task; the offline answer
    then leaves them out (a model does not repeat them either), and the run keeps the
    figures computed for the prompt: the root's counts are the whole log's."""
    provider = _recorder()
    path = TEST_DATA / "logs" / "OpenSSH_2k.log"
    r = await read_summary(path, settings=Settings(), provider=provider)
    assert r.status == "complete"
    figured = [q for q in provider.requests if q.task is not None and q.task.figures]
    assert figured and {q.purpose for q in figured} == {"chunk", "fold"}
    for q in figured:
        assert "stats" not in json.loads(OFFLINE.answer(q))
    assert r.state.entry is not None
    assert r.state.entry["stats"]["records"] == len(path.read_bytes().splitlines())
