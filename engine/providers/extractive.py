"""The built-in offline provider: deterministic, no server, no key, real summaries.

It plays the same protocol as a model, from what the prompt shows it, as the request's
typed description states it (never from the prompt's wording): transcript blocks for
leaves, child extractions for folds, and the state of planning turns (it reads small gaps
and spawns halves of large ones). A request without a description (from an outside caller,
such as a test server replaying what a model was sent) is described by the ``describe``
function it was given (``engine.run.prompts.describe_prompt`` reads the prompt's wording),
or else taken as a connection check: providers sit below the run and never import it.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gapless.engine.core.tokens import estimate_tokens, tokens_to_bytes
from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.extractive.fit import dump, fit_answer
from gapless.engine.providers.base import (
    ModelReply,
    ModelRequest,
    PlanState,
    Provider,
    ProviderError,
    TaskSpec,
)

DEFAULT_SUMMARY_CHARS = 1200  # when a request does not say how long the summary may be


class ExtractiveProvider(Provider):
    name = "extractive"

    def __init__(self, model: str = "extractive-v1", *,
                 describe: Callable[[str, str], TaskSpec] | None = None,
                 within_max_tokens: bool = False, off_loop: bool = False) -> None:
        self.model = model
        self._describe = describe
        # a front end whose screen shares the event loop (the workbench) has answers made
        # in a thread of their own, so it keeps its turns while one is made; without a
        # screen an answer is made in place, which costs the run less (handing every answer
        # to a thread and back about doubles the engine's CPU per call: bench/RESULTS.md)
        self.off_loop = off_loop
        # playing a model behind a server, whose answer cannot run past ``max_tokens``: the
        # answer is cut to fit (in process, nothing cuts it, so it stays whole)
        self._within_max_tokens = within_max_tokens

    @property
    def writes_from_data(self) -> bool:
        return True

    async def complete(self, request: ModelRequest) -> ModelReply:
        if not self.off_loop:
            # the run's other tasks (writers, a concurrent leaf, a cancel) get their turn
            # first; the answer itself is pure CPU, tens of milliseconds at most
            await asyncio.sleep(0)
            return self.reply(request)
        # off the event loop, in one thread: pure Python gains nothing from more (they
        # would only take turns at the GIL, switching among themselves)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(_worker(), functools.partial(
            contextvars.copy_context().run, self.reply, request))

    def reply(self, request: ModelRequest) -> ModelReply:
        """The reply to one request, its tokens estimated (synchronous, like ``answer``)."""
        text = self.answer(request)
        return ModelReply(
            text=text,
            tokens_in=estimate_tokens(request.system) + estimate_tokens(request.prompt),
            tokens_out=estimate_tokens(text),
            model=self.model,
            estimated=True,
        )

    def answer(self, request: ModelRequest) -> str:
        """The reply text for one request (synchronous: pure CPU work)."""
        task = request.task
        if task is None:
            task = (self._describe(request.purpose, request.prompt) if self._describe
                    else TaskSpec(kind="ping" if request.purpose == "ping" else "leaf"))
        if task.kind == "plan":
            return json.dumps(self._plan(task.plan))
        question = task.question
        limit = DEFAULT_SUMMARY_CHARS if task.summary_chars is None else task.summary_chars
        blocks = task.blocks
        children = task.children
        if task.kind == "fold" or children:
            parts = [ex for _, ex in children]
            parts += [
                summarize_text(b.text, b.offset, max_summary_chars=limit, question=question)
                for b in blocks
            ]
            result = fold_extractions(parts, max_summary_chars=limit, question=question)
        elif blocks:
            if len(blocks) == 1:
                b = blocks[0]
                result = summarize_text(b.text, b.offset, max_summary_chars=limit,
                                        question=question)
            else:
                result = fold_extractions(
                    [summarize_text(b.text, b.offset, max_summary_chars=limit,
                                    question=question) for b in blocks],
                    max_summary_chars=limit,
                    question=question,
                )
        else:
            if task.kind == "ping":
                return '{"ok": true}'
            raise ProviderError("the prompt holds no transcript data to summarize")
        if task.figures:
            result = result.model_copy(update={"stats": None})
        if self._within_max_tokens:  # at the conservative ratio
            return dump(fit_answer(result, tokens_to_bytes(request.max_tokens)))
        return result.model_dump_json()

    @staticmethod
    def _plan(state: PlanState | None) -> dict[str, Any]:
        """Cover every gap: read small ones, spawn pieces of large ones, then finish."""
        if state is None:
            return {"reasoning": "no state lines", "actions": [{"action": "done"}]}
        size, window = state.scope_bytes, state.read_window
        max_spawn, token = state.max_spawn_bytes, state.coherence_token
        gaps = state.uncovered
        if not gaps:
            return {"reasoning": "all covered", "actions": [
                {"action": "done", "coherence_token": token}]}
        actions: list[dict[str, Any]] = []
        for start, end in gaps:
            if end - start <= window:
                actions.append({"action": "read_range", "start": start, "end": end})
                continue
            piece = max(1, min(max_spawn, size // 2))
            pieces = -(-(end - start) // piece)
            step = -(-(end - start) // pieces)
            for s in range(start, end, step):
                actions.append({"action": "spawn", "start": s, "end": min(end, s + step)})
        return {"reasoning": f"covering {len(gaps)} gap(s)", "actions": actions}


_WORKER: ThreadPoolExecutor | None = None
_WORKER_LOCK = threading.Lock()


def _worker() -> ThreadPoolExecutor:
    """The one thread offline answers are made in (shared by every run of the process)."""
    global _WORKER
    with _WORKER_LOCK:
        if _WORKER is None:
            _WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="extractive")
        return _WORKER
