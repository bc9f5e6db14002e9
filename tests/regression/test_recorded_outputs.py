"""The command line prints exactly what was recorded (after normalisation, see ``harness``).

The recordings in ``tests/regression/recorded/`` were made on the code before the
restructuring; a pure refactor must leave every one of them byte-identical. To re-record
(only for an intended change of output): ``python -m tests.regression.record`` or
``GAPLESS_RECORD=1 python -m pytest -m slow tests/regression``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.regression.harness import (
    ROOT,
    CaseRun,
    clean_env,
    diff,
    recorded_path,
    run_cases,
)
from tests.regression.recorded_cases import BY_NAME, CASES

RECORD = os.environ.get("GAPLESS_RECORD") == "1"
# one worker runs them all in one fixture (~25 s): a long trial, run by the slow step
pytestmark = [pytest.mark.xdist_group("recorded-outputs"), pytest.mark.slow]


@pytest.fixture(scope="module")
def outputs(request: pytest.FixtureRequest) -> dict[str, CaseRun]:
    """Every selected case, run once, concurrently (the steps of one case stay in order)."""
    wanted = [item.callspec.params["name"] for item in request.session.items
              if getattr(item, "module", None) is request.module and hasattr(item, "callspec")
              and "name" in item.callspec.params]
    return run_cases([BY_NAME[n] for n in dict.fromkeys(wanted)])


def test_the_subprocesses_import_this_checkout(tmp_path: Path) -> None:
    env = clean_env(tmp_path, {})
    out = subprocess.run([sys.executable, "-c", "import gapless.tui.cli as c; print(c.__file__)"],
                         capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    assert out.stdout.strip().startswith(str(ROOT)), out.stdout


@pytest.mark.parametrize("name", [c.name for c in CASES])
def test_recorded_output(name: str, outputs: dict[str, CaseRun]) -> None:
    run = outputs[name]
    path = recorded_path(name)
    if RECORD:
        path.parent.mkdir(exist_ok=True)
        path.write_text(run.text, encoding="utf-8")
        pytest.skip(f"recorded {path.name}")
    assert path.exists(), f"{path} is missing: record it with python -m tests.regression.record"
    if run.verified is not None:  # every run the case stored holds up against its ledger
        assert run.verified.get("holds") and run.verified["exit_code"] == 0, run.verified
    expected = path.read_text(encoding="utf-8")
    if run.text != expected:
        pytest.fail(f"the output of case {name!r} differs from {path.name}:\n"
                    f"{diff(expected, run.text, name)}", pytrace=False)
