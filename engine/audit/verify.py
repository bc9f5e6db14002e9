"""``gapless verify``: check a stored run's claims against its ledger, from the database alone.

The engine refuses ``complete`` without proof as it runs; this is the same rule applied
afterwards by code that made none of the claims, so a bug in a strategy, a re-run or the
memo shows up as a contradiction instead of a confident summary. For each run: every node's
status against the byte ranges its successful calls were sent and the child extractions they
carried (:mod:`engine.core.proof`), reused invocations against the run (or memo entry) they
came from, the tree's shape, the run's own status, coverage and gaps, and whether the source
still holds the same bytes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gapless.engine.core.proof import available, kids, node_cover
from gapless.engine.core.spans import Span, coverage_ratio, format_spans, merge, residual_gaps
from gapless.engine.core.state import NodeState, RunState
from gapless.engine.registry import STRATEGIES, load
from gapless.engine.store import Store

# modes whose children the engine plans at most half their parent's scope (a split leaf's
# halves, a read's chunks and a compaction's parts are cut by other rules)
_HALVED = ("plan", "fold")
_FREE_CHILDREN = ("chunk", "compact")
_MAX_CANDIDATES = 8  # earlier invocations tried per reused one
_EPSILON = 1e-6

# What a front end knows how to say of a journal run's sessions (engine.journal.check)
GroupNote = Callable[[Store, RunState, "str | None"], Awaitable[str]]


def _whole_root(strategy: str) -> bool:
    """Whether a run of ``strategy`` must read the whole input from its root (a sequential
    read may start at a later chunk); an unknown strategy is held to it."""
    entry = STRATEGIES.find(strategy)
    return entry is None or entry.whole_root


@dataclass
class Verdict:
    """What ``verify`` found for one run: ``holds`` when no claim is contradicted."""

    run_id: str
    status: str
    coverage: float
    proven_coverage: float
    unproven: list[Span] = field(default_factory=list)
    contradictions: list[str] = field(default_factory=list)
    source: str = ""
    nodes: int = 0
    calls: int = 0
    reused: int = 0

    @property
    def holds(self) -> bool:
        return not self.contradictions

    def to_json(self) -> dict[str, Any]:
        return {"run_id": self.run_id, "holds": self.holds, "status": self.status,
                "coverage": self.coverage, "proven_coverage": self.proven_coverage,
                "unproven_spans": [list(s) for s in self.unproven],
                "contradictions": list(self.contradictions), "source": self.source,
                "nodes": self.nodes, "calls": self.calls, "reused": self.reused}


class Verifier:
    """Verifies runs of one store; loaded runs and resolved reuses are kept between runs."""

    def __init__(self, store: Store, *, check_source: bool = True,
                 group_note: GroupNote | None = None) -> None:
        self.store = store
        self.check_source = check_source
        self.group_note = group_note
        self._states: dict[str, RunState | None] = {}
        self._known: dict[str, dict[str, list[Span]]] = {}
        self._resolved: dict[str, dict[str, bool]] = {}
        self._stack: set[tuple[str, str]] = set()

    async def _state(self, run_id: str) -> RunState | None:
        if run_id not in self._states:
            self._states[run_id] = (await self.store.state(run_id)
                                    if await self.store.run(run_id) is not None else None)
        return self._states[run_id]

    # reused invocations ------------------------------------------------------------------
    async def _candidates(self, run_id: str, node: NodeState) -> list[tuple[str, str]]:
        """Where a reused node's proof may be: the run it was carried from, else the other
        completed invocations with its memo key."""
        if node.source_run:
            return [(node.source_run, node.inv)]
        found = await self.store.completed_with_key(node.key)
        return [c for c in found if c != (run_id, node.inv)][:_MAX_CANDIDATES]

    async def _resolve(self, run_id: str, state: RunState, top: str) -> None:
        """Decide, for every reused complete node under ``top``, whether its source proves
        it (depth first; a cycle proves nothing)."""
        resolved = self._resolved.setdefault(run_id, {})
        todo = [top]
        while todo:
            node = state.nodes.get(todo.pop())
            if node is None:
                continue
            todo.extend(kids(node))
            if not (node.reused and node.status == "complete") or node.inv in resolved:
                continue
            here = (run_id, node.inv)
            self._stack.add(here)
            ok = False
            for cand in await self._candidates(run_id, node):
                if (cand not in self._stack and await self._same_bytes(node, *cand)
                        and await self._proven(*cand)):
                    ok = True
                    break
            self._stack.discard(here)
            resolved[node.inv] = ok

    async def _same_bytes(self, node: NodeState, run_id: str, inv: str) -> bool:
        """Whether the donor's own finish event names the reused node's key and read the
        same bytes (its recorded hash); a node reused by a key alone proves nothing. Runs
        recorded before the hash existed are compared by key."""
        state = await self._state(run_id)
        donor = state.nodes.get(inv) if state is not None else None
        if donor is None:
            return False
        if node.source_run is None and donor.key != node.key:
            return False
        return not node.source_hash or donor.source_hash == node.source_hash

    async def _proven(self, run_id: str, inv: str) -> bool:
        """Whether invocation ``inv`` of run ``run_id`` is complete with proof."""
        state = await self._state(run_id)
        node = state.nodes.get(inv) if state is not None else None
        if state is None or node is None or node.status != "complete":
            return False
        await self._resolve(run_id, state, inv)
        return not residual_gaps(node.scope, self._cover(run_id, state, node))

    def _cover(self, run_id: str, state: RunState, node: NodeState) -> list[Span]:
        """A finished node's proven cover, its reused nodes as resolved for its run."""
        return node_cover(state, node, self._known.setdefault(run_id, {}),
                          self._reused_check(run_id))

    def _available(self, run_id: str, state: RunState, node: NodeState) -> list[Span]:
        """What a node that is not complete may honestly claim."""
        return available(state, node, self._known.setdefault(run_id, {}),
                         self._reused_check(run_id))

    def _reused_check(self, run_id: str) -> Callable[[NodeState], bool]:
        resolved = self._resolved.setdefault(run_id, {})
        return lambda n: resolved.get(n.inv, False)

    # one run -----------------------------------------------------------------------------
    async def verify(self, run_id: str) -> Verdict:
        row = await self.store.find_run(run_id)
        state = await self._state(row.id)
        assert state is not None  # find_run found it
        status = "interrupted" if row.interrupted else state.status
        verdict = Verdict(row.id, status, state.coverage, 0.0, nodes=len(state.nodes),
                          calls=state.calls,
                          reused=sum(1 for n in state.nodes.values() if n.reused))
        if state.root is not None:
            await self._resolve(row.id, state, state.root)
        for inv in state.order:
            self._check_node(row.id, state, state.nodes[inv], verdict.contradictions)
        self._check_run(row.id, state, verdict)
        verdict.contradictions += await self.store.projection_drift(row.id)
        if self.check_source:
            verdict.source = (await self.group_note(self.store, state, row.group_key)
                              if row.kind == "journal" and self.group_note is not None
                              else await self._source(row.kind, state))
        return verdict

    def _check_node(self, run_id: str, state: RunState, node: NodeState,
                    out: list[str]) -> None:
        name = f"{node.inv} ({node.mode})"
        parent = state.nodes.get(node.parent) if node.parent else None
        if node.parent and parent is None:
            out.append(f"{name} names a parent {node.parent!r} that is not in the run")
        if parent is not None:
            ps, pe = parent.scope
            if not (ps <= node.start <= node.end <= pe):
                out.append(f"{name} lies outside its parent {parent.inv}'s scope "
                           f"{format_spans([parent.scope])}")
            elif (parent.mode in _HALVED and node.mode not in _FREE_CHILDREN
                  and (node.end - node.start) * 2 > pe - ps):
                out.append(f"{name} is more than half of its parent {parent.inv}")
        for kid, span in zip(node.complete_kids, node.complete_children, strict=False):
            child = state.nodes.get(kid)
            if child is None or child.status != "complete" or child.scope != span:
                ended = (f"ended {child.status} over {format_spans([child.scope])}"
                         if child is not None else "is not in the run")
                out.append(f"{name} was told {kid} finished complete over "
                           f"{format_spans([span])}, but it {ended}")
        if node.status == "complete":
            missing = residual_gaps(node.scope, self._cover(run_id, state, node))
            if node.reused and missing:
                out.append(f"{name} was reused, but no earlier run proves it "
                           f"({'run ' + node.source_run if node.source_run else 'by its key'})")
            elif missing:
                unfinished = [k for k in kids(node)
                              if k in state.nodes and state.nodes[k].status != "complete"]
                extra = (f"; its children {', '.join(unfinished)} did not complete"
                         if unfinished else "")
                out.append(f"{name} claims complete, but no successful call read "
                           f"{format_spans(missing)}{extra}")
            elif node.extraction is None and not node.verbatim:
                out.append(f"{name} claims complete without an extraction")
        elif node.status == "incomplete":
            claimed = residual_gaps(node.scope, node.gaps)
            proof = self._available(run_id, state, node)
            beyond = [g for s in claimed for g in residual_gaps(s, proof)]
            if beyond:
                out.append(f"{name} claims {format_spans(merge(beyond))} covered, which no "
                           "successful call read")
        elif node.status == "failed" and residual_gaps(node.scope, node.gaps):
            out.append(f"{name} failed but claims to cover "
                       f"{format_spans(residual_gaps(node.scope, node.gaps))}")

    def _check_run(self, run_id: str, state: RunState, verdict: Verdict) -> None:
        out = verdict.contradictions
        whole: Span = (0, state.input_bytes)
        root = state.nodes.get(state.root or "")
        proven: list[Span] = []
        if root is not None:
            proven = (self._cover(run_id, state, root) if root.status == "complete" else
                      self._available(run_id, state, root))
        scope = root.scope if root is not None else whole
        verdict.unproven = residual_gaps(scope, proven)
        verdict.proven_coverage = coverage_ratio(scope, proven)
        claimed_gaps = merge(state.gaps)
        if state.status == "complete" or (state.status == "skipped" and root is not None):
            if root is None or root.status != "complete":
                out.append(f"the run claims {state.status}, but its root did not complete")
            elif verdict.unproven:
                out.append(f"the run claims {state.status}, but no successful call read "
                           f"{format_spans(verdict.unproven)}")
            if claimed_gaps or abs(state.coverage - 1.0) > _EPSILON:
                out.append(f"the run claims {state.status} with coverage {state.coverage:.4f} "
                           f"and gaps {format_spans(claimed_gaps)}")
            if root is not None and root.scope != whole and _whole_root(state.strategy):
                out.append(f"the root's scope {format_spans([root.scope])} is not the whole "
                           f"input {format_spans([whole])}")
        elif state.status in ("incomplete", "failed", "interrupted") and root is not None:
            hidden = [g for g in verdict.unproven if residual_gaps(g, claimed_gaps)]
            if hidden:
                out.append("the run's gaps leave out bytes no successful call read: "
                           f"{format_spans(merge(hidden))}")
            if state.coverage > verdict.proven_coverage + 1e-3:
                out.append(f"the run claims coverage {state.coverage:.4f}, but only "
                           f"{verdict.proven_coverage:.4f} is proven")
        if (state.status in ("complete", "incomplete", "failed", "interrupted")
                and root is not None):
            unread = residual_gaps(scope, state.read)
            outside = [g for u in unread for g in residual_gaps(u, claimed_gaps)]
            if outside:
                out.append(f"bytes {format_spans(merge(outside))} were never read, yet lie "
                           "in no gap the run reports")

    async def _source(self, kind: str, state: RunState) -> str:
        """Whether the source still holds the bytes the run read (a note, not a claim)."""
        from gapless.engine.sources import RenderOptions, load_transcript

        if not state.source:
            return "no source recorded"
        if kind == "journal":
            return "a journal group: its sessions are not checked here"
        path = Path(state.source)
        if not path.exists():
            return f"gone: {state.source} no longer exists"
        account = state.source_account
        own = STRATEGIES.find(kind)  # a run kind that names a strategy (compact) reads its own
        renders = own.source_bytes if own is not None else None
        hashed = kind in ("summarize", "rerun") or renders is not None
        if not hashed or account is None or not account.sha256:
            size = path.stat().st_size if path.is_file() else None
            if size is not None and kind == "read":
                same = size == state.input_bytes
                return "present, same size" if same else "changed: its size differs"
            return "present (this run keeps no SHA-256 to compare)"
        try:
            options = RenderOptions.from_settings(state.settings)
            if renders is not None:  # read as that strategy reads it
                data = load(renders)(path, options)
            else:
                data = load_transcript(path, options=options).data
        except Exception as exc:  # a source that no longer parses is a note, not a crash
            return f"changed: it no longer reads ({exc})"[:300]
        if hashlib.sha256(data).hexdigest() == account.sha256:
            return "unchanged (SHA-256 of its rendering matches)"
        return "changed: the SHA-256 of its rendering differs"


async def verify_runs(store: Store, run_ids: Iterable[str] | None = None, *,
                      check_source: bool = True,
                      group_note: GroupNote | None = None) -> list[Verdict]:
    """Verify the given runs (every run in the store when None), oldest first."""
    verifier = Verifier(store, check_source=check_source, group_note=group_note)
    ids = list(run_ids) if run_ids is not None else await store.run_ids()
    return [await verifier.verify(r) for r in ids]
