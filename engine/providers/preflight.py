"""A run's pre-flight, started before the input is rendered.

``gapless summarize PATH`` renders its input (a large session takes a few tenths of a
second) and plans before its run asks whether the server answers (and has the model). The
question does not depend on the input, so the command starts it first, in flight while the
input is rendered; the run then takes its answer instead of asking again. A pre-flight no
run takes (the input failed to load, a finished run was reused) is cancelled, its answer
dropped: a dead server never fails a command that sends nothing.
"""

from __future__ import annotations

import asyncio

from gapless.engine.config import Settings
from gapless.engine.providers.base import Provider
from gapless.engine.providers.factory import make_provider

__all__ = ["Preflight", "start_preflight", "take_preflight"]

_STARTED: dict[str, asyncio.Task[Provider]] = {}
# seconds a pre-flight has the process to itself (a server on this machine or the LAN
# answers well within it; a far one's request has left by then)
HEAD_START = 0.1


def _key(settings: Settings) -> str:
    return settings.model_dump_json()  # (the same server, model, key and options)


async def _checked(settings: Settings) -> Provider:
    provider = make_provider(settings)
    try:
        await provider.check_reachable()
    except BaseException:
        await provider.aclose()
        raise
    return provider


class Preflight:
    """The pre-flight of ``settings``'s server, in flight from its start until a run takes
    it (:func:`take_preflight`: the run then owns its provider) or the block that started
    it ends (its provider closed, its answer dropped)."""

    def __init__(self, settings: Settings) -> None:
        self._key = _key(settings)
        self._task: asyncio.Task[Provider] = asyncio.ensure_future(_checked(settings))
        _STARTED[self._key] = self._task

    async def __aenter__(self) -> Preflight:
        return self

    async def head_start(self, seconds: float = HEAD_START) -> None:
        """Give the pre-flight the process until it is answered or ``seconds`` pass: work
        started in a thread meanwhile (importing modules, rendering) holds the interpreter's
        lock, and the request would wait for it to finish before it left."""
        await asyncio.wait({self._task}, timeout=seconds)

    async def __aexit__(self, *exc: object) -> None:
        if _STARTED.get(self._key) is not self._task:
            return  # taken: the run that took it closes its provider
        del _STARTED[self._key]
        if not self._task.done():
            self._task.cancel()
        try:
            provider = await self._task
        except BaseException:  # (its answer, an error or a cancellation, is dropped)
            return
        await provider.aclose()


def start_preflight(settings: Settings) -> Preflight:
    """Start the pre-flight of ``settings``'s server (use as ``async with``)."""
    return Preflight(settings)


def take_preflight(settings: Settings) -> asyncio.Task[Provider] | None:
    """The pre-flight started for these settings, taken once (None when none was): awaited,
    the provider it checked, which the taker then owns."""
    return _STARTED.pop(_key(settings), None)
