"""Records printed as blocks of "Name : value" lines whose names are padded to one column
(a shell's list view of events) are no meeting's turns: the text reader keeps them, and the
log kind reads each block as a record with its level; speakers' labels, never padded, are
still a meeting's."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.block_records import is_blocks
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.sources.meeting import looks_like_meeting

_EVENTS = [("Information", "Service Control Manager", 7036,
            "The {w} service entered the running state."),
           ("Error", "Service Control Manager", 7034,
            "The {w} service terminated unexpectedly.  It has done this {k} time(s)."),
           ("Warning", "Microsoft-Windows-Time-Service", 129,
            "NtpClient was unable to set a domain peer to use as a time source."),
           ("Information", "EventLog", 6013, "The system uptime is {k} seconds.")]


def _format_list(records: int) -> tuple[str, Counter[str]]:
    blocks, levels = [], Counter[str]()
    for k in range(records):
        level, provider, event, message = _EVENTS[k * 3 % len(_EVENTS)]
        levels[level.lower() if level != "Information" else "info"] += 1
        blocks.append("\n".join([
            f"TimeCreated      : 3/1/2024 {k // 60 % 12 + 1}:{k % 60:02d}:07 AM",
            f"LevelDisplayName : {level}",
            f"ProviderName     : {provider}",
            f"Id               : {event}",
            f"Message          : {message.format(w=['wuauserv', 'Spooler'][k % 2], k=k)}"]))
    return "\n\n" + "\n\n".join(blocks) + "\n\n", levels


def test_labels_padded_to_one_column_are_no_meeting_and_read_as_records() -> None:
    text, levels = _format_list(120)
    assert not looks_like_meeting(text)
    fmt = detect_format(text)
    assert fmt is not None and is_blocks(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 120 and stats.levels == dict(levels)


def test_speakers_labels_are_still_a_meeting() -> None:
    turns = ["Ann: I think we should ship on Friday.", "Christopher: Not before the tests pass.",
             "Ann: They pass on my machine.", "Bo: Then let us run them in CI first.",
             "Christopher: Agreed, Friday it is if they pass."] * 4
    assert looks_like_meeting("\n".join(turns))
    # (French typography: a blank before the colon, the same one for every name)
    french = [t.replace(":", " :", 1) for t in turns]
    assert looks_like_meeting("\n".join(french))
