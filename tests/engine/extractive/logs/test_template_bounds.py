"""Template counts past the per-part cap are stated as what they prove. A part keeps its 200
busiest templates; when a log has too many distinct messages to mine them all again at a
fold, the fold adds its parts' templates, and a template one part dropped may have been
summed short where another kept it. The stats then carry ``templates_short`` (the records
the parts dropped) and every count is printed as a least ("≥"), never as exact; checked
against the counts each record's template family really has."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.core.logstats import LogStats
from gapless.engine.extractive.logs.answer import log_answer
from gapless.engine.extractive.logs.detect import detect_format
from gapless.engine.extractive.logs.merge import merge_stats, provisional
from gapless.engine.extractive.logs.render import headline, summary_lines
from gapless.engine.extractive.logs.scan import scan_log

_WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
          "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
          "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu"]


def _family(k: int) -> str:
    """The constant words of template family ``k`` (no two families share one)."""
    return f"{_WORDS[k % 26]}{k} {_WORDS[k // 26 % 26]}x{k} {_WORDS[k * 7 % 26]}y{k}"


def _log(families: int, records: int, variants: int, seed: int) -> tuple[str, Counter[int]]:
    """A log whose records belong to ``families`` templates (long-tailed), each with a word
    of ``variants`` and a number that vary: many distinct messages, few templates."""
    rnd = random.Random(seed)
    weights = [rnd.paretovariate(0.8) for _ in range(families)]
    picks = rnd.choices(range(families), weights=weights, k=records)
    lines = [f"2024-01-01T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d} INFO "
             f"{_family(k)} {rnd.choice(_WORDS[:variants])} id {rnd.randrange(10**6)}\n"
             for i, k in enumerate(picks)]
    return "".join(lines), Counter(picks)


def _parts(text: str, pieces: int, rnd: random.Random) -> list[LogStats]:
    fmt = detect_format(text)
    assert fmt is not None
    ends = [i + 1 for i, c in enumerate(text) if c == "\n"][:-1]
    cuts = sorted(rnd.sample(ends, pieces - 1))
    return [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
            for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]


def _true_count(template: str, families: int, true: Counter[int]) -> int:
    [k] = [k for k in range(families) if f"{_family(k)} " in template + " "]
    return true[k]


def test_counts_past_the_cap_are_stated_as_leasts_that_hold() -> None:
    families = 500
    text, true = _log(families, 20_000, 20, seed=4)
    rnd = random.Random(9)
    inexact = 0
    for _ in range(3):
        parts = _parts(text, rnd.randint(3, 6), rnd)
        merged, _ = merge_stats(parts)
        dropped = sum(p.templates_other for p in parts)
        assert dropped, "a part keeps fewer templates than it has (the case under test)"
        assert merged.templates_short == dropped
        for t in merged.templates:
            n = _true_count(t.template, families, true)
            assert t.count <= n <= t.count + merged.templates_short, t.template
            inexact += t.count != n
        lines = summary_lines(merged, 4000)
        listed = [ln for ln in lines if " × `" in ln]
        assert listed and all(ln.startswith("≥") for ln in listed)
        assert any("may belong to any" in ln for ln in lines)
        assert ": ≥" in headline(merged)
        top = merged.templates[0].template.split()[0]  # a question about the top template
        answer, _ = log_answer(merged, f"how often did {top} happen?", lambda t: None)
        assert answer.startswith("≥") and f"× `{top} " in answer
        assert merged.model_dump()["templates_short"] == dropped
    assert inexact, "some count was summed short: printed as exact, it would be false"


def test_counts_are_exact_and_said_plainly_when_no_part_dropped_any() -> None:
    families = 60
    text, true = _log(families, 6_000, 20, seed=5)
    rnd = random.Random(3)
    parts = _parts(text, 4, rnd)
    assert not any(p.templates_other for p in parts)
    merged, _ = merge_stats(parts)
    assert merged.templates_short == 0 and "templates_short" not in merged.model_dump()
    for t in merged.templates:
        assert t.count == _true_count(t.template, families, true)
    listed = [ln for ln in summary_lines(merged, 4000) if " × `" in ln]
    assert listed and not any(ln.startswith("≥") for ln in listed)
