"""The installed distribution claims one import name, `gapless`.

`engine` and `tui` are generic names (a distribution called `tui` exists on the index): were
they installed at the top level, any project with an `engine` package would break Gapless or
be broken by it. The wheel is built from this checkout and read as pip would install it.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(out), str(REPO_ROOT)], check=True, capture_output=True,
                   timeout=240)
    (found,) = out.glob("gapless-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_holds_one_top_level_name(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/", 1)[0] for n in names}
    assert top == {"gapless", next(t for t in top if t.endswith(".dist-info"))}
    # the library, the front ends and the files they read at run time are all inside it
    for path in ("gapless/__init__.py", "gapless/engine/__init__.py", "gapless/engine/py.typed",
                 "gapless/engine/samples/sample-session.jsonl", "gapless/tui/cli/main.py",
                 "gapless/tui/app.tcss", "gapless/tui/screens/run.tcss"):
        assert path in names, path
    entry = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt")))
    assert b"gapless = gapless.tui.cli.main:main" in entry


def test_installed_it_imports_as_gapless_and_nothing_else(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = ("import importlib.util as u, sys; sys.path[:0] = [sys.argv[1]]; "
             "print(u.find_spec('gapless.engine') is not None, u.find_spec('gapless.tui.cli') "
             "is not None, u.find_spec('engine'), u.find_spec('tui'))")
    # -I -S: no site-packages, no working directory; only what the wheel installs
    out = subprocess.run([sys.executable, "-I", "-S", "-c", probe, str(site)], cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "True", "None", "None"]
