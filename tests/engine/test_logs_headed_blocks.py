"""Records that are a header line of one shape over free lines, a blank line after each
(Erlang/OTP's "=ERROR REPORT==== 1-Mar-2024::00:00:07 ===" reports): each block is one
record, its level the header's word of a small closed set of level words, its message the
lines under the header; paragraphs of prose parted by blank lines are no log."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.block_records import is_blocks
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import read_alike_in_pieces

_REPORTS = [("INFO", "accepting AMQP connection <0.{k}.0> (10.0.{n}.7:{k} -> 10.0.0.5:5672)"),
            ("INFO", "connection <0.{k}.0> (10.0.{n}.7:{k} -> 10.0.0.5:5672): user 'ann' "
                     "authenticated and granted access to vhost '/'"),
            ("WARNING", "closing AMQP connection <0.{k}.0> (10.0.{n}.7:{k} -> 10.0.0.5:5672):\n"
                        "client unexpectedly closed TCP connection"),
            ("ERROR", "closing AMQP connection <0.{k}.0> (10.0.{n}.7:{k} -> 10.0.0.5:5672):\n"
                      "{{handshake_timeout,frame_header}}"),
            ("INFO", "Disk free limit set to 50MB")]


def _reports(records: int) -> tuple[str, Counter[str]]:
    blocks, levels = [], Counter[str]()
    for k in range(records):
        level, message = _REPORTS[k * 3 % len(_REPORTS)]
        levels[level.lower()] += 1
        blocks.append(f"={level} REPORT==== {1 + k // 1000}-Mar-2024::{k // 3600 % 24:02d}:"
                      f"{k // 60 % 60:02d}:{k % 60:02d} ===\n"
                      + message.format(k=1000 + k * 7, n=k % 200))
    return "\n\n".join(blocks) + "\n\n", levels


def test_a_report_is_one_record_with_its_headers_level() -> None:
    text, levels = _reports(300)
    fmt = detect_format(text)
    assert fmt is not None and is_blocks(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 300 and stats.levels == dict(levels)
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Disk free limit set to <*>"] == 60
    assert counts["closing AMQP connection <<*>> (<*> -> <*>): client unexpectedly closed TCP "
                  "connection"] == 60
    read_alike_in_pieces(text, fmt)


def test_paragraphs_under_dated_headings_are_no_log() -> None:
    # a diary's entries: a heading of one shape with a time, but no word of a level set
    days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
    text = "\n\n".join(f"== {days[k % 5]} 1-Mar-2024 {k % 12 + 8:02d}:00:00 ==\nWalked to the "
                       f"market and bought {k} apples.\nIt rained in the afternoon."
                       for k in range(60))
    fmt = detect_format(text)
    assert fmt is None or not is_blocks(fmt), fmt


def test_a_changelogs_versions_and_stamps_over_their_notes_are_no_log() -> None:
    # a version whose major number is one of a few digits ("3.009", "2.104") heads each
    # release's notes with its stamp: the digit is no level word
    releases = []
    for k in range(40):
        major, minor = 3 - k // 15, 9 + 40 - k
        releases.append(f"{major}.{minor:03d}     2015-{1 + k % 12:02d}-{1 + k % 28:02d} "
                        f"{k % 24:02d}:{k * 7 % 60:02d}:{k * 13 % 60:02d}Z\n"
                        f"    - Refactor the cache on 32-bit platforms (GH#{100 + k})\n"
                        f"    - Require perl 5.0{k % 10}0001")
    text = "Revision history for Widget-Tiny\n\n" + "\n\n".join(releases) + "\n"
    fmt = detect_format(text)
    assert fmt is None or not is_blocks(fmt), fmt
