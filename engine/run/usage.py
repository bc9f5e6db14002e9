"""The usage the replies reported, kept as rows a model of the server's counts is fitted to.

A server without a tokenizer endpoint tells how it counts only in the usage of its replies.
Each leaf's reply (and each probe of a leaf's prompt) is a row — its whole prompt's
characters, bytes past a character's first, and the prompt tokens reported — kept in order
and by the leaf's scope, so that a plan can be fitted to chosen leaves (the same ones when a
resumed run plans again) and a leaf's prompt checked, before it is sent, against a model
fitted to every row so far (:mod:`engine.run.token_model`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from gapless.engine.core.spans import Span
from gapless.engine.run.token_model import TokenModel, continuing_marks, usage_model

Row = tuple[int, int, int]  # (characters, bytes past a character's first, tokens)


class UsageRows:
    """The rows of one run's input (``data``: its bytes)."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._marks: bytes | None = None
        self._all: list[Row] = []
        self._by_scope: dict[Span, Row] = {}
        self._model: TokenModel | None = None
        self._fitted_to = 0
        self._came = asyncio.Event()

    def add(self, row: Row, scope: Span) -> None:
        """The usage reported for the prompt of the leaf over ``scope`` (its first kept)."""
        self._all.append(row)
        self._by_scope.setdefault(scope, row)
        self._came.set()

    def of(self, scope: Span) -> Row | None:
        return self._by_scope.get(scope)

    def extra(self, span: Span) -> int:
        """The bytes of the input's ``span`` that continue a character."""
        return self._input_marks().count(1, *span)

    def within(self, span: Span) -> list[Span]:
        """The leaves inside ``span`` with a row, in order (the leaf over it, or the parts it
        was split into when its prompt did not fit)."""
        return sorted(s for s in self._by_scope if span[0] <= s[0] and s[1] <= span[1])

    def fit(self, scopes: Sequence[Span] | None = None) -> TokenModel | None:
        """The model fitted to the rows of these leaves (None: to every row so far, fitted
        again as rows come); None before any."""
        if scopes is not None:
            rows = [self._by_scope[s] for s in scopes if s in self._by_scope]
            return usage_model(rows, self._input_marks()) if rows else None
        if not self._all:
            return None
        if self._fitted_to != len(self._all):
            self._model = usage_model(self._all, self._input_marks())
            self._fitted_to = len(self._all)
        return self._model

    def miss(self, scopes: Sequence[Span]) -> float:
        """How far over the model fitted to these leaves' rows the count reported for any of
        their prompts was, as a fraction of the model's (0 when none was over)."""
        model = self.fit(scopes)
        rows = [self._by_scope[s] for s in scopes if s in self._by_scope]
        if model is None or not rows:
            return 0.0
        return max(0.0, *(t / max(1e-9, model.text_tokens(c, x)) - 1 for c, x, t in rows))

    async def wait(self, scopes: Sequence[Span], over: Callable[[Span], bool],
                   until: asyncio.Future[Any]) -> None:
        """Until each leaf over one of ``scopes`` has its row or is ``over`` (reused,
        failed), or ``until`` is done."""
        def waiting() -> bool:
            return not until.done() and any(s not in self._by_scope and not over(s)
                                            for s in scopes)

        while waiting():
            self._came.clear()
            came = asyncio.ensure_future(self._came.wait())
            try:
                await asyncio.wait([came, until], return_when=asyncio.FIRST_COMPLETED)
            finally:
                came.cancel()

    def _input_marks(self) -> bytes:
        if self._marks is None:
            self._marks = continuing_marks(self._data)
        return self._marks
