"""The default run is parallel (pytest-xdist, `-n auto`): a test marked `serial` (it times
something, or holds a resource the machine has one of) runs on one worker, one at a time.

Rewritten test modules are cached as bytecode even where PYTHONDONTWRITEBYTECODE is set (as
on these machines): rewriting the asserts of ~260 modules costs each worker ~20 s of CPU on
every run otherwise. The cache lives in the tests' own __pycache__ folders (ignored by git).
"""

from __future__ import annotations

import sys

import pytest

sys.dont_write_bytecode = False


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("serial") is not None:
            item.add_marker(pytest.mark.xdist_group("serial"))
