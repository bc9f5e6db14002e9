"""SVG snapshots of every workbench screen (pytest-textual-snapshot), from the same real runs
that scripts/screenshots.py renders for the README. Update with --snapshot-update."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.screenshots import SCENES, SMALL_SCENES, Scene, build_world

pytest.importorskip("pytest_textual_snapshot")


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str]]]:
    workdir = tmp_path_factory.mktemp("world")
    here = Path.cwd()
    os.chdir(workdir)
    try:
        info = asyncio.run(build_world(workdir))
        yield workdir, info
    finally:
        os.chdir(here)


@pytest.mark.parametrize("scene", [*SCENES, *SMALL_SCENES],
                         ids=[s.name for s in [*SCENES, *SMALL_SCENES]])
@pytest.mark.slow
def test_screen_snapshot(scene: Scene, world: tuple[Path, dict[str, str]], snap_compare: Any,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    workdir, info = world
    monkeypatch.chdir(workdir)
    app = scene.app(workdir, info)
    # Animations (a tab's underline sliding into place) would make the picture depend on
    # timing; snapshots show the settled screen.
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=scene.size, run_before=scene.before(info))
