"""Where offline answers are made: in place on the event loop for a run without a screen
(the cheaper way), in one thread of their own when a screen shares the loop (the
workbench, and ``gapless serve``, which runs it)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.providers.base import ModelRequest, TaskSpec
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.factory import make_provider
from gapless.tui.workbench import Workbench

PING = ModelRequest("ping", "", "", task=TaskSpec(kind="ping"))


class Watched(ExtractiveProvider):
    """Notes the thread each answer is made in."""

    def __init__(self, *, off_loop: bool) -> None:
        super().__init__(off_loop=off_loop)
        self.seen: list[str] = []

    def answer(self, request: ModelRequest) -> str:
        self.seen.append(threading.current_thread().name)
        return super().answer(request)


async def test_without_a_screen_answers_are_made_in_place_and_others_get_their_turn() -> None:
    provider = Watched(off_loop=False)
    order: list[str] = []

    async def run() -> None:  # one call after another, as a run's leaves go
        for _ in range(4):
            reply = await provider.complete(PING)
            assert reply.text == '{"ok": true}'
            order.append("answer")

    async def other_task() -> None:  # a writer, a progress line: its turns come between
        for _ in range(4):
            order.append("other")
            await asyncio.sleep(0)

    await asyncio.gather(run(), other_task())
    assert provider.seen == [threading.current_thread().name] * 4
    assert order[:4] == ["other", "answer", "other", "answer"]


async def test_with_a_screen_answers_are_made_off_the_loop_in_one_thread() -> None:
    provider = Watched(off_loop=True)
    replies = await asyncio.gather(*(provider.complete(PING) for _ in range(6)))
    assert all(r.text == '{"ok": true}' for r in replies)
    assert len(provider.seen) == 6 and len(set(provider.seen)) == 1
    assert provider.seen[0] != threading.current_thread().name


def test_the_workbench_keeps_its_loop_free_and_the_command_line_does_not(
        tmp_path: Path) -> None:
    settings = Settings()
    bench = Workbench(db_path=tmp_path / "g.db", settings=settings,
                      config_file=tmp_path / "none.toml")
    on_screen = bench.make_provider(settings)
    assert isinstance(on_screen, ExtractiveProvider) and on_screen.off_loop
    plain = make_provider(settings)
    assert isinstance(plain, ExtractiveProvider) and not plain.off_loop
