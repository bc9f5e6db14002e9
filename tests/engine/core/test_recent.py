"""The last few results of a pure function: bounded, least recently used out first, and
safe to share between threads."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

from gapless.engine.core.recent import ByObject, Recent


@pytest.fixture
def eager_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns between almost any two steps
    yield
    sys.setswitchinterval(before)


def test_least_recently_used_goes_first() -> None:
    r: Recent[str, int] = Recent(2)
    r.put("a", 1)
    r.put("b", 2)
    assert r.get("a") == 1  # "b" is now the least recently used
    r.put("c", 3)
    assert r.get("b") is None and r.get("a") == 1 and r.get("c") == 3


def test_threads_sharing_one_never_break_it(eager_switching: None) -> None:
    r: Recent[int, int] = Recent(4)
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            for i in range(20_000):
                key = (i * 7 + seed) % 13
                r.put(key, key)
                got = r.get((key + 1) % 13)
                assert got is None or got == (key + 1) % 13
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(r._items) <= 4


def test_by_object_makes_once_per_object_and_never_answers_for_another() -> None:
    made: list[list[int]] = []

    def total(xs: list[int]) -> int:
        made.append(xs)
        return sum(xs)

    r: ByObject[list[int], int] = ByObject(2)
    a, b = [1, 2], [1, 2]  # equal, but two objects
    assert r.get(a, total) == 3 and r.get(a, total) == 3
    assert made == [a]  # the second ask is remembered
    assert r.get(b, total) == 3 and len(made) == 2 and made[1] is b
    r.get([5], total)
    r.get([6], total)  # a and b are out now
    assert r.get(a, total) == 3 and len(made) == 5


def test_by_object_never_takes_a_reused_identity_for_the_old_object() -> None:
    r: ByObject[object, str] = ByObject(4)
    first = object()
    r.get(first, lambda o: "first")
    key = id(first)
    # what was stored under the identity is another object: the hit is refused
    r._recent.put(key, (object(), "stale"))
    assert r.get(first, lambda o: "fresh") == "fresh"
