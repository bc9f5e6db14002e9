"""A log stamped with TAI64N labels (daemontools' multilog, s6-log, qmail:
``@4000000065e1a3b00c1e3b34 message``) is a log: the label is a time, read as the UTC it
stands for. It read as prose (no figure at all)."""

from __future__ import annotations

import collections
import random

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs.detect import detect_format
from gapless.engine.extractive.logs.scan import scan_log
from gapless.engine.extractive.logs.stamps import is_time, stamp_of
from tests.support.helpers import folds_alike

EVENTS = ["new msg {n}", "info msg {n}: bytes {n} from <a@b.org> qp {n} uid 89",
          "starting delivery {n}: msg {n} to local c@d.org", "delivery {n}: success: did_1/",
          "status: local 1/10 remote 0/20", "end msg {n}"]


def _multilog(lines: int = 400) -> tuple[str, collections.Counter[str]]:
    r = random.Random(4)
    out, kinds = [], collections.Counter[str]()
    for k in range(lines):
        seconds = 2**62 + 10 + 1_709_251_200 + 3 * k  # 2024-03-01 00:00:00 UTC on
        event = r.choice(EVENTS)
        kinds[event.split(" ")[0]] += 1
        out.append(f"@{seconds:016x}{r.getrandbits(32):08x} {event.format(n=r.randint(1, 9999))}")
    return "\n".join(out) + "\n", kinds


def test_a_tai64n_label_is_the_time_it_stands_for() -> None:
    assert is_time("@4000000065e1a3b00c1e3b34")
    assert stamp_of(["@40000000" + f"{1_709_251_200 + 10:08x}" + "00000000"]) == \
        "2024-03-01T00:00:00"
    assert not is_time("@4000") and not is_time("4000000065e1a3b00c1e3b34")


def test_a_multilog_is_read_as_a_log_whatever_its_cuts() -> None:
    text, kinds = _multilog()
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 400 and stats.other_lines == 0
    assert stats.first == "2024-03-01T00:00:00" and stats.last == "2024-03-01T00:19:57"
    ex = summarize_text(text, max_summary_chars=2000)
    assert ex.kind == "log" and "400 log records" in ex.summary
    assert f"{kinds['end']} × `end msg <*>`" in ex.summary
    folds_alike(text, fmt)
