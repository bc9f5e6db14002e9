"""A question at a small window: a leaf whose prompt does not fit is split for as long as a
half can fit, so the run completes; when the instructions and the question alone fill the
window, no split can help and the leaf fails at once instead of splitting without end."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.run.leaf import split_in_two
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path, summarize_transcript
from tests.support.helpers import make_transcript

SAMPLE = Path(__file__).resolve().parents[3] / "engine" / "samples" / "sample-session.jsonl"
QUESTION = "Which tests failed and why?"


@pytest.mark.slow
async def test_a_question_at_600_tokens_completes_with_every_byte_read() -> None:
    # a leaf with this question carries ~400 tokens of instructions: at 600 tokens a leaf of
    # ~250 bytes does not fit with its answer; its halves do (they were not split before)
    result = await summarize_path(SAMPLE, RunRequest(Settings(provider="extractive", context_tokens=600), question=QUESTION))
    assert result.status == "complete", result.reason
    assert result.coverage == 1.0 and not result.unread and not result.residual_gaps
    assert result.split_leaves > 0  # it did have to split leaves to get there


async def test_instructions_that_fill_the_window_fail_the_leaf_without_splitting() -> None:
    settings = Settings(provider="extractive", context_tokens=600,
                        summary_instructions="Name every function you see. " * 40)
    transcript = make_transcript(40, 30)
    result = await summarize_transcript(transcript, RunRequest(settings))
    assert result.status != "complete"
    assert result.split_leaves == 0  # no leaf was split into halves that could not fit
    leaves = [n for n in result.state.nodes.values() if n.mode == "leaf"]
    assert leaves and all("would not fit" in n.reason for n in leaves if n.status != "complete")


def test_a_few_words_of_a_line_are_still_split() -> None:
    transcript = make_transcript(4, 10)
    halves = split_in_two(transcript, (0, 40))
    assert halves is not None and halves[0][0] == 0 and halves[-1][1] == 40
    assert split_in_two(transcript, (0, 8)) is None  # a few bytes are as fine as a read gets



async def test_a_run_no_leaf_could_be_sent_for_says_why_in_its_own_reason() -> None:
    # at 512 tokens this question's leaf prompt and answer never fit: the run's reason was
    # "gaps remain after the actions ran out", which names no cause
    result = await summarize_path(SAMPLE, RunRequest(Settings(provider="extractive", context_tokens=512), question=QUESTION))
    assert result.status == "incomplete" and result.calls == 0
    assert "could not be read" in result.reason
    assert "would not fit the 512-token window" in result.reason
