"""Records that run over several lines (a stack trace under each) are still a log: the lines
that open with a time recur and share a shape, every other line belongs to the record above.
"""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, scan_log


def _traced(rng: random.Random, records: int) -> tuple[str, Counter[str], int]:
    """A log whose records mostly carry a long trace: (text, level truth, trace lines)."""
    truth: Counter[str] = Counter()
    lines: list[str] = []
    under = 0
    for i in range(records):
        level = rng.choice(("ERROR", "ERROR", "WARNING", "INFO"))
        truth[level] += 1
        lines.append(f"[2023-05-15 18:{i % 60:02d}:{(i * 7) % 60:02d}] production.{level}: "
                     f"Job {rng.randrange(999)} failed on queue {rng.choice('ab')}")
        if level != "INFO":  # frames numbered like PHP's, not indented
            lines.append("[stacktrace]")
            frames = rng.randrange(8, 30)
            lines += [f"#{k} /srv/app/src/Mod{k}.php({rng.randrange(400)}): Mod{k}->run()"
                      for k in range(frames)]
            lines.append('"}')
            under += frames + 2
    return "\n".join(lines) + "\n", truth, under


def test_a_log_of_traced_records_counts_its_records_and_their_levels() -> None:
    text, truth, under = _traced(random.Random(5), 60)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == sum(truth.values()) and stats.other_lines == under
    assert stats.fields["level"] == dict(truth)
    assert stats.records + stats.other_lines == stats.lines
    ex = summarize_text(text)
    assert f"{truth['ERROR']:,} ERROR (error)" in ex.summary


def test_subtitle_cues_are_not_records() -> None:
    """A subtitle file's lines open with a time, but the cue lines say no words."""
    lines: list[str] = []
    for i in range(80):
        lines += [str(i + 1), f"00:{i // 60:02d}:{i % 60:02d}.000 --> 00:{i // 60:02d}:"
                  f"{i % 60:02d}.900", f"and then we talked about item {i}", ""]
    assert detect_format("\n".join(lines)) is None


def test_prose_with_a_few_dated_lines_is_no_log() -> None:
    rng = random.Random(6)
    words = ("the", "of", "a", "we", "it", "report", "budget", "plan", "said", "team", "next",
             "week", "review")
    lines = [" ".join(rng.choice(words) for _ in range(12)) for _ in range(400)]
    for k in range(0, 400, 200):  # two dated notes in 400 lines of prose
        lines[k] = f"2024-01-0{k // 200 + 1} 10:00:00 note: {lines[k]}"
    assert detect_format("\n".join(lines)) is None


def test_every_part_with_a_few_records_learns_the_whole_logs_format() -> None:
    """Parts of a traced log (a chunk of ``gapless read``, a leaf) holding three records or
    more read it as the whole does, so their counts fold alike."""
    text, _, _ = _traced(random.Random(7), 60)
    whole = detect_format(text)
    lines = text.splitlines(keepends=True)
    seen = set()
    for a in range(0, len(lines), 90):
        part = "".join(lines[a:a + 90])
        if sum(1 for ln in lines[a:a + 90] if ln.startswith("[2023")) >= 3:
            seen.add(detect_format(part))
    assert seen == {whole}
