"""Planning a stored run does not hold the event loop: the workbench awaits the plan before
a launch, and on a large input the planner's own work would freeze every key and redraw."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from gapless.engine import Settings
from gapless.engine.store import Store
from gapless.engine.usecases import plan as plan_module
from tests.support.helpers import make_transcript


async def test_the_loop_keeps_turning_while_a_run_is_planned(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = plan_module.plan_transcript

    def slow_plan(*args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.6)  # a large input's planning, CPU-bound
        return real(*args, **kwargs)

    monkeypatch.setattr(plan_module, "plan_transcript", slow_plan)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.02)
            ticks += 1

    store = await Store.open(tmp_path / "g.db")
    task = asyncio.create_task(ticker())
    try:
        plan = await plan_module.plan_run(store, make_transcript(20, 40),
                                          Settings(provider="extractive"))
    finally:
        task.cancel()
        await store.close()
    assert plan.calls > 0
    assert ticks >= 10  # ~30 had the loop been free the whole time; 0 when it was held
