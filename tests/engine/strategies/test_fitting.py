"""Leaves filled to the window by the server's token count, and a fold over batches that
takes single leaves beside them (issue 42: calls at the lower bound).

Against a real loopback server that counts tokens as ``/tokenize`` does, a run plans fewer
leaves than the byte plan, none goes over the window, and the stored run is verified whole
by the independent verifier; packing never returns a leaf the count puts over its room."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gapless.engine.audit.verify import verify_runs
from gapless.engine.core.spans import Span
from gapless.engine.core.transcript import Origin, Transcript, TranscriptBuilder
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.store import Store
from gapless.engine.strategies import tree
from gapless.engine.strategies.fitting import Fitting, fitted_leaves
from gapless.engine.strategies.tree_plan import (
    PlanNode,
    Shape,
    _plain_partition,
    partition,
    plan_tree,
)
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import WORDS

# -- a fold over batches and single leaves ------------------------------------------------


def _folds(node: PlanNode) -> int:
    return 0 if node.is_leaf else 1 + sum(_folds(c) for c in node.children)


@pytest.mark.parametrize("fan_in,fold_fan_in", [(12, 6), (16, 8), (8, 4), (6, 3)])
def test_a_fold_over_batches_takes_single_leaves_beside_them(fan_in: int, fold_fan_in: int
                                                             ) -> None:
    shape = Shape(fan_in, fold_fan_in)

    def folds(sizes: list[int]) -> int:
        return 1 + sum(math.ceil((c - 1) / (fan_in - 1)) for c in sizes if c > 1)

    fewer = 0
    for n in range(fan_in + 1, fan_in * fold_fan_in + 1):
        sizes, plain = partition(n, shape), _plain_partition(n, shape)
        assert sizes is not None and plain is not None and sum(sizes) == n
        assert 2 * max(sizes) <= n and all(c == 1 or c >= 3 for c in sizes)  # the half rule
        # never more folds than batches alone; where fewer, the fold over the batches and
        # the leaves beside them holds them all
        assert folds(sizes) <= folds(plain), (n, sizes, plain)
        if sizes != plain:
            assert folds(sizes) < folds(plain) and shape.fits(sizes), (n, sizes)
            fewer += 1
    assert fewer >= fold_fan_in - 2
    # 40 leaves of 12 to a fold, 6 batches to a fold: 3 full batches and 4 leaves
    assert partition(40, Shape(12, 6)) == [12, 12, 12, 1, 1, 1, 1]


def test_a_plan_of_forty_leaves_folds_four_times() -> None:
    t = _transcript(400, seed=3)
    leaf = math.ceil(len(t) / 40)
    plan = plan_tree(t, t.span, leaf + 64, 12, fold_fan_in=6)
    leaves, folds = plan.count()
    assert leaves == 40 and folds == _folds(plan) == 4  # equal batches took 5


# -- packing to a count -------------------------------------------------------------------


def _transcript(n: int, seed: int = 0, dense_every: int = 0) -> Transcript:
    """Messages of English words; every ``dense_every``-th in Cyrillic (two bytes a letter),
    which a tokenizer counts denser."""
    b = TranscriptBuilder(kind="test", name=f"fit-{seed}")
    for i in range(n):
        words = " ".join(WORDS[(i * 7 + k * 3 + seed) % len(WORDS)] for k in range(40))
        if dense_every and i % dense_every == 0:
            words = " ".join("привет мир данные" for _ in range(20))
        b.add(f"### message {i}\n{words}.\n", Origin("f.jsonl", "s"), role="user")
    return b.build()


def _tokens(text: str) -> int:
    """A tokenizer unlike the engine's estimate: a word of ASCII letters counts one token a
    four letters, any other character one each."""
    ascii_letters = sum(1 for c in text if c.isascii() and c.isalpha())
    return math.ceil(ascii_letters / 4) + sum(1 for c in text if not (c.isascii() and c.isalpha()))


def _fitting(t: Transcript, counts: list[Span] | None = None) -> Fitting:
    async def count(span: Span) -> int | None:
        if counts is not None:
            counts.append(span)
        return _tokens(t.text(*span))

    async def sent(span: Span) -> int | None:
        return 40 + _tokens(t.text(*span))  # a prompt's own words: 40 tokens

    def cut(lo: int, end: int) -> int | None:
        at = t.data.rfind(b"\n", lo, end) + 1
        return at if at > lo else None

    return Fitting(t.data, [], count, sent, cut)


def _equal_leaves(t: Transcript, n: int) -> list[Span]:
    cuts = [0] + [t.data.rfind(b"\n", 0, len(t) * i // n) + 1 for i in range(1, n)] + [len(t)]
    return list(zip(cuts, cuts[1:], strict=False))


async def test_leaves_are_packed_to_the_count_and_tile_the_input() -> None:
    t = _transcript(300, dense_every=5)
    room = 4000  # (a leaf ends on a line start: lines are short beside it)
    total = _tokens(t.text(0, len(t)))
    planned = _equal_leaves(t, math.ceil(total / (room * 0.85)))  # a plan with a margin
    leaves = await fitted_leaves(_fitting(t), planned, room, room + 40)
    assert leaves is not None
    assert leaves[0][0] == 0 and leaves[-1][1] == len(t)
    assert all(a[1] == b[0] for a, b in zip(leaves, leaves[1:], strict=False))
    assert all(_tokens(t.text(*s)) <= room for s in leaves)
    assert len(leaves) < len(planned)
    assert len(leaves) <= math.ceil(total / room) + 1  # within a leaf of the fewest


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 50), st.integers(2, 9), st.integers(300, 3000))
def test_packing_never_returns_a_leaf_over_its_room(seed: int, dense: int, room: int) -> None:
    t = _transcript(120, seed=seed, dense_every=dense)
    total = _tokens(t.text(0, len(t)))
    n = max(2, math.ceil(total / (room * 0.9)))
    planned = _equal_leaves(t, n)
    if len(set(planned)) < n or any(s >= e for s, e in planned):
        return
    leaves = asyncio.run(fitted_leaves(_fitting(t), planned, room, room + 40))
    if leaves is not None:  # (None: the byte plan stands)
        assert leaves[0][0] == 0 and leaves[-1][1] == len(t)
        assert all(a[1] == b[0] for a, b in zip(leaves, leaves[1:], strict=False))
        assert all(40 + _tokens(t.text(*s)) <= room + 40 for s in leaves)
        # more leaves than planned only where a planned one was over its room
        assert len(leaves) < len(planned) or any(_tokens(t.text(*s)) > room for s in planned)


async def test_a_count_the_server_does_not_give_leaves_the_byte_plan() -> None:
    t = _transcript(100)
    fit = _fitting(t)

    async def nothing(span: Span) -> int | None:
        return None

    planned = _equal_leaves(t, 8)
    assert await fitted_leaves(Fitting(t.data, [], nothing, fit.count_sent, fit.cut),
                               planned, 500, 540) is None


# -- a real server --------------------------------------------------------------------------


async def test_a_run_against_a_counting_server_fills_its_leaves(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    t = _transcript(260, dense_every=4)
    runs: dict[str, tuple[int, int, int]] = {}
    for name in ("bytes", "fitted"):
        if name == "bytes":  # the byte plan alone, for the comparison
            async def unfitted(ctx: object, plan: PlanNode) -> PlanNode | None:
                return None
            monkeypatch.setattr(tree, "_fitted", unfitted)
        else:
            monkeypatch.undo()
        with FaultServer(window_tokens=2048, chars_per_token=2.5, tokenize=True) as server:
            async with await Store.open(tmp_path / f"{name}.db") as store:
                result = await summarize_stored(store, t, RunRequest(
                    fast_settings(server.url, timeout_seconds=30, context_tokens=2048),
                    source=name, strategy="tree"))
                verdicts = await verify_runs(store, check_source=False)
            leaves = sum(1 for r in server.requests if r["method"] == "POST"
                         and r["path"].endswith("/chat/completions")
                         and "<child-extractions" not in str(r["body"]))
            assert server.overflows == 0
        assert result.status == "complete" and result.coverage == 1.0, result.reason
        assert verdicts and all(v.holds for v in verdicts), [v.contradictions for v in verdicts]
        runs[name] = (leaves, result.calls, result.split_leaves)
    # the byte plan, at the sample's ratio, had leaves over the window (split when the
    # server's count refused them, never sent); filled by the count, none is
    assert runs["bytes"][2] > 0 and runs["fitted"][2] == 0, runs
    assert runs["fitted"][0] < runs["bytes"][0], runs
    assert runs["fitted"][1] < runs["bytes"][1], runs
