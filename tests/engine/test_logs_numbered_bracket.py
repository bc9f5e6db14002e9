"""A thread's number glued to its subsystem's bracket after the stamp, as an IKE daemon's
file log writes it ("Mar  1 10:00:00 09[IKE] "): one header field, so the events are named
without it and the words in the bracket count no level (the log has none)."""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.field_classes import field_class
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import clock, read_alike_in_pieces

_EVENTS = [("NET", "<vpn|{k}> received packet: from 10.0.{a}.7[4500] to 10.1.0.1[4500] ({k} bytes)"),
           ("NET", "<vpn|{k}> sending packet: from 10.1.0.1[4500] to 10.0.{a}.7[4500] ({k} bytes)"),
           ("ENC", "<vpn|{k}> parsed INFORMATIONAL request {k} [ ]"),
           ("IKE", "<vpn|{k}> sending DPD request"),
           ("MGR", "checkout IKEv2 SA by message with SPIs {k:016x}_i {a:016x}_r"),
           ("CFG", "looking for peer configs matching 10.1.0.1[%any]...10.0.{a}.7[user{a}]")]


def _log(records: int) -> str:
    lines = []
    for k in range(records):
        group, message = _EVENTS[k * 5 % len(_EVENTS)]
        lines.append(f"Mar {1 + k // 400:>2} {clock(k * 13)} {(k * 7) % 16 + 1:02d}[{group}] "
                     f"{message.format(k=k, a=k % 200)}")
    return "\n".join(lines) + "\n"


def test_a_number_glued_to_a_bracketed_word_is_one_bracket_field() -> None:
    assert field_class("09[IKE]") == "B" and field_class("9[x]") == "W"


def test_a_thread_glued_to_its_subsystem_opens_no_template() -> None:
    text = _log(600)
    fmt = detect_format(text)
    assert fmt is not None, fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 600
    assert not [k for k, v in stats.levels.items() if k != "none" and v], stats.levels
    counts = {t.template: t.count for t in stats.templates}
    assert counts["<vpn|<*>> sending DPD request"] == 100, counts
    assert counts["checkout IKEv2 SA by message with SPIs <*>_i <*>_r"] == 100, counts
    assert not [t for t in counts if "[NET]" in t or "[IKE]" in t], counts
    read_alike_in_pieces(text, fmt)
