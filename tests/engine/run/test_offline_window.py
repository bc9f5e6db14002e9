"""A long log read offline in fewer, larger leaves (:mod:`engine.run.offline_window`): the
same summary as in the default window's many leaves, in a fraction of the calls; a window
the user set, another provider and a text that is no log keep theirs; ``--plan`` agrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.run import offline_window as window
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from gapless.engine.sources import load_transcript
from gapless.engine.usecases.plan import plan_transcript

DATA = Path(__file__).parents[2] / "data"
LOGS = ["OpenStack_2k.log", "Mac_2k.log", "HDFS_2k.log", "Android_2k.log", "Linux_2k.log",
        "Apache_2k.log"]


@pytest.fixture(autouse=True)
def _few_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    # two leaves of the default window make a log "long" here: the rule is the same at
    # 128, over files a test can carry
    monkeypatch.setattr(window, "LOG_LEAVES", 2)


@pytest.mark.parametrize("name", LOGS)
async def test_a_long_log_says_the_same_in_fewer_calls(name: str) -> None:
    transcript = load_transcript(DATA / "logs" / name)
    chosen = await summarize_transcript(transcript, RunRequest(Settings()))
    fixed = await summarize_transcript(transcript, RunRequest(Settings(context_tokens=8192)))
    assert chosen.status == fixed.status == "complete"
    assert chosen.coverage == fixed.coverage == 1.0
    assert chosen.entry is not None and fixed.entry is not None
    # every field the same but the anchors (the lines an example is shown at: which of a
    # template's lines, and how many survive the folds, follows the tree)
    assert _without_anchors(chosen.entry) == _without_anchors(fixed.entry)
    assert set(chosen.entry) == set(fixed.entry) and chosen.entry["summary"]
    assert chosen.calls <= fixed.calls // 2
    plan = plan_transcript(transcript, Settings())
    assert plan.calls == chosen.calls
    assert any("read offline in leaves" in note for note in plan.notes)
    assert not any("read offline in leaves" in note
                   for note in plan_transcript(transcript, Settings(context_tokens=8192)).notes)


def test_only_a_window_free_provider_without_a_set_window_reads_in_larger_leaves() -> None:
    log = load_transcript(DATA / "logs" / "Mac_2k.log")
    assert window.offline_window(Settings(), log).context_tokens > 8192
    assert window.offline_window(Settings(context_tokens=8192), log).context_tokens == 8192
    scripted = Settings(provider="scripted", script="answers.json")
    assert window.offline_window(scripted, log) is scripted
    short = load_transcript(DATA / "logs" / "HPC_2k.log")
    assert window.offline_window(Settings(), short).context_tokens > 8192  # 151 KB: 2 leaves
    window.LOG_LEAVES = 128  # (restored by the fixture)
    assert window.offline_window(Settings(), short).context_tokens == 8192


def test_a_text_that_is_no_log_keeps_its_window() -> None:
    prose = next(p for p in sorted((DATA / "meetings").rglob("*")) if p.is_file()
                 and p.stat().st_size > 2 * 25_000)
    transcript = load_transcript(prose)
    assert window.offline_window(Settings(), transcript).context_tokens == 8192


def _without_anchors(entry: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in entry.items() if k != "anchors"}



def test_a_folder_keeps_its_window(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in ("Mac_2k.log", "Linux_2k.log"):
        (folder / name).write_bytes((DATA / "logs" / name).read_bytes())
    transcript = load_transcript(folder)
    assert window.offline_window(Settings(), transcript).context_tokens == 8192
