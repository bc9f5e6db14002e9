"""``gapless compact``: split head / verbatim tail, depth, validation and its fallback."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import (
    CompactionValidated,
    Event,
    InvocationStarted,
    RunFinished,
    RunStarted,
)
from gapless.engine.providers.base import ModelRequest, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.strategies.compact.compaction import (
    CompactAsk,
    Entity,
    compact_conversation,
    head_entities,
    mentions,
)
from gapless.engine.strategies.compact.messages import load_conversation, message_tokens
from gapless.tui.cli.main import main
from tests.support.paths import TEST_DATA

DATA = TEST_DATA
SESSIONS = sorted((DATA / "claude-projects").glob("*/*.jsonl")) if DATA.exists() else []
TOPICS = ["parser", "cache", "scheduler", "billing", "auth", "search", "exporter", "router"]
SYSTEM = "You are a careful coding agent working in /repo. Run the tests after every change."


def long_conversation(turns: int = 100, seed: int = 0, files_per_topic: int = 1) -> list[dict]:
    """A generated agent conversation: a request, a read, an edit, a test run (some fail)
    and a report per turn, in OpenAI chat format with tool calls."""
    rnd = random.Random(seed)
    msgs: list[dict] = [{"role": "system", "content": SYSTEM}]
    for t in range(turns):
        topic = TOPICS[t % len(TOPICS)]
        path = f"src/{topic}/core_{(t // len(TOPICS)) % files_per_topic}.py"
        ids = [f"call_{t}_{k}" for k in "abc"]
        body = "\n".join(f"def handle_{i}(data):\n    return [x for x in data if x]"
                         for i in range(rnd.randint(5, 15)))
        failing = t % 9 == 4
        out = (f"Traceback (most recent call last):\n  File \"tests/test_{topic}.py\", line 12\n"
               f"ModuleNotFoundError: No module named '{topic}_helpers_{t}'" if failing
               else f"{rnd.randint(5, 40)} passed in 0.{rnd.randint(10, 99)}s")
        msgs += [
            {"role": "user", "content": f"Please make the {topic} module handle empty input "
                                        f"without crashing (ticket {100 + t})."},
            {"role": "assistant", "content": f"I'll look at {path} first.", "tool_calls": [
                {"id": ids[0], "type": "function", "function": {
                    "name": "read_file", "arguments": json.dumps({"path": path})}}]},
            {"role": "tool", "tool_call_id": ids[0], "content": body},
            {"role": "assistant", "content": "Editing it to guard against empty input.",
             "tool_calls": [{"id": ids[1], "type": "function", "function": {
                 "name": "edit_file", "arguments": json.dumps(
                     {"path": path, "old": "return [", "new": "if not data: return []"})}}]},
            {"role": "tool", "tool_call_id": ids[1], "content": "ok: 1 replacement"},
            {"role": "assistant", "content": "Running the tests.", "tool_calls": [
                {"id": ids[2], "type": "function", "function": {
                    "name": "run", "arguments": json.dumps({"cmd": f"pytest tests/test_{topic}.py"})}}]},
            {"role": "tool", "tool_call_id": ids[2], "content": out},
            {"role": "assistant", "content": f"Done with ticket {100 + t}: {path} now returns an "
             "empty list for empty input" + (" but the test import fails." if failing
                                              else " and the tests pass.")},
        ]
    return msgs


def write(tmp_path: Path, msgs: list[dict], name: str = "conv.json") -> Path:
    f = tmp_path / name
    f.write_text(json.dumps(msgs), encoding="utf-8")
    return f


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_shape(result, original: list[dict], *, system: bool) -> None:
    """system prompt, summary, working memory, then the tail exactly as it was."""
    msgs = result.messages
    i = 0
    if system:
        assert msgs[0] == original[0]
        i = 1
    assert msgs[i]["role"] == "user" and msgs[i]["content"].startswith("[Summary of the earlier")
    assert msgs[i + 1]["content"].startswith("[Working memory")
    tail = msgs[i + 2:]
    assert tail == original[len(original) - len(tail):]
    assert len(tail) == result.kept
    last_assistant = max((i for i, m in enumerate(original) if m["role"] == "assistant"),
                         default=len(original))
    # The agent's last turn is never summarized away: it is in the verbatim tail.
    assert len(original) - len(tail) <= last_assistant
    assert not tail or tail[0]["role"] not in ("tool", "function")
    assert result.tokens_after == sum(message_tokens(m) for m in msgs)


async def test_long_generated_conversation(tmp_path):
    original = long_conversation(100)
    f = write(tmp_path, original)
    before = sha(f)
    events: list[Event] = []
    r = await compact_conversation(f, CompactAsk(20_000), sinks=[events.append])
    assert sha(f) == before
    assert r.status == "complete" and r.triggered and 1 <= r.depth <= 3
    assert r.tokens_before > 20_000 * 0.6 >= r.tokens_after
    check_shape(r, original, system=True)
    wm = r.messages[2]["content"]
    for topic in TOPICS:  # the working memory names every modified file
        assert f"src/{topic}/core_0.py" in wm
    assert "ModuleNotFoundError" in wm and "ticket 199" in wm
    v = r.validation
    assert {e.kind for e in v.required} == {"file", "task", "error"}
    assert set(v.found) | set(v.missing) == set(v.required)
    assert not set(v.found) & set(v.missing)
    started = events[0]
    assert isinstance(started, RunStarted) and started.strategy == "compact"
    assert all(e.mode == "compact" for e in events if isinstance(e, InvocationStarted))
    end = events[-1]
    assert isinstance(end, RunFinished) and end.status == "complete" and end.coverage == 1.0
    assert r.state.coverage == 1.0 and r.state.nodes["c"].status == "complete"
    assert set(r.to_json()) == {"messages", "validation", "tokens_before", "tokens_after", "depth",
                                "summarized", "kept_verbatim", "target", "source"}
    assert set(r.to_json()["validation"]) >= {"required", "found", "missing", "fallback"}


async def test_under_the_trigger_nothing_changes(tmp_path):
    original = long_conversation(3)
    f = write(tmp_path, original)
    r = await compact_conversation(f, CompactAsk(100_000))
    assert r.status == "skipped" and not r.triggered and r.depth == 0
    assert r.messages == original and r.tokens_after == r.tokens_before
    assert r.validation.required == [] and not r.validation.fallback


def forgetful(omit: str):
    """A summarizer that follows the checklist except for one file path."""
    inner = ExtractiveProvider()

    def policy(request: ModelRequest, index: int) -> str:
        answer = json.loads(inner.answer(request))
        m = re.search(r'<must-mention id="\w+">\n(.*?)\n</must-mention', request.prompt, re.S)
        items = [ln.split(": ", 1)[1] for ln in m.group(1).splitlines()] if m else []
        answer["summary"] = "; ".join(i for i in items if i != omit) or "earlier work"
        answer["headline"] = "Earlier work on the modules"
        answer["open_questions"] = []
        return json.dumps(answer)

    return policy


async def test_a_summary_missing_a_file_path_triggers_the_fallback(tmp_path):
    original = long_conversation(60)
    f = write(tmp_path, original)
    # the file of the latest turn that lands in the head, so keeping it verbatim fits
    probe = await compact_conversation(f, CompactAsk(20_000), provider=ScriptedProvider(policy=forgetful("")))
    assert not probe.validation.missing and not probe.validation.fallback
    head_files = [e for e in probe.validation.required if e.kind == "file"]
    omit = max(head_files, key=lambda e: e.last).value
    events: list[Event] = []
    r = await compact_conversation(f, CompactAsk(20_000), provider=ScriptedProvider(policy=forgetful(omit)), sinks=[events.append])
    v = r.validation
    assert [e.value for e in v.missing] == [omit]
    assert v.fallback and [e.value for e in v.kept_verbatim] == [omit] and not v.unresolved
    assert r.kept > probe.kept  # more of the tail kept verbatim
    check_shape(r, original, system=True)
    tail = r.messages[3:]
    assert any(omit in json.dumps(m) for m in tail if m.get("tool_calls"))
    rejected = [e for e in events if isinstance(e, CompactionValidated)]
    assert rejected and not rejected[0].ok and omit in rejected[0].missing
    assert r.to_json()["validation"]["missing"] == [omit]
    assert r.status == "complete" and r.tokens_after <= 20_000 * 0.6


async def test_summary_of_summaries_is_bounded_at_depth_3(tmp_path):
    original = long_conversation(60)
    f = write(tmp_path, original)

    def verbose(request: ModelRequest, index: int) -> str:
        return json.dumps({"headline": "long", "summary": "word " * 5000,
                           "topics": ["a", "b", "c"]})

    events: list[Event] = []
    r = await compact_conversation(f, CompactAsk(20_000), provider=ScriptedProvider(policy=verbose), sinks=[events.append])
    # Each summary comes out over its reserve, so the split moves on (a summary of
    # summaries) until the tail is down to the last assistant turn, never past depth 3.
    assert 2 <= r.depth <= 3
    summaries = [e for e in events if isinstance(e, InvocationStarted) and e.parent == "c"
                 and e.inv.startswith("c.d")]
    assert [e.inv for e in summaries] == [f"c.d{i}" for i in range(1, r.depth + 1)]
    assert r.status == "complete"
    check_shape(r, original, system=True)


async def test_a_failed_summarizer_leaves_the_conversation_unchanged(tmp_path):
    original = long_conversation(40)
    f = write(tmp_path, original)
    r = await compact_conversation(f, CompactAsk(8_000), provider=ScriptedProvider(
        [ProviderError("down")] * 50))
    assert r.status in ("failed", "incomplete") and not r.ok
    assert r.messages == original and "down" in r.reason


async def test_the_summarizer_can_be_another_provider_and_model(tmp_path):
    f = write(tmp_path, long_conversation(40))
    script = tmp_path / "answers.json"
    answer = {"headline": "h", "summary": "cheap summary", "topics": ["a", "b", "c"]}
    script.write_text(json.dumps([answer] * 40))
    cheap = Settings.model_validate({"provider": "scripted", "script": str(script),
                                     "model": "tiny"})
    events: list[Event] = []
    r = await compact_conversation(f, CompactAsk(8_000, summarizer=cheap), settings=Settings.model_validate({}), sinks=[events.append])
    started = events[0]
    assert isinstance(started, RunStarted)
    assert started.provider == "scripted" and started.settings["main_provider"] == "extractive"
    assert "cheap summary" in r.messages[1]["content"]


def test_entities_and_mentions():
    conv_msgs = long_conversation(12)
    assert conv_msgs
    task = Entity("task", "Please make the cache module handle empty input (ticket 101).", 3)
    assert mentions("We made the cache module handle empty input for ticket 101.", task)
    assert not mentions("Nothing relevant happened.", task)
    f = Entity("file", "/repo/src/cache/core_0.py", 5)
    assert mentions("edited /repo/src/cache/core_0.py", f)
    assert mentions("edited cache/core_0.py", f)
    assert mentions("edited src/cache/core_0.py", f, cwd="/repo")
    assert not mentions("edited core_0.py", f)
    err = Entity("error", "ModuleNotFoundError: No module named 'cache_helpers'", 7)
    assert mentions("The import failed with ModuleNotFoundError (cache_helpers missing).", err)
    assert not mentions("the helpers module named cache_helpers was missing", err)


def test_head_entities_only_count_successful_edits(tmp_path):
    msgs = [
        {"role": "user", "content": "Refactor the billing exporter please, it is too slow."},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "edit_file", "arguments":
                json.dumps({"path": "billing/export.py", "new": "x"})}},
            {"id": "b", "type": "function", "function": {"name": "write_file", "arguments":
                json.dumps({"path": "billing/broken.py", "content": "y"})}},
            {"id": "c", "type": "function", "function": {"name": "apply_patch", "arguments":
                json.dumps({"input": "*** Begin Patch\n*** Update File: billing/rates.py\n"})}}]},
        {"role": "tool", "tool_call_id": "a", "content": "ok"},
        {"role": "tool", "tool_call_id": "b", "content": "Error: permission denied"},
        {"role": "tool", "tool_call_id": "c", "content": "Done"},
        {"role": "assistant", "content": "Refactored."},
    ]
    conv = load_conversation(write(tmp_path, msgs))
    ents = head_entities(conv.messages, len(conv.messages))
    files = [e.value for e in ents if e.kind == "file"]
    assert files == ["billing/export.py", "billing/rates.py"]
    assert [e.kind for e in ents if e.kind == "task"] == ["task"]
    assert any("permission denied" in e.value for e in ents if e.kind == "error")


@pytest.mark.parametrize("budget", [8_000, 30_000])
@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: p.stem[:8])
async def test_real_claude_code_sessions(tmp_path, session, budget):
    before = sha(session)
    conv = load_conversation(session)
    original = [m.raw for m in conv.messages]
    events: list[Event] = []
    r = await compact_conversation(session, CompactAsk(budget), sinks=[events.append])
    assert sha(session) == before  # the input is never modified
    assert r.tokens_before == sum(message_tokens(m) for m in original)
    if not r.triggered:
        assert r.messages == original
        return
    assert r.status == "complete" and r.tokens_after < r.tokens_before
    assert r.tokens_after <= budget
    check_shape(r, original, system=False)
    v = r.validation
    assert set(v.found) | set(v.missing) == set(v.required)
    assert set(v.kept_verbatim) <= set(v.missing)
    assert v.fallback == bool(v.missing)
    end = events[-1]
    assert isinstance(end, RunFinished) and end.status == "complete" and end.coverage == 1.0
    # the output is itself a chat messages file gapless can read (and compact again)
    out = write(tmp_path, r.messages, "compacted.json")
    again = load_conversation(out)
    assert [m.raw for m in again.messages] == r.messages


def test_cli(tmp_path, capsys):
    original = long_conversation(60)
    f = write(tmp_path, original)
    before = sha(f)
    db = str(tmp_path / "g.db")
    code = main(["compact", str(f), "--budget", "20000", "--json", "--db", db])
    out, err = capsys.readouterr()
    obj = json.loads(out)
    assert code == 0 and set(obj) == {"messages", "validation", "tokens_before",
                                      "tokens_after", "depth", "summarized",
                                      "kept_verbatim", "target", "source"}
    assert obj["tokens_after"] < obj["tokens_before"] and obj["depth"] >= 1
    assert "gapless compact: complete" in err
    target = tmp_path / "compacted.json"
    code = main(["compact", str(f), "--budget", "20000", "--out", str(target), "--db", db])
    out, _ = capsys.readouterr()
    assert code == 0 and out == "" and json.loads(target.read_text()) == obj["messages"]
    code = main(["compact", str(f), "--budget", "20000", "--out", str(f), "--db", db])
    _, err = capsys.readouterr()
    assert code == 2 and "never modified" in err
    code = main(["compact", str(tmp_path / "missing.json"), "--db", db])
    _, err = capsys.readouterr()
    assert code == 2 and "No such file" in err
    (tmp_path / "notes.txt").write_text("just some notes\n")
    code = main(["compact", str(tmp_path / "notes.txt"), "--db", db])
    _, err = capsys.readouterr()
    assert code == 2 and "no conversation to compact" in err
    assert sha(f) == before


def test_budget_and_trigger_are_checked(tmp_path):
    f = write(tmp_path, long_conversation(3))
    with pytest.raises(UserError, match="budget"):
        asyncio.run(compact_conversation(f, CompactAsk(10)))
    with pytest.raises(UserError, match="trigger"):
        asyncio.run(compact_conversation(f, CompactAsk(10_000, trigger=1.5)))
