"""Every allowed window completes with a cooperative model: folds re-pack to fit a small
window (fewer children, child lines cut, answers sized to the window), and the offline
provider completes any input from the minimum window (512 tokens) up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.tokens import Capacity
from gapless.engine.run.packing import MIN_CHILD_LINE, child_bytes, fit_child
from gapless.engine.run.prompts import SYSTEM, FoldLayout, fold_prompt
from gapless.tui.cli.main import main
from tests.support.paths import TEST_DATA

# real material of the kinds whose folds did not fit a small window: a changelog, a syslog
# (its facts block), an agent chat (its files / commands / errors lists) and a meeting
PIECES = (("changelogs/tmux-CHANGES.txt", 70_000), ("logs/Mac_2k.log", 70_000),
          ("chat-exports/minsky_specstory-cursor-chat.md", 70_000),
          ("meetings/Bmr003.txt", 40_000))


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not all((TEST_DATA / name).is_file() for name, _ in PIECES):
        pytest.fail(f"test data missing from {TEST_DATA}")
    path = tmp_path_factory.mktemp("small") / "mixed.txt"
    path.write_bytes(b"".join((TEST_DATA / name).read_bytes()[:size] + b"\n"
                              for name, size in PIECES))
    return path


@pytest.mark.parametrize("window", [512, 1000])
@pytest.mark.slow
def test_the_offline_provider_completes_at_a_small_window(
        window: int, mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["summarize", str(mixed), "--json", "--context-tokens", str(window),
                 "--db", str(tmp_path / "g.db")])
    out = json.loads(capsys.readouterr().out)
    assert (code, out["status"], out["coverage"], out["residual_gaps"]) == \
        (0, "complete", 1.0, []), out.get("reason")
    assert out["unread_spans"] == [] and out["entry"]["headline"]


def test_answers_are_sized_to_a_small_window() -> None:
    """Under 1,024 tokens the answer's reserve is a quarter of the window (it was 256
    tokens, half of a 512-token window, and left no room for a fold); from 1,024 up it is
    as it was."""
    small, normal = Capacity.for_summary(512), Capacity.for_summary(1024)
    assert small.answer_reserve("fold") == 128 and small.answer_reserve("leaf") == 128
    assert small.summary_chars < 200 and small.data_bytes > 0
    assert normal.answer_reserve("fold") == 256 and normal.summary_chars == 200


def _big_child() -> tuple[tuple[int, int], Extraction]:
    scope = (6_400_000, 6_465_377)
    return scope, Extraction(
        headline="task#008: Fix file:// URL handling in workspace path resolution " * 2,
        summary="A long summary sentence about what was done and decided. " * 12,
        topics=[f"topic number {i}" for i in range(8)],
        open_questions=[f"an open question about part {i}?" for i in range(5)],
        anchors=[Anchor(start=6_400_000 + i, end=6_400_100 + i, label=f"claim {i}")
                 for i in range(10)],
        files=[f"src/very/long/path/to/module_{i}.py" for i in range(20)],
        commands=[f"git rebase --continue && bun test --filter case{i}" for i in range(20)],
        errors=[f"TypeError: jest.mock is not a function in test number {i}" for i in range(20)])


@pytest.mark.parametrize("limit", [MIN_CHILD_LINE + 20, 300, 600, 1200])
def test_a_child_line_is_cut_to_any_limit_but_never_dropped(limit: int) -> None:
    scope, ex = _big_child()
    cut = fit_child(scope, ex, limit)
    assert child_bytes(scope, cut) <= limit
    assert cut.headline  # the child is still there, with what fits of it
    assert child_bytes(scope, ex) > 4000  # the full extraction is untouched


def test_a_fold_of_two_cut_children_fits_the_smallest_window() -> None:
    """At 512 tokens, the compact fold prompt with two children cut to the room it leaves,
    plus the answer's reserve, is within the window (by the estimate the engine checks)."""
    cap = Capacity.for_summary(512)
    window = int((cap.context_tokens - cap.answer_reserve("fold")) * cap.bytes_per_token)
    fixed = fold_prompt([], question=None, instructions="", summary_chars=cap.summary_chars,
                        layout=FoldLayout(compact=True)).size + len(SYSTEM.encode())
    room = window - fixed
    assert room > 2 * MIN_CHILD_LINE + 200
    scope, ex = _big_child()
    second = (scope[1], scope[1] + 5000)
    parts = [(scope, fit_child(scope, ex, room // 2)), (second, fit_child(second, ex, room // 2))]
    prompt = fold_prompt(parts, question=None, instructions="",
                         summary_chars=cap.summary_chars, layout=FoldLayout(compact=True))
    assert prompt.size + len(SYSTEM.encode()) <= window
    assert [sp for sp, _ in prompt.task.children] == [scope, second]
