"""The summary names every template tied with the fifth, and a long template whole.

"The five most frequent templates" of a small log is often a tie: any five of those tied
with the fifth are the top five, so a reader (or a check) looking for one of them must find
it named with its count. A template is the name of its count, so a long one is not cut
where a reader could no longer tell it from another.
"""

from __future__ import annotations

import itertools

from gapless.engine.extractive import summarize_text
from tests.engine.extractive.logs.truth import named_counts, names

_WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
          "juliet", "kilo", "lima", "mike", "november")


def _log(messages: list[str]) -> str:
    stamps = (f"2024-03-0{1 + i // 3600} {i // 60 % 60:02d}:{i % 60:02d}:00.000"
              for i in itertools.count())
    return "".join(f"{t} INFO  [main] app.Worker: {m}\n" for t, m in zip(stamps, messages,
                                                                         strict=False))


def test_every_template_tied_with_the_fifth_is_named_with_its_count() -> None:
    head = [f"{w} phase finished for unit {n}" for w in _WORDS[:2] for n in range(4)]
    tied = [f"{w} step reported state ready to {w}" for w in _WORDS[2:] for _ in range(2)]
    text = _log(head + tied)
    lines = named_counts(summarize_text(text, max_summary_chars=6000).summary)
    want = [(f"{w} phase finished for unit <*>", 4) for w in _WORDS[:2]]
    want += [(f"{w} step reported state ready to {w}", 2) for w in _WORDS[2:]]
    assert len(want) == 14
    missing = [(t, c) for t, c in want if not any(n == c and names(m, t) for n, m in lines)]
    assert missing == [], lines


def test_a_long_template_is_named_whole() -> None:
    long = ("session table compacted: kept entries for every open connection, dropped the "
            "expired ones, rewrote the index pages and released the old segment files back "
            "to the pool after {} ms")
    text = _log([long.format(n) for n in range(5)] + ["short event happened"] * 2)
    lines = named_counts(summarize_text(text, max_summary_chars=3000).summary)
    template = long.format("<*>")
    assert len(template) > 140
    assert any(n == 5 and names(m, template) and len(m) > 140 and "…" not in m
               for n, m in lines), lines
