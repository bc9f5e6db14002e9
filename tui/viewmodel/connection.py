""""Test connection", shared by the Settings screen and the re-run dialog: is the server
there (one cheap GET, no retries, a few seconds at most), then one tiny request; the answer
is one sentence either way, never an exception's type and repr."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from gapless.engine import GaplessError, ModelRequest, Provider, Settings

REACH_SECONDS = 3.0  # a server that does not answer at all is said so within this
ANSWER_SECONDS = 30.0  # the tiny request's own limit (a slow model may take a while)


@dataclass
class ConnectionCheck:
    ok: bool
    sentence: str


def _one_sentence(text: str, limit: int = 240) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


async def check_connection(settings: Settings, factory: Callable[[Settings], Provider]
                           ) -> ConnectionCheck:
    """Reachability first (a refused port fails at once, a silent host within
    ``REACH_SECONDS``), then one request without retries: the model and latency, or why not."""
    quick = settings.model_copy(update={
        "max_retries": 0, "timeout_seconds": min(settings.timeout_seconds, ANSWER_SECONDS)})
    where = settings.base_url or settings.provider
    t0 = time.perf_counter()
    provider: Provider | None = None
    try:
        provider = factory(quick)
        try:
            await asyncio.wait_for(provider.check_reachable(), timeout=REACH_SECONDS)
        except TimeoutError:
            return ConnectionCheck(False, f"cannot connect to {where} — no answer within "
                                          f"{REACH_SECONDS:g} s; is the server running?")
        request = ModelRequest(purpose="ping", system="You are a connection check.",
                               prompt="Reply with the single word OK.", max_tokens=16)
        limit = quick.timeout_seconds
        try:
            reply = await asyncio.wait_for(provider.complete(request), timeout=limit + 1.0)
        except TimeoutError:
            return ConnectionCheck(False, f"{where} is there but its model did not answer "
                                          f"within {limit:g} s")
    except GaplessError as exc:
        return ConnectionCheck(False, _one_sentence(str(exc)))
    except Exception as exc:
        return ConnectionCheck(False, _one_sentence(
            f"the server at {where} did not give a usable answer: {exc}"))
    finally:
        if provider is not None:
            with contextlib.suppress(Exception):
                await provider.aclose()
    ms = (time.perf_counter() - t0) * 1000
    return ConnectionCheck(True, f"connected: {provider.name} model {reply.model or '?'} "
                                 f"answered in {ms:,.0f} ms: {reply.text.strip()[:60]!r}")
