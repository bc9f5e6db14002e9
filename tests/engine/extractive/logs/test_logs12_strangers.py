"""Formats of a twelfth strangers' pass, each read by a rule of its structure: a level letter
closed by a mark of its own ("I! ") is a level; a level in angle brackets glued to the
stamp ("<W>2024-…") is a field of its own; a header column after the time and the level that
some records go without leaves those records records (their message starts there); an id
written before the stamp on a session's records only is skipped; a padded level's lone
colon is no word of the message; a worker's "#0" after a level that closes the header is a
column some records lack; a level column's own word written in its levels' lower case
("[success]") is a member of its set; and columns after the message, parted by " | " on
every record, are columns. Each count is the same under any cut of the text."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, merge_stats, scan_log
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.extractive.logs.trailing_columns import cut, trailing_count


def _clock(i: int) -> str:
    return f"{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}"


def _same_under_cuts(text: str, fmt: str) -> None:
    """The stats of the whole equal those of its pieces cut anywhere, merged."""
    whole = scan_log(text, fmt).stats
    bounds = [0, *(len(text) * k // 7 + k * 3 for k in range(1, 7)), len(text)]
    parts = [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
             for a, b in itertools.pairwise(bounds)]
    merged, _ = merge_stats(parts)
    assert merged.model_dump() == provisional(whole).model_dump()


def test_a_level_letter_closed_by_a_mark_is_a_level() -> None:
    rng = random.Random(1)
    events = [("D", "[outputs.file] Wrote batch of {n} metrics"),
              ("E", "[inputs.disk] Error in plugin: lstat /mnt/{n}: no such file"),
              ("W", "[agent] Collection took longer than expected"),
              ("I", "Loading config: /etc/agent.d/{n}.conf")]
    lines, levels = [], Counter()
    for i in range(600):
        letter, message = rng.choice(events)
        lines.append(f"2024-03-01T{_clock(i * 7)}Z {letter}! " + message.format(n=rng.randrange(99)))
        levels[{"D": "debug", "E": "error", "W": "warning", "I": "info"}[letter]] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("shape:"), fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 600 and stats.levels == dict(levels)
    _same_under_cuts(text, fmt)


def test_a_level_glued_to_the_stamp_and_a_column_some_records_lack() -> None:
    """"<W>2024-03-01 12:00:00.123 1 => <5:(-1)> New connection": the level in angle
    brackets glued to the stamp, then a server's "1 =>" that a server-wide record has not;
    every line is a record, with its level."""
    rng = random.Random(2)
    lines, levels = [], Counter()
    for i in range(700):
        letter = rng.choice("WWWWWWWD")
        if rng.random() < 0.08:
            message = "Server listening on [::]:64738"
        else:
            message = f"{rng.choice([1, 2])} => <{rng.randrange(99)}:(-1)> " + rng.choice(
                ["New connection: 10.0.0.1:5000", "Timeout", "Authenticated"])
        lines.append(f"<{letter}>2024-03-01 {_clock(i * 3)}.{rng.randrange(1000):03d} {message}")
        levels["warning" if letter == "W" else "debug"] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None, fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 700 and stats.levels == dict(levels)
    mined = {t.template: t.count for t in stats.templates}
    assert mined["Server listening on [::]:<*>"] == sum(1 for ln in lines if "listening" in ln)
    _same_under_cuts(text, fmt)


def test_a_session_id_before_the_stamp_on_some_records() -> None:
    rng = random.Random(3)
    lines, levels = [], Counter()
    for i in range(600):
        level = rng.choice(["NOTICE", "DEBUG", "WARNING"])
        call = (f"{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-4{rng.getrandbits(12):03x}-"
                f"a{rng.getrandbits(12):03x}-{rng.getrandbits(48):012x} ")
        session = rng.random() < 0.6
        lines.append(f"{call if session else ''}2024-03-01 {_clock(i * 5)}.{rng.randrange(10**6):06d} "
                     f"{rng.uniform(80, 99):.2f}% [{level}] switch_channel.c:1104 "
                     f"{'Channel answered' if session else 'Profile started'}")
        levels[{"NOTICE": "info", "DEBUG": "debug", "WARNING": "warning"}[level]] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None, fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 600 and stats.levels == dict(levels)
    _same_under_cuts(text, fmt)


def test_a_padded_levels_colon_and_a_worker_column_some_records_lack() -> None:
    rng = random.Random(4)
    padded = [f"2024-03-01 {_clock(i * 5)}.{rng.randrange(1000):03d}+0000: {rng.choice([18, 19])}: "
              f"{rng.choice(['error', 'debug'])} : virNetSocketReadWire:1791 : End of file"
              for i in range(300)]
    fmt = detect_format("\n".join(padded) + "\n")
    assert fmt is not None
    stats = scan_log("\n".join(padded) + "\n", fmt).stats
    assert {t.template for t in stats.templates} == {"virNetSocketReadWire:<*> : End of file"}
    workers = [f"2024-03-01 {_clock(i * 5)} +0000 [{rng.choice(['info', 'warn'])}]: "
               + (f"#{rng.choice([0, 1])} following tail of /var/log/a{i % 9}.log"
                  if rng.random() < 0.7 else "adding match pattern=\"app.**\" type=\"es\"")
               for i in range(300)]
    text = "\n".join(workers) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats.records == 300
    assert {t.template for t in stats.templates} == {
        "following tail of <*>", 'adding match pattern="app.**" type="es"'}
    _same_under_cuts(text, fmt)


def test_a_lower_case_level_set_holds_its_own_lower_case_word() -> None:
    rng = random.Random(5)
    words = ["info"] * 6 + ["warn"] * 2 + ["error", "success"]
    lines = [f"[{w}] " + rng.choice(["compiling 12 sources", "Total time: 3 s", "not found: x"])
             for w in rng.choices(words, k=400)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    written = Counter(ln[1:ln.index("]")] for ln in lines)
    assert stats.levels == {"info": written["info"], "warning": written["warn"],
                            "error": written["error"], "success": written["success"]}


def test_columns_after_the_message_on_every_record() -> None:
    rng = random.Random(6)
    lines = [f"2024-03-01 {_clock(i * 5)},{rng.randrange(1000):03d} | {rng.choice(['INFO ', 'WARN '])} | "
             + rng.choice(["Checkpoint started.", f"Transport to tcp://10.0.0.{i % 250}:61616 failed"])
             + f" | {rng.choice(['org.a.Broker', 'org.a.Queue'])} | {rng.choice(['main', 'NIO Worker 7'])}"
             for i in range(400)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith(",R2_p"), fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 400
    assert {t.template for t in stats.templates} == {
        "Checkpoint started.", "Transport to tcp://<*> failed"}
    _same_under_cuts(text, fmt)


def test_trailing_columns_need_one_count_on_nearly_every_record() -> None:
    assert trailing_count(["a | b | c"] * 19 + ["a | b"]) == 2
    assert trailing_count(["a | b"] * 10 + ["a"] * 10) == 0  # (no one count: none)
    assert trailing_count(["a message"] * 20) == 0
    assert cut("moved | org.a.Q | main", 2) == ("moved", "org.a.Q")
    assert cut("no columns here", 2) == ("no columns here", None)
