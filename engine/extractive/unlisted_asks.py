"""A question the person wrote is an ask. A short one ("last thing: can I keep one machine
always running?") has few terms and scores far below a long opening request, so the greedy
selection passes it over; it is listed when the summary has room. Only a question of a few
words: a person's record also holds what no one asked (a file's name, "Photo.", a reaction
or an event's type as a notice), and none of those ends with a question mark."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gapless.engine.extractive.cues import FILLER, QUESTION_END
from gapless.engine.extractive.limits import MAX_PIECES
from gapless.engine.extractive.units import Unit, is_voiced

WORDS = 3  # a question's words, at least


def _question(u: Unit) -> bool:
    return (bool(u.terms) and len(u.text.split()) >= WORDS and not FILLER.match(u.text)
            and QUESTION_END.search(u.text) is not None)


def with_every_ask(chosen: list[Unit], pool: Sequence[Unit], budget: int,
                   size: Callable[[Unit], int]) -> list[Unit]:
    """``chosen`` with the first question of each person's message none of whose sentences
    it holds, in order, while the pieces (``size`` each) fit ``budget``, the
    person's words its three quarters (as elsewhere) and the pieces their limit."""
    listed = {u.msg for u in chosen if u.role == "user"}
    firsts: dict[int, Unit] = {}
    for u in pool:
        if u.role == "user" and u.msg not in listed and u.msg not in firsts and is_voiced(u) \
                and _question(u):
            firsts[u.msg] = u
    asked = sum(size(u) for u in chosen if u.role == "user")
    used = sum(size(u) for u in chosen)
    added: list[Unit] = []
    for u in firsts.values():
        need = size(u)
        if (used + need > budget or asked + need > budget * 3 // 4
                or len(chosen) + len(added) >= MAX_PIECES):
            continue
        added.append(u)
        asked += need
        used += need
    return sorted([*chosen, *added], key=lambda u: u.order) if added else chosen
