"""Capped counters state only what they prove: a top value's count is printed when it is
exact and outranks anything a dropped value could hold; bursts only when no minute past
the cap could be one. Checked against counts made here, over logs cut and folded in
random trees (a value dropped in one part and kept in another had been summed short)."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.core.logstats import LogStats
from gapless.engine.extractive.logs.bounded import (
    Counted,
    Kept,
    added,
    bumped,
    cap_counter,
    merged_counter,
    proven_top,
)
from gapless.engine.extractive.logs.bursts import find_bursts
from gapless.engine.extractive.logs.detect import detect_format
from gapless.engine.extractive.logs.merge import merge_stats, provisional
from gapless.engine.extractive.logs.render import summary_lines
from gapless.engine.extractive.logs.scan import scan_log


def _random_tree(parts: list[Counted], cap: int, rnd: random.Random) -> tuple[Kept, int]:
    """Neighbours merged two to four at a time until one is left; with the records past
    the caps on the way (as ``*_other`` adds them up)."""
    kept = [(k, k.rest) for k in (cap_counter(p.counts, cap) for p in parts)]
    while len(kept) > 1:
        i = rnd.randrange(len(kept) - 1)
        j = min(len(kept), i + rnd.randint(2, 4))
        top = merged_counter([Counted(k.counts, k.short, k.bound) for k, _ in kept[i:j]], cap)
        kept[i:j] = [(top, top.rest + sum(other for _, other in kept[i:j]))]
    return kept[0]


def test_bounds_hold_and_proven_tops_are_the_true_ones() -> None:
    rnd = random.Random(5)
    for trial in range(60):
        values = [f"v{i}" for i in range(rnd.randint(5, 80))]
        weights = [rnd.paretovariate(1.2) for _ in values]
        records = rnd.choices(values, weights=weights, k=rnd.randint(50, 600))
        true = Counter(records)
        cuts = sorted(rnd.sample(range(1, len(records)), rnd.randint(1, 9)))
        parts = [Counted(Counter(records[a:b])) for a, b in
                 zip([0, *cuts], [*cuts, len(records)], strict=True)]
        root, other = _random_tree(parts, rnd.randint(3, 12), rnd)
        for v, n in true.items():
            if v in root.counts:
                assert root.counts[v] <= n <= root.counts[v] + root.short.get(v, 0), trial
            else:
                assert n <= root.bound, trial
        assert sum(root.counts.values()) + other == len(records)
        ranked = sorted(true.items(), key=lambda kv: (-kv[1], kv[0]))
        proved = proven_top(root.counts, root.short, root.bound, 5)
        assert proved == ranked[:len(proved)], trial


def test_spans_keep_a_bound_to_the_parts_that_may_hold_a_key() -> None:
    # minutes: a part holds only keys within its time span, so a key dropped by one part
    # may lack that part's bound alone, not every part's
    a = Counted({"10:00": 4, "10:01": 3}, bound=2, span=("10:00", "10:02"))
    b = Counted({"10:02": 5, "10:03": 1}, bound=1, span=("10:02", "10:04"))
    total, short, unseen = added([a, b])
    assert total == Counter({"10:02": 5, "10:00": 4, "10:01": 3, "10:03": 1})
    assert short == {"10:02": 2}  # a may hold 10:02 (in its span), b not 10:00 or 10:01
    assert unseen == 3  # a key in both spans (10:02) may lack both bounds
    c = Counted({"x": 1}, bound=4)  # no span: any key
    assert added([a, c])[2] == 6


def test_a_value_taken_in_anew_may_lack_what_was_dropped() -> None:
    counts, short = {"a": 5, "b": 2}, {}
    rest, bound = bumped(counts, short, 0, "c", 1, cap=2)
    assert (rest, bound) == (1, 1)  # past the cap: c may now hold one record
    del counts["b"]
    rest, bound = bumped(counts, short, bound, "c", 1, cap=2)
    assert (rest, counts["c"], short["c"]) == (0, 1, 1)  # kept again: it may lack that one


def _access(lines: list[tuple[str, str]]) -> str:
    return "".join(f'{ip} - - [22/Jan/2019:03:{i // 60 % 60:02d}:{i % 60:02d} +0330] '
                   f'"GET {path} HTTP/1.1" 200 {100 + i % 900} "-" "curl/8.0"\n'
                   for i, (ip, path) in enumerate(lines))


def _folded(text: str, cuts: list[int], rnd: random.Random) -> LogStats:
    parts = [provisional(scan_log(text[a:b], "apache-access", starts_input=a == 0).stats)
             for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    while len(parts) > 1:
        i = rnd.randrange(len(parts) - 1)
        j = min(len(parts), i + rnd.randint(2, 4))
        parts[i:j] = [merge_stats(parts[i:j])[0]]
    return parts[0]


def test_top_client_ips_are_exact_whatever_the_split() -> None:
    rnd = random.Random(2)
    heavy = {"10.0.0.1": 310, "10.0.0.2": 250, "10.0.0.3": 205, "10.0.0.4": 150,
             "10.0.0.5": 121}
    ips = [ip for ip, k in heavy.items() for _ in range(k)]
    ips += [f"172.16.{i // 250}.{i % 250}" for i in range(2600) for _ in range(1 + i % 3)]
    rnd.shuffle(ips)
    text = _access([(ip, f"/item/{i % 7}") for i, ip in enumerate(ips)])
    ends = [i + 1 for i, c in enumerate(text) if c == "\n"][:-1]
    said = set()
    for _ in range(4):
        cuts = sorted(rnd.sample(ends, rnd.randint(3, 9)))
        stats = _folded(text, cuts, rnd)
        assert stats.fields_other.get("ip")  # more distinct addresses than a part keeps
        line = next(x for x in summary_lines(stats, 4000) if x.startswith("Top client IPs"))
        said.add(line)
    expected = "Top client IPs: " + ", ".join(f"{ip} ({n})" for ip, n in heavy.items()) + "."
    assert said == {expected}


def _errors_log(ordered: bool) -> tuple[str, int]:
    """A day of records, a third of them errors (in every minute, a few each), and a burst
    of 40 more in one minute: more error minutes than a part keeps."""
    rnd = random.Random(4)
    burst = 11 * 3600 + 6 * 60
    rows = [(rnd.randrange(86_400), "ERROR" if i % 3 == 0 else "INFO") for i in range(20_000)]
    rows += [(burst + k, "ERROR") for k in range(40)]
    if ordered:
        rows.sort()
    else:
        rnd.shuffle(rows)
    text = "".join(f"2026-03-01 {t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d} {lvl} "
                   f"worker done job={i}\n" for i, (t, lvl) in enumerate(rows))
    minute = Counter(t // 60 for t, lvl in rows if lvl == "ERROR")
    return text, minute[burst // 60]


def _usual(text: str) -> str:
    """Errors a minute over the log's span, counted here."""
    times = sorted(line[11:19] for line in text.splitlines())
    errors = sum(" ERROR " in line for line in text.splitlines())
    seconds = [int(t[:2]) * 3600 + int(t[3:5]) * 60 + int(t[6:]) for t in (times[0], times[-1])]
    return f"{errors / ((seconds[1] - seconds[0]) / 60):.1f}"


def _burst_lines(text: str, rnd: random.Random) -> list[str]:
    ends = [i + 1 for i, c in enumerate(text) if c == "\n"][:-1]
    fmt = detect_format(text)
    assert fmt is not None
    cuts = sorted(rnd.sample(ends, 9))
    parts = [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
             for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    while len(parts) > 1:
        i = rnd.randrange(len(parts) - 1)
        j = min(len(parts), i + rnd.randint(2, 3))
        parts[i:j] = [merge_stats(parts[i:j])[0]]
    assert parts[0].minutes_other  # more error minutes than a part keeps
    return [x for x in summary_lines(parts[0], 6000) if "burst" in x]


def test_a_burst_is_named_when_no_dropped_minute_could_be_one() -> None:
    text, in_burst = _errors_log(ordered=True)
    first = _burst_lines(text, random.Random(1))
    assert first == _burst_lines(text, random.Random(2))
    assert [x for x in first if x.startswith("Error burst: ")] == [
        f"Error burst: {in_burst} errors at 2026-03-01 11:06 (usual {_usual(text)}/min)."]


def test_a_burst_named_out_of_order_is_exact_or_not_counted() -> None:
    text, in_burst = _errors_log(ordered=False)
    for seed in range(3):
        lines = [x for x in _burst_lines(text, random.Random(seed)) if "Error" in x]
        assert lines in (
            [f"Error burst: {in_burst} errors at 2026-03-01 11:06 (usual {_usual(text)}/min)."],
            ["Error bursts: not counted (errors fall in more minutes than the 300 kept per "
             "part)."]), lines


def test_no_burst_is_named_when_a_minute_past_the_cap_could_be_one() -> None:
    minutes = {"2026-03-01T10:00": 30, "2026-03-01T11:00": 2}
    span = ("2026-03-01T00:00:00", "2026-03-01T23:59:00")
    assert find_bursts(Counted(minutes), *span) is not None
    assert find_bursts(Counted(minutes, bound=4), *span, past=40) is not None
    assert find_bursts(Counted(minutes, bound=5), *span, past=40) is None  # (floor 5)
    assert find_bursts(Counted(minutes, {"2026-03-01T11:00": 3}), *span, past=40) is None
