"""What an invocation's result is remembered by: its outcome, the memo, and the memo keys.

A completed invocation's extraction is kept under a key made of everything its result
depends on (:func:`memo_key`), so a resumed or re-run scope is not sent again. A key is
not trusted alone: each entry carries the hash of the bytes it read (:func:`source_hash`,
recorded in the donor's own events), and a memo answers only a caller whose bytes hash the
same, so a wrong key (a bug, a tampered row) costs a call instead of a false ``complete``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from gapless.engine.core.events import Status
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.memo_entry import MemoEntry, source_hash

__all__ = ["Memo", "MemoEntry", "MemoKind", "MemoryMemo", "Outcome", "complete_spans",
           "memo_key", "source_hash"]
from gapless.engine.core.spans import Span, merge

PROMPT_VERSION = "v1"
MemoKind = Literal["leaf", "plan", "fold"]  # what a memo key is the result of


class Memo(Protocol):
    """Results of completed invocations, so a resumed or re-run scope is not sent again;
    ``turns``: the answers of the resumed runs' planning turns, by turn key."""

    turns: dict[str, str]

    async def get(self, key: str, source_hash: str) -> Extraction | None:
        """The result under ``key`` whose bytes hash to ``source_hash``, or None."""
        ...

    async def put(self, key: str, entry: MemoEntry) -> None: ...

    async def reported(self, key: str) -> tuple[int, int] | None:
        """The prompt bytes and tokens the server reported for the call that made the leaf
        result under ``key`` (a leaf reused measures nothing else), or None."""
        ...


class MemoryMemo:
    def __init__(self) -> None:
        self.data: dict[str, MemoEntry] = {}
        self.turns: dict[str, str] = {}

    async def get(self, key: str, source_hash: str) -> Extraction | None:
        hit = self.data.get(key)
        return hit.extraction if hit is not None and hit.source_hash == source_hash else None

    async def put(self, key: str, entry: MemoEntry) -> None:
        self.data[key] = entry

    async def reported(self, key: str) -> tuple[int, int] | None:
        return None


@dataclass
class Outcome:
    """How an invocation ended, as its parent needs to know it."""

    inv: str
    scope: Span
    status: Status
    extraction: Extraction | None = None
    gaps: list[Span] = field(default_factory=list)
    key: str = ""
    reason: str = ""

    @property
    def complete(self) -> bool:
        return self.status == "complete"


def complete_spans(outcomes: Sequence[Outcome]) -> list[Span]:
    return merge(o.scope for o in outcomes if o.complete)


def memo_key(kind: MemoKind, *parts: bytes, question: str | None, instructions: str,
             context_tokens: int, revision: str = "") -> str:
    """What a completed invocation's result depends on. The provider is left out on
    purpose: re-running a failed scope with another model keeps the completed work of
    the first; resume only draws on runs of the same provider (see the fingerprint).
    ``revision`` is the code that wrote the answer, where code writes it
    (:mod:`~engine.run.revision`); a model's keys carry none, so they stay as they were."""
    h = hashlib.sha256()
    for p in (
        kind.encode(),
        PROMPT_VERSION.encode(),
        (question or "").encode(),
        instructions.encode(),
        str(context_tokens).encode(),
        *((revision.encode(),) if revision else ()),
        *parts,
    ):
        h.update(len(p).to_bytes(8, "little"))
        h.update(p)
    return h.hexdigest()[:32]
