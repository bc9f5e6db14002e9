"""The built-in offline provider: deterministic, no server, no key, real summaries.

It plays the same protocol as a model, reading only what the prompt shows it: fenced
transcript blocks for leaves, child extractions for folds, and the plain state lines of
planning prompts (it reads small gaps and spawns halves of large ones).
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from engine.core.extraction import Extraction
from engine.core.tokens import estimate_tokens
from engine.extractive import fold_extractions, summarize_text
from engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError
from engine.run.prompts import child_extractions, data_blocks, parse_spans, parse_state

_QUESTION = re.compile(r"^Question to answer from this material: (.*)$", re.M)
_LIMIT = re.compile(r"under (\d+) characters")


class ExtractiveProvider(Provider):
    name = "extractive"

    def __init__(self, model: str = "extractive-v1") -> None:
        self.model = model

    async def complete(self, request: ModelRequest) -> ModelReply:
        # CPU-bound: run it off the event loop, so writers and screens keep their turns.
        text = await asyncio.to_thread(self.answer, request)
        return ModelReply(
            text=text,
            tokens_in=estimate_tokens(request.system) + estimate_tokens(request.prompt),
            tokens_out=estimate_tokens(text),
            model=self.model,
            estimated=True,
        )

    def answer(self, request: ModelRequest) -> str:
        """The reply text for one request (synchronous: pure CPU work)."""
        prompt = request.prompt
        qm = _QUESTION.search(prompt)
        question = qm.group(1) if qm else None
        lm = _LIMIT.search(prompt)
        limit = int(lm.group(1)) if lm else 1200
        if request.purpose == "plan":
            return json.dumps(self._plan(prompt))
        blocks = data_blocks(prompt)
        children = child_extractions(prompt)
        if request.purpose in ("fold", "compose") or children:
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
            if request.purpose == "ping":
                return '{"ok": true}'
            raise ProviderError("the prompt holds no transcript data to summarize")
        return _dump(result)

    @staticmethod
    def _plan(prompt: str) -> dict[str, Any]:
        """Cover every gap: read small ones, spawn pieces of large ones, then finish."""
        state = parse_state(prompt)
        try:
            size = int(state["scope_bytes"])
            window = int(state["read_window"])
            max_spawn = int(state.get("max_spawn_bytes", str(size // 2)))
            token = state["coherence_token"]
        except (KeyError, ValueError):
            return {"reasoning": "no state lines", "actions": [{"action": "done"}]}
        gaps = parse_spans(state.get("uncovered", ""))
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


def _dump(extraction: Extraction) -> str:
    return extraction.model_dump_json()
