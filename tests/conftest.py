"""The default run is parallel (pytest-xdist, `-n auto`): a test marked `serial` (it times
something, or holds a resource the machine has one of) runs on one worker, one at a time."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("serial") is not None:
            item.add_marker(pytest.mark.xdist_group("serial"))
