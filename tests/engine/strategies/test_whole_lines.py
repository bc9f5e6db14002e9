"""A tree's leaves end on line starts, so a figure counted by lines (a release heading, a
log record) is the same in every window: a heading cut in two was counted by no leaf."""

from __future__ import annotations

import asyncio
import math
import re

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.tokens import Capacity
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path
from gapless.engine.sources import load_transcript
from gapless.engine.strategies.tree import PlanNode, plan_tree
from tests.support.paths import TEST_DATA

CHANGELOGS = TEST_DATA / "changelogs"


def leaves(plan: PlanNode) -> list[tuple[int, int]]:
    if plan.is_leaf:
        return [plan.scope]
    return [s for c in plan.children for s in leaves(c)]


# (tmux at 1,024 tokens is not here: its folds take 3 children, and no tree of them over
# whole lines takes less than 3 % more leaves than the fewest; it is cut anywhere, as before)
@pytest.mark.parametrize(("name", "context"), [
    ("tmux-CHANGES.txt", 2048), ("tmux-CHANGES.txt", 4096), ("gawk-ChangeLog.txt", 1024),
    ("gawk-ChangeLog.txt", 2048), ("gawk-ChangeLog.txt", 4096)])
def test_a_text_of_short_lines_is_cut_on_line_starts_at_little_cost(name: str,
                                                                     context: int) -> None:
    t = load_transcript(CHANGELOGS / name)
    cap = Capacity.for_context(context)
    plan = plan_tree(t, t.span, cap.data_bytes, cap.fan_in)
    spans = leaves(plan)
    assert spans[0][0] == 0 and spans[-1][1] == len(t)
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False))
    assert all(e - s <= cap.data_bytes for s, e in spans)
    assert [s for s, _ in spans[1:] if t.data[s - 1:s] != b"\n"] == []
    # at most 3 % more leaves than the fewest (or one) for whole lines, and as many again
    # where message starts are worth it (as before)
    least = math.ceil(len(t) / cap.data_bytes)
    assert len(spans) <= least + 2 * max(1, least * 3 // 100)


def test_a_line_longer_than_a_leaf_is_still_cut_to_fit() -> None:
    from tests.support.helpers import make_transcript

    t = make_transcript(400, 400)  # lines of ~2.5 KB
    cap = Capacity.for_context(1024)
    spans = leaves(plan_tree(t, t.span, cap.data_bytes, cap.fan_in))
    assert spans[0][0] == 0 and spans[-1][1] == len(t)
    assert all(e - s <= cap.data_bytes for s, e in spans)


def _stated(summary: str) -> int:
    m = re.match(r"\**([\d,]+) releases", summary)
    return int(m.group(1).replace(",", "")) if m else 0


def test_a_changelogs_release_count_is_the_truth_in_a_small_window() -> None:
    # at 2,048 tokens a leaf once ended inside "CHANGES FROM 1.0 TO 1.1": 43 of 44 stated
    path = CHANGELOGS / "tmux-CHANGES.txt"
    truth = len(re.findall(r"^CHANGE[SD] FROM ", path.read_text(encoding="utf-8"), re.M))
    entry = asyncio.run(summarize_path(path, RunRequest(Settings(context_tokens=2048)))).entry
    assert entry is not None
    assert _stated(str(entry["summary"])) == truth == 44


def test_a_dated_changelogs_count_and_newest_hold_in_a_small_window() -> None:
    # at 1,024 tokens: 438 of 439 stated, and a fold named a child's first release newest
    path = CHANGELOGS / "gawk-ChangeLog.txt"
    text = path.read_text(encoding="utf-8")
    dates = re.findall(r"^(\d{4}-\d{2}-\d{2})", text, re.M)
    entry = asyncio.run(summarize_path(path, RunRequest(Settings(context_tokens=1024)))).entry
    assert entry is not None
    assert _stated(str(entry["summary"])) == len(dates) == 439
    head = str(entry["headline"])
    assert head == "" or max(dates) in head
