"""Replays canned model answers: for tests, demos and adversarial models."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from gapless.engine.core.tokens import estimate_tokens
from gapless.engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError

Policy = Callable[[ModelRequest, int], str]


class ScriptedProvider(Provider):
    """Answers from a list (in order) or from a policy function of (request, call index).

    A list item that is an exception instance is raised instead of answered, so failures
    can be scripted too.
    """

    name = "scripted"

    def __init__(
        self,
        responses: Sequence[str | BaseException] | None = None,
        *,
        policy: Policy | None = None,
        model: str = "scripted",
        delay: float = 0.0,
    ) -> None:
        if (responses is None) == (policy is None):
            raise ValueError("give either responses or a policy")
        self._responses = list(responses or [])
        self._policy = policy
        self.model = model
        self.delay = delay
        self.calls = 0
        self.requests: list[ModelRequest] = []
        self._lock = asyncio.Lock()

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedProvider:
        """A JSON list of answers (strings, or objects that are sent as JSON)."""
        try:
            raw = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise ValueError(f"No such script file: {path}") from exc
        except (OSError, ValueError) as exc:
            raise ValueError(f"The script file {path} is not a JSON list: {exc}") from exc
        if not isinstance(raw, list):
            raise ValueError(f"The script file {path} must hold a JSON list of answers")
        return cls([r if isinstance(r, str) else json.dumps(r) for r in raw])

    async def complete(self, request: ModelRequest) -> ModelReply:
        async with self._lock:
            index = self.calls
            self.calls += 1
            self.requests.append(request)
        if self.delay:
            await asyncio.sleep(self.delay)
        if self._policy is not None:
            text = self._policy(request, index)
        else:
            if index >= len(self._responses):
                raise ProviderError(f"the script has no answer for call {index + 1}")
            item = self._responses[index]
            if isinstance(item, BaseException):
                raise item
            text = item
        return ModelReply(
            text=text,
            tokens_in=estimate_tokens(request.system) + estimate_tokens(request.prompt),
            tokens_out=estimate_tokens(text),
            model=self.model,
            estimated=True,
        )
