"""Voices in a random order are no conversation (:mod:`engine.sources.turn_taking`): the
runs of a person's and the others' records tell a list sorted by anything else from turns
taken strictly or in bursts."""

from __future__ import annotations

import random

from gapless.engine.sources.turn_taking import MIN_RECORDS, in_random_order

PERSON = frozenset({"user"})


def test_turns_strict_or_in_bursts_are_not_chance() -> None:
    assert not in_random_order(["user", "bot"] * 40, PERSON)
    rnd = random.Random(5)
    bursts: list[str] = []
    while len(bursts) < 200:  # a few messages each, as people write
        bursts += ["user"] * rnd.randint(3, 6) + ["bot"] * rnd.randint(3, 8)
    assert not in_random_order(bursts, PERSON)


def test_roles_in_a_random_order_are_chance() -> None:
    rnd = random.Random(7)
    voices = [rnd.choice(["admin", "user", "guest"]) for _ in range(200)]
    assert in_random_order(voices, PERSON)


def test_a_short_exchange_tells_nothing() -> None:
    rnd = random.Random(9)
    voices = [rnd.choice(["admin", "user", "guest"]) for _ in range(MIN_RECORDS - 1)]
    assert not in_random_order(voices, PERSON)
    assert not in_random_order(["user"] * 80, PERSON)  # one voice: no order to read
