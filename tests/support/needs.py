"""What a test module needs installed: skipped without it on a developer's machine, failed in
CI, where everything the tests need must be installed (a skip there would hide a test)."""

from __future__ import annotations

import importlib.util
import os
from typing import NoReturn

import pytest


def not_installed(*modules: str) -> str | None:
    """Why a test cannot run: the first of ``modules`` not installed, or None."""
    for module in modules:
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[dev]')"
    return None


def cannot_run(reason: str) -> NoReturn:
    """Called at a test module's top when something it needs is missing: the module is
    skipped, or in CI failed."""
    if os.environ.get("CI"):
        pytest.fail(f"the test cannot run: {reason} — CI must install it", pytrace=False)
    pytest.skip(reason, allow_module_level=True)
