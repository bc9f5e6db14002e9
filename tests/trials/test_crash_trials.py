"""Many SIGKILL trials at random moments (slow; `.ci/run` runs them in a second step)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.support.crash import kill_and_resume, reference
from tests.support.helpers import make_transcript

TRIALS = 24


@pytest.mark.slow
@pytest.mark.timeout(1200)  # 24 killed runs and 24 resumes, each a fresh process
def test_twenty_plus_sigkills_never_lose_or_duplicate_anything(tmp_path: Path) -> None:
    src = tmp_path / "big.md"
    src.write_bytes(make_transcript(3500, 60, seed=3).data)
    ref = reference(src, tmp_path / "ref.db", "--context-tokens", "1024")
    rnd = random.Random(20261129)
    # Half the kills come at a random moment, half once a random number of calls is stored
    # (a slow machine may start the process slower than any fixed delay).
    trials = [kill_and_resume(src, tmp_path / f"k{i}.db", rnd.uniform(0.3, 2.0), ref,
                              "--context-tokens", "1024") if i % 2 else
              kill_and_resume(src, tmp_path / f"k{i}.db", None, ref, "--context-tokens", "1024",
                              after_completed=rnd.randint(1, max(1, ref["calls"] // 2)))
              for i in range(TRIALS)]
    killed = [t for t in trials if t.killed]
    print(f"crash trials: {len(trials)}, killed mid-run: {len(killed)}, resumed with earlier "
          f"work reused: {sum(1 for t in killed if t.calls_after < ref['calls'])}")
    assert len(killed) >= 20
    for t in trials:
        assert t.entry_equal and t.integrity == "ok" and t.duplicate_fragments == 0
        assert t.statuses[-1] == "complete" and "running" not in t.statuses
        if t.completed_before:
            assert t.calls_after < ref["calls"]
