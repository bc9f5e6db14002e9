"""A log's figures are the same in every window: the tree's leaves differ with the window,
and each mines the templates of its own records, yet the root's templates are mined from
the distinct messages of the whole log (LogStats.forms), in one order that no split
changes. Android and Mac once named other templates at 2,048 and 512 tokens."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from gapless.engine.config import Settings
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path
from tests.engine.extractive.logs.truth import sample


def figures(name: str, window: int) -> dict[str, Any]:
    result = asyncio.run(summarize_path(sample(name), RunRequest(Settings(
        context_tokens=window))))
    stats = dict((result.entry or {}).get("stats") or {})
    assert stats.get("templates")
    stats.pop("head", None)
    stats.pop("tail", None)
    return stats


@pytest.mark.parametrize(("name", "window"), [
    ("Android", 2048), pytest.param("Mac", 512, marks=pytest.mark.slow)])  # (Mac: 4 s)
def test_a_logs_templates_are_those_of_the_widest_window(name: str, window: int) -> None:
    assert figures(name, window) == figures(name, 8192)
