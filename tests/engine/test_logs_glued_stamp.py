"""Lines that open with a bracketed time glued to what follows and closed by a colon: a
build server's "[hh:mm:ss]W: " (a level letter of a small closed set, a blank on a plain
line: no level), a game engine's "[yyyy.mm.dd-hh.mm.ss:ms][frame]Category: " (a name of
many values: the component, and no level column); a time of day that reads as none is
no time."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.glued_stamp import is_glued
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import clock, read_alike_in_pieces

_BUILD = [(" ", "\t [Step 2/3] [INFO] Building jar: /opt/agent/work/{k}/target/app-{k}.jar"),
          ("i", "Publishing artifacts: app-1.{k}.jar"),
          ("W", "\t [Step 2/3] [WARNING] Using platform encoding to copy filtered resources"),
          ("E", "\t [Step 3/3] Process exited with code {k} (Step: Deploy (Command Line))"),
          (" ", "\t [Step 2/3] [INFO] Tests run: {k}, Failures: 0, Errors: 0")]
_COMMON = {"i": "i", "W": "warning", "E": "error", " ": "none"}


def _build(records: int) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        level, message = _BUILD[k * 3 % len(_BUILD)]
        levels[_COMMON[level]] += 1
        lines.append(f"[{clock(k * 7)}]{level}: {message.format(k=k)}")
    return "\n".join(lines) + "\n", levels


def test_a_level_letter_glued_to_the_time_is_the_level() -> None:
    text, levels = _build(600)
    fmt = detect_format(text)
    assert fmt is not None and is_glued(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 600 and stats.levels == dict(levels)
    assert stats.first == "0000-00-00T00:00:00"
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Publishing artifacts: app-<*>.jar"] == 120
    read_alike_in_pieces(text, fmt)


def test_a_category_glued_after_a_frame_bracket_is_a_name_not_a_level() -> None:
    cats = ["LogTemp", "LogNet", "LogRHI", "LogStreaming", "LogAudio", "LogInit", "LogScript",
            "LogSlate", "LogWorld", "LogPhysics", "LogAI", "LogUI", "LogPak"]
    lines = [f"[2024.03.01-{clock(k * 7).replace(':', '.')}:{k % 1000:03d}][{k % 1000:>3}]"
             f"{cats[k % len(cats)]}: Warning: Spawned actor BP_{k} at X={k}" for k in range(300)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and is_glued(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert not [k for k, v in stats.levels.items() if k != "none" and v], stats.levels
    assert stats.first == "2024-03-01T00:00:00" and set(stats.fields["component"]) <= set(cats)
    # (a clock whose minutes run past 59 reads as no time: none rather than a wrong one)
    bad = text.replace("[2024.03.01-00.00.00:000]", "[2024.03.01-00.97.00:000]")
    first = scan_log(bad.splitlines()[0] + "\n", fmt).stats
    assert first is not None and first.first is None
