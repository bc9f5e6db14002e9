"""A live run collects garbage less often, and leaves the collector as it found it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.events import Event
from gapless.engine.run.collector import RUN_THRESHOLD, fewer_collections
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary


@pytest.fixture(autouse=True)
def default_threshold() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_raised_within_the_block_and_put_back_after() -> None:
    with fewer_collections():
        assert gc.get_threshold() == (RUN_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_overlapping_runs_put_it_back_when_the_last_ends() -> None:
    first = fewer_collections()
    second = fewer_collections()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert gc.get_threshold()[0] == RUN_THRESHOLD  # the second run is still live
    second.__exit__(None, None, None)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_choice_made_elsewhere_is_kept() -> None:
    gc.set_threshold(0, 10, 10)  # automatic collection turned off by the host: left off
    with fewer_collections():
        assert gc.get_threshold()[0] == 0
    gc.set_threshold(100_000, 10, 10)  # already higher: left alone
    with fewer_collections():
        assert gc.get_threshold()[0] == 100_000
    gc.set_threshold(700, 10, 10)
    with fewer_collections():
        gc.set_threshold(2_000, 5, 5)  # changed while the run was live: not undone
    assert gc.get_threshold() == (2_000, 5, 5)


def test_put_back_when_the_block_raises() -> None:
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("boom")
    assert gc.get_threshold() == (700, 10, 10)


async def test_a_read_runs_with_it_raised_and_restores_it(tmp_path: Path) -> None:
    """Seen from the run's own events: raised while they are emitted, put back after,
    and after a read refused for a bad cursor."""
    log = tmp_path / "app.log"
    log.write_text("".join(f"2026-03-01T10:00:{i % 60:02d}Z INFO api ok id={i}\n"
                           for i in range(400)))
    seen: list[int] = []

    def sink(_: Event) -> None:
        seen.append(gc.get_threshold()[0])

    result = await read_summary(log, settings=Settings(), sinks=[sink])
    assert result.status == "complete"
    assert seen and set(seen) == {RUN_THRESHOLD}
    assert gc.get_threshold() == (700, 10, 10)
    with pytest.raises(Exception, match="cursor"):
        await read_summary(log, ReadOptions(cursor="not-a-cursor"), settings=Settings())
    assert gc.get_threshold() == (700, 10, 10)
