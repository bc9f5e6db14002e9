"""No false ``complete``, on the re-run of a re-run and everywhere else: the engine derives
``complete`` from the ledger of successful calls, and ``verify`` (which made no claim) checks
every stored run against it.

The chain of issue 28, rebuilt: a loopback model server that answers any request holding a
marker line with prose (so those scopes can never be summarized), a real 330 KB chat export
with the marker at 25/50/75 % of its lines, a 2,000-token window; re-run one failed leaf of
run 0, then the root of the newest run twice. Each run must end incomplete with every marker
inside its residual gaps, and ``verify`` must hold for every run. The mutants that matter —
a fold sent without its children, a failed child counted, a reused invocation without the
calls behind it — must each be caught.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gapless.engine.audit import rerun as rerun_module
from gapless.engine.audit.rerun import StoredScope, rerun_scope
from gapless.engine.audit.verify import verify_runs
from gapless.engine.config import Settings
from gapless.engine.core.events import (
    InvocationFinished,
    InvocationStarted,
    ProviderCall,
    RunFinished,
    SpanRead,
)
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.proof import proves
from gapless.engine.core.state import fold
from gapless.engine.run import context as context_module
from gapless.engine.run.context import Ending, Opening
from gapless.engine.run.fold import fold_outcomes
from gapless.engine.run.memo import Outcome
from gapless.engine.run.request import RunRequest
from gapless.engine.run.result import RunResult
from gapless.engine.service import summarize_stored
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.paths import TEST_DATA

MARKER = "ZQX-UNSUMMARIZABLE-7731"
EXPORT = TEST_DATA / "chat-exports" / "minsky_specstory-cursor-chat.md"


def _prose_for_markers(_purpose: str, prompt: str) -> str | None:
    """A model that cannot summarize anything holding the marker (prose, never JSON)."""
    if MARKER in prompt:
        return "I am sorry, I cannot help with this part of the conversation."
    return None


@pytest.fixture(scope="module")
def server() -> Iterator[FaultServer]:
    with FaultServer(responder=_prose_for_markers) as s:
        yield s


@pytest.fixture
def marked(tmp_path: Path) -> Path:
    lines = EXPORT.read_text(encoding="utf-8").splitlines(keepends=True)
    for share in (0.75, 0.5, 0.25):  # from the end, so earlier positions do not move
        at = int(len(lines) * share)
        lines.insert(at, f"\n{MARKER}\n\n")
    path = tmp_path / "export.md"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _settings(server: FaultServer) -> Settings:
    return fast_settings(server.url, context_tokens=2000, max_unusable_answers=1000,
                         max_retries=0)


def _marker_offsets(path: Path) -> list[int]:
    data = load_transcript(path).data
    found, at = [], data.find(MARKER.encode())
    while at >= 0:
        found.append(at)
        at = data.find(MARKER.encode(), at + 1)
    return found


def check_honest(result: RunResult, markers: list[int]) -> None:
    """The run's claim against what the model could never read."""
    assert result.status == "incomplete", result.status
    for m in markers:
        assert any(s <= m < e for s, e in result.residual_gaps), (m, result.residual_gaps)
    for s, e in result.unread:
        assert any(gs <= s and e <= ge for gs, ge in result.residual_gaps), (s, e)
    assert result.coverage < 1.0


async def rerun_chain(store: Store, path: Path, settings: Settings) -> list[RunResult]:
    """Run 0, a re-run of one failed leaf of it, then the root of the newest run twice."""
    t = load_transcript(path)
    first = await summarize_stored(store, t, RunRequest(settings, source=str(path)))
    leaf = next(n for n in first.state.nodes.values()
                if n.status == "failed" and n.mode == "leaf")
    runs = [first, await rerun_scope(store, StoredScope(first.run_id, leaf.inv), RunRequest(settings))]
    for _ in range(2):
        newest = runs[-1]
        assert newest.state.root is not None
        if newest.status == "complete":  # (only ever falsely: a marker is never read)
            break
        runs.append(await rerun_scope(store, StoredScope(newest.run_id, newest.state.root), RunRequest(settings)))
    return runs


@pytest.mark.slow
async def test_a_rerun_of_a_rerun_ends_incomplete_with_the_true_gaps(
        server: FaultServer, marked: Path, tmp_path: Path) -> None:
    markers = _marker_offsets(marked)
    assert len(markers) == 3
    db = tmp_path / "chain.db"
    async with await Store.open(db) as store:
        runs = await rerun_chain(store, marked, _settings(server))
        for result in runs:
            check_honest(result, markers)
        # no fold in any run is sent without children, nor counted without them
        for result in runs:
            for node in result.state.nodes.values():
                if node.mode == "fold" and node.status == "complete":
                    assert node.children or node.reused
        verdicts = await verify_runs(store)
    assert len(verdicts) == 4 and all(v.holds for v in verdicts), [
        v.contradictions for v in verdicts]
    # the same verdict from the command line, from the database alone
    done = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "verify", "--all", "--json",
                           "--db", str(db)], capture_output=True, text=True, timeout=120)
    report = json.loads(done.stdout)
    assert done.returncode == 0 and report["holds"] and report["runs"] == 4
    newest = runs[-1].run_id
    done = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "verify", newest, "--db", str(db)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and f"verified run {newest}: incomplete" in done.stdout


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
async def test_the_old_rerun_bug_is_refused_by_the_engine_and_caught_by_verify(
        server: FaultServer, marked: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The bug of issue 28 put back: a carried node loses its subtree and a fold over no
    children is sent. The engine's proof refuses the false complete; with that proof taken
    out too, ``verify`` names the contradiction."""
    markers = _marker_offsets(marked)

    def old_carry(self: Any, n: Any, parent: Any = None) -> Any:
        """The carry before the fix: a node that was not complete loses its subtree."""
        self.ctx.start(n.inv, n.parent, n.scope, Opening(n.depth, n.mode, question=n.question))
        if n.status == "complete" and n.extraction is not None:
            self.ctx.emit(InvocationFinished(inv=n.inv, status="complete", coverage=1.0,
                                             extraction=n.extraction, key=n.key, reused=True))
            return Outcome(n.inv, n.scope, "complete",
                                          Extraction.model_validate(n.extraction), [], n.key)
        status = "incomplete" if n.status == "running" else n.status
        return self.ctx.finish(n.inv, n.scope, Ending(status, covered=n.covered, reason="not re-run"))

    async def fold_anything(ctx: Any, inv: str, scope: Any, children: Any, *,
                            question: Any = None) -> Any:
        outcomes = [await c for c in children]
        for o in outcomes:
            ctx.child_finished(inv, o)
        extraction = await fold_outcomes(
            ctx, inv, scope, [o for o in outcomes if o.complete], question=question)
        return await ctx.complete(inv, scope, extraction, ctx.fold_key(outcomes))

    monkeypatch.setattr(rerun_module._Redo, "carry", old_carry)
    monkeypatch.setattr(rerun_module, "fold_children", fold_anything)
    async with await Store.open(tmp_path / "gapless.engine.db") as store:
        runs = await rerun_chain(store, marked, _settings(server))
        for result in runs:
            check_honest(result, markers)
        assert all(v.holds for v in await verify_runs(store))

    # now without the engine's own proof: the false complete is stored, verify catches it
    monkeypatch.setattr(context_module, "node_cover_now",
                        lambda state, node, known, verbatim=False: [node.scope])
    async with await Store.open(tmp_path / "mutant.db") as store:
        runs = await rerun_chain(store, marked, _settings(server))
        with pytest.raises(AssertionError):
            for result in runs:
                check_honest(result, markers)
        verdicts = await verify_runs(store)
    assert not all(v.holds for v in verdicts)
    assert any("no successful call read" in c for v in verdicts for c in v.contradictions)


# the verifier on hand-made ledgers: each mutant claim is caught --------------------------

def _events(*extra: Any, status: str = "complete") -> list[Any]:
    from gapless.engine.core.events import RunStarted
    return [RunStarted(run_id="x", source="", input_bytes=100, strategy="tree", provider="p",
                       model="m", context_tokens=1000), *extra,
            RunFinished(status=status, coverage=1.0 if status == "complete" else 0.0)]


def _leaf(inv: str, scope: tuple[int, int], *, ok: bool = True, sent: bool = True,
          status: str = "complete") -> list[Any]:
    return [InvocationStarted(inv=inv, parent="r", start=scope[0], end=scope[1], depth=1,
                              mode="leaf"),
            ProviderCall(inv=inv, provider="p", model="m", purpose="leaf", ok=ok,
                         sent=[scope] if sent else [], parts=[]),
            *([SpanRead(inv=inv, start=scope[0], end=scope[1])] if status == "complete" else []),
            InvocationFinished(inv=inv, status=status, coverage=1.0,
                               extraction={"headline": "h"} if status == "complete" else None,
                               gaps=[] if status == "complete" else [scope])]


def _root(parts: list[tuple[int, int]], children_events: list[Any]) -> list[Any]:
    from gapless.engine.core.events import ChildFinished
    kids = [e for e in children_events if isinstance(e, InvocationFinished)]
    starts = {e.inv: e for e in children_events if isinstance(e, InvocationStarted)}
    return [InvocationStarted(inv="r", parent=None, start=0, end=100, depth=0, mode="fold"),
            *children_events,
            *(ChildFinished(inv="r", child=k.inv, status=k.status, start=starts[k.inv].start,
                            end=starts[k.inv].end) for k in kids),
            ProviderCall(inv="r", provider="p", model="m", purpose="fold", sent=[],
                         parts=parts),
            InvocationFinished(inv="r", status="complete", coverage=1.0,
                               extraction={"headline": "all"})]


def _unproven(events: list[Any]) -> list[tuple[int, int]]:
    state = fold(events)
    return proves(state, state.nodes["r"], {}, lambda n: False)


def test_an_honest_fold_is_proven() -> None:
    kids = _leaf("r.0", (0, 50)) + _leaf("r.1", (50, 100))
    assert _unproven(_events(*_root([(0, 50), (50, 100)], kids))) == []


def test_a_fold_sent_without_its_children_is_not_proven() -> None:
    kids = _leaf("r.0", (0, 50)) + _leaf("r.1", (50, 100))
    assert _unproven(_events(*_root([], kids))) == [(0, 100)]
    assert _unproven(_events(*_root([(0, 50)], kids))) == [(50, 100)]
    assert _unproven(_events(*_root([], []))) == [(0, 100)]  # a fold over no children


def test_a_failed_child_covers_nothing() -> None:
    kids = _leaf("r.0", (0, 50)) + _leaf("r.1", (50, 100), ok=False, status="failed")
    assert _unproven(_events(*_root([(0, 50), (50, 100)], kids))) == [(50, 100)]
    # a child claiming complete whose only call failed, or was sent nothing
    kids = _leaf("r.0", (0, 50)) + _leaf("r.1", (50, 100), ok=False)
    assert _unproven(_events(*_root([(0, 50), (50, 100)], kids))) == [(50, 100)]
    kids = _leaf("r.0", (0, 50)) + _leaf("r.1", (50, 100), sent=False)
    assert _unproven(_events(*_root([(0, 50), (50, 100)], kids))) == [(50, 100)]


def test_a_child_read_and_judged_of_no_substance_needs_no_carrying() -> None:
    """A chunk the model read and found nothing in (skipped) is left out of the fold and
    still counts as read; one that was never read does not."""
    skipped = _leaf("r.0", (0, 50))
    skipped[-1] = skipped[-1].model_copy(update={"extraction": {"skipped": True,
                                                                "skip_reason": "boilerplate"}})
    kids = skipped + _leaf("r.1", (50, 100))
    assert _unproven(_events(*_root([(50, 100)], kids))) == []
    unread = _leaf("r.0", (0, 50), sent=False)
    unread[-1] = unread[-1].model_copy(update={"extraction": {"skipped": True}})
    assert _unproven(_events(*_root([(50, 100)], unread + _leaf("r.1", (50, 100))))) == [(0, 50)]


async def test_a_reused_invocation_needs_the_calls_behind_it(tmp_path: Path) -> None:
    """A reused leaf whose key no earlier run completed is a contradiction; one whose key
    an earlier run proved holds."""
    from gapless.engine.core.events import RunStarted
    from gapless.engine.core.transcript import Transcript
    from gapless.engine.store import EventWriter, RunMeta

    t = Transcript(b"x" * 100)

    async def store_run(store: Store, run_id: str, events: list[Any]) -> None:
        writer = await EventWriter(store, transcript=t, meta=RunMeta(kind="summarize")).start()
        for e in events:
            writer(e)
        await writer.close()

    def reused_leaf(key: str) -> list[Any]:
        return [InvocationStarted(inv="r.1", parent="r", start=50, end=100, depth=1,
                                  mode="leaf"),
                InvocationFinished(inv="r.1", status="complete", coverage=1.0, reused=True,
                                   key=key, extraction={"headline": "h"})]

    def run(run_id: str, children: list[Any]) -> list[Any]:
        events = _events(*_root([(0, 50), (50, 100)], _leaf("r.0", (0, 50)) + children))
        events[0] = RunStarted(run_id=run_id, source="", input_bytes=100, strategy="tree",
                               provider="p", model="m", context_tokens=1000)
        for i, e in enumerate(events, 1):
            e.seq = i
        return events

    async with await Store.open(tmp_path / "r.db") as store:
        await store_run(store, "aaaaaaaaaaa1", run("aaaaaaaaaaa1", reused_leaf("k" * 32)))
        [lonely] = await verify_runs(store, check_source=False)
        assert not lonely.holds
        assert any("reused, but no earlier run proves it" in c for c in lonely.contradictions)
        honest = _leaf("r.1", (50, 100))
        honest[-1] = honest[-1].model_copy(update={"key": "k" * 32})
        await store_run(store, "aaaaaaaaaaa2", run("aaaaaaaaaaa2", honest))
        verdicts = {v.run_id: v for v in await verify_runs(store, check_source=False)}
        assert verdicts["aaaaaaaaaaa2"].holds
        assert verdicts["aaaaaaaaaaa1"].holds  # its reuse is now proven by the other run
