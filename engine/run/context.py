"""The run context shared by every strategy: one run's calls, memo, events and finishing.

:class:`RunContext` stands on two floors of its own: the call site (:mod:`engine.run.calls`:
budgets, concurrency, the window check, the record of every call, calibration) and the
answers (:mod:`engine.run.answers`: usable or not, the corrective retry). It adds the memo
keys (:mod:`engine.run.memo`) and each invocation's start and finish, where a claim of
``complete`` is checked against the ledger (:mod:`engine.core.proof`). The leaf is read in
:mod:`engine.run.leaf`, children are folded in :mod:`engine.run.fold`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.core.events import (
    ChildFinished,
    InvocationFinished,
    InvocationStarted,
    Mode,
    SpanRead,
    Status,
)
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.proof import available, composed_cover, intersect
from gapless.engine.core.spans import Span, coverage_ratio, format_spans, residual_gaps
from gapless.engine.core.state import NodeState, RunState
from gapless.engine.run.answers import Answering
from gapless.engine.run.calls import TOKEN_MASK, RunSetup
from gapless.engine.run.memo import (
    Memo,
    MemoEntry,
    MemoKind,
    MemoryMemo,
    Outcome,
    memo_key,
    source_hash,
)
from gapless.engine.run.revision import answers_revision


def _trust(_node: NodeState) -> bool:
    """The engine trusts its memo: a hit is the result of a completed invocation (the
    verifier finds that invocation again)."""
    return True


def node_cover_now(state: RunState, node: NodeState, known: dict[str, list[Span]], *,
                   verbatim: bool = False) -> list[Span]:
    """The proven cover of a node about to finish complete (its finish not folded yet)."""
    if verbatim and node.mode == "compact":
        return [node.scope]
    return composed_cover(state, node, known, _trust)


@dataclass(frozen=True, slots=True)
class Place:
    """Where an invocation sits in its run's tree: its id, its parent's, its depth."""

    inv: str
    parent: str | None = None
    depth: int = 0

    def child(self, i: int) -> Place:
        """The place of this invocation's ``i``-th child."""
        return Place(f"{self.inv}.{i}", self.inv, self.depth + 1)


ROOT_PLACE = Place("r")


@dataclass(frozen=True, slots=True)
class Opening:
    """How an invocation opens: its depth and mode, the question it answers, the actions
    it may take, and whether the engine (not a model) spawned it."""

    depth: int
    mode: Mode
    question: str | None = None
    action_budget: int = 0
    engine_spawned: bool = False


@dataclass(frozen=True, slots=True)
class Ending:
    """How an invocation ends: its status, what it covered when not complete, its answer
    when complete (with its memo key and the hash of the bytes it read), why, whether it
    was reused, and whether its scope is kept verbatim (compaction's recent turns)."""

    status: Status
    covered: Sequence[Span] = ()
    extraction: Extraction | None = None
    key: str = ""
    reason: str = ""
    reused: bool = False
    source_run: str | None = None
    verbatim: bool = False
    scope_hash: str | None = None


class RunContext(Answering):
    """Everything one run shares: transcript, provider, limits, budget, memo and events."""

    def __init__(self, setup: RunSetup, *, question: str | None = None,
                 instructions: str = "", memo: Memo | None = None) -> None:
        super().__init__(setup)
        self.question = question
        self.instructions = instructions
        self.memo: Memo = memo if memo is not None else MemoryMemo()
        # each finished node's proven cover (engine.core.proof), children before parents
        self.proven: dict[str, list[Span]] = {}
        self._fold_lines = 0  # fold answers seen, and their lines' bytes (without anchors)
        self._fold_line_bytes = 0
        # scope hashes made before a node's call (reuse), taken again when it is remembered
        self._hashes: dict[Span, str] = {}
        self._revision = answers_revision(self.provider.name)  # the code behind an answer

    # fold answers -------------------------------------------------------------------------
    def note_fold_line(self, size: int) -> None:
        """Remember how large a fold's answer was (its line without anchors), so later
        fold packing counts merged batches at their real size."""
        self._fold_lines += 1
        self._fold_line_bytes += size

    def fold_line_estimate(self, budget: int) -> int:
        """The size a merged batch is counted at before its answer exists: what fold
        answers have had in this run, else a full summary and its fields."""
        if self._fold_lines:
            return min(budget // 2, self._fold_line_bytes // self._fold_lines)
        return min(budget // 2, 2 * self.capacity.summary_chars + 600)

    # keys and memo ------------------------------------------------------------------------
    def _key(self, kind: MemoKind, *parts: bytes) -> str:
        """What a completed invocation's result depends on (:func:`~engine.run.memo.memo_key`):
        this run's question, instructions and window, and ``parts``."""
        return memo_key(kind, *parts, question=self.question, instructions=self.instructions,
                        context_tokens=self.capacity.context_tokens, revision=self._revision)

    def scope_key(self, kind: MemoKind, scope: Span, question: str | None) -> str:
        s, e = scope
        return self._key(
            kind, f"{s}:{e}".encode(), (question or "").encode(), self.transcript.data[s:e]
        )

    def fold_key(self, children: Sequence[Outcome]) -> str:
        return self._key("fold", *(c.key.encode() for c in children))

    def turn_key(self, plan_key: str, turn: int) -> str:
        """Where a planning turn's answer is kept: the model, the plan (its memo key: scope,
        bytes, question, settings) and the turn's number (its coherence token is fresh per
        invocation, so it is masked in the answer instead)."""
        return source_hash(f"{self.provider.name}\0{self.provider.model}\0{plan_key}\0"
                           f"{turn}".encode())

    def replayed(self, key: str, token: str) -> str | None:
        """A resumed run's answer to this very planning turn, with this invocation's token
        (None when no resumed run asked it)."""
        answer = self.memo.turns.get(key)
        return answer.replace(TOKEN_MASK, token) if answer is not None else None

    def scope_hash(self, scope: Span, *, last: bool = False) -> str:
        """The hash of the scope's bytes, which a reused result must have read too. Made
        once for a node (a fold's scope is its whole subtree's bytes); ``last``: the node's
        last use of it."""
        hit = self._hashes.pop(scope, None) if last else self._hashes.get(scope)
        if hit is None:
            hit = source_hash(self.transcript.data[scope[0]:scope[1]])
            if not last:
                self._hashes[scope] = hit
        return hit

    # invocation lifecycle -----------------------------------------------------------------
    def start(self, inv: str, parent: str | None, scope: Span, opening: Opening) -> None:
        self.emit(
            InvocationStarted(
                inv=inv,
                parent=parent,
                start=scope[0],
                end=scope[1],
                depth=opening.depth,
                mode=opening.mode,
                question=opening.question,
                action_budget=opening.action_budget,
                engine_spawned=opening.engine_spawned,
            )
        )

    def finish(self, inv: str, scope: Span, ending: Ending) -> Outcome:
        """Emit the end of an invocation. Only a complete one carries an extraction.

        The claim is checked against the ledger first (:mod:`engine.core.proof`): a node
        whose bytes did not all reach a successful call of its own, or of a proven complete
        child whose extraction one of them carried, is refused ``complete`` and ends
        incomplete over what was proven; an incomplete node claims no more than that."""
        status, covered, extraction = ending.status, ending.covered, ending.extraction
        key, reason, reused, verbatim = ending.key, ending.reason, ending.reused, ending.verbatim
        node = self.state.nodes.get(inv)
        if status == "complete" and not reused and node is not None:
            cover = node_cover_now(self.state, node, self.proven, verbatim=verbatim)
            missing = residual_gaps(scope, cover)
            self.proven[inv] = cover
            if missing:
                status, covered = "incomplete", cover
                reason = (f"refused complete: no successful call read {format_spans(missing)}"
                          + (f"; {reason}" if reason else ""))
        if status == "complete":
            gaps: list[Span] = []
            coverage = 1.0
        else:
            extraction = None
            covered = covered if status == "incomplete" else ()
            if node is not None and covered:
                covered = intersect(covered, available(self.state, node, self.proven, _trust))
            gaps = residual_gaps(scope, covered)
            coverage = coverage_ratio(scope, covered)
        self.emit(
            InvocationFinished(
                inv=inv,
                status=status,
                coverage=coverage,
                gaps=gaps,
                extraction=extraction.model_dump() if extraction else None,
                reason=reason,
                reused=reused,
                key=key if status == "complete" else "",
                source_run=ending.source_run,
                verbatim=verbatim and status == "complete",
                source_hash=(ending.scope_hash or self.scope_hash(scope, last=True))
                if status == "complete"
                else "",
            )
        )
        self._hashes.pop(scope, None)
        return Outcome(inv, scope, status, extraction, gaps, key, reason)

    def child_finished(self, parent: str, outcome: Outcome) -> None:
        self.emit(
            ChildFinished(
                inv=parent,
                child=outcome.inv,
                status=outcome.status,
                start=outcome.scope[0],
                end=outcome.scope[1],
            )
        )

    def read(self, inv: str, span: Span) -> None:
        self.emit(SpanRead(inv=inv, start=span[0], end=span[1]))

    async def reuse(self, inv: str, scope: Span, key: str) -> Outcome | None:
        """Finish from the memo if this exact work completed before: the same key *and* the
        same bytes (the donor's recorded hash against this scope's), never the key alone."""
        mine = self.scope_hash(scope)
        hit = await self.memo.get(key, mine)
        if hit is None:
            return None
        return self.finish(inv, scope, Ending("complete", extraction=hit, key=key,
                                              reason="reused a completed invocation",
                                              reused=True, scope_hash=mine))

    async def remember(self, key: str, scope: Span, extraction: Extraction) -> str:
        """Keep a completed result in the memo with its bytes' hash (returned)."""
        mine = self.scope_hash(scope, last=True)
        await self.memo.put(key, MemoEntry(extraction, mine))
        return mine

    async def complete(self, inv: str, scope: Span, extraction: Extraction, key: str) -> Outcome:
        mine = await self.remember(key, scope, extraction)
        return self.finish(inv, scope, Ending("complete", extraction=extraction, key=key,
                                              scope_hash=mine))
