"""Headers recognised by their recurrence, whatever words they hold: a time of day whose
milliseconds follow a colon, a level word with its tier of verbosity glued to it, and a
column padded to the width of its longest value. Each log is read as a log, its levels (as
written, and on the common scale) and templates counted exactly, and the same in pieces.
"""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.formats import common_level
from gapless.engine.extractive.logs.level_words import level_word
from gapless.engine.extractive.logs.stamps import bracket_time
from tests.support.helpers import (
    clock,
    cycled_log,
    folds_alike,
    levelled_scan,
    read_alike_in_pieces,
)

_TIERS = [("debug1", "Reading configuration data /etc/ssh/ssh_config"),
          ("debug3", "receive packet: type 51"),
          ("debug2", 'resolving "build-7.internal" port 22'),
          ("debug3", "send packet: type 50"),
          ("debug1", "Authentications that can continue: publickey,password"),
          ("debug1", "kex: algorithm: curve25519-sha256")]


def test_a_level_word_with_its_tier_of_verbosity_is_a_level_as_written() -> None:
    assert level_word("debug1:") == "debug1"
    assert common_level("debug3") == "debug"
    assert level_word("Apollo11:") is None  # (a name with a number: no level)
    text, levels, _ = cycled_log(_TIERS, 300, 1, lambda k, lv, msg: f"{lv}: {msg}")
    fmt, stats = levelled_scan(text, 300)
    assert stats.levels == {"debug": 300}
    assert stats.fields["level"] == dict(levels)  # (each tier as the log writes it)
    read_alike_in_pieces(text * 8, fmt)


_INSTALLER = [("", "Doing action: InstallFiles"),
              ("", "Note: 1: 2205 2:  3: Error"),
              ("", "Component: Core; Installed: Absent;   Request: Local;   Action: Local"),
              ("", "PROPERTY CHANGE: Adding INSTALLDIR property. Its value is 'C:\\App\\'."),
              ("", "Skipping action: LaunchApp (condition is false)")]


def _installer_line(k: int, level: str, message: str) -> str:
    return (f"MSI ({'sc'[k % 3 == 0]}) ({['A4', '1C'][k % 2]}:{['B8', '24', 'F0'][k % 3]}) "
            f"[{clock(k * 7)}:{k * 37 % 1000:03d}]: {message}")


def test_a_time_of_day_with_colon_parted_milliseconds_opens_a_record() -> None:
    assert bracket_time("[10:12:33:123]:")
    assert not bracket_time("[10:12:33:123:45]")  # (more parts: no time of day)
    text, _, counts = cycled_log(_INSTALLER, 500, 1, _installer_line)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 500
    named = {t.template: t.count for t in stats.templates}
    assert named["Doing action: InstallFiles"] == counts["Doing action: InstallFiles"]
    read_alike_in_pieces(text * 4, fmt)


_COMPONENTS = ["Agent", "DownloadManager", "SLS", "ComApi", "Misc", "ProtocolTalker"]
_AGENT = ["* START * Finding updates CallerId = UpdateOrchestrator Id = {k}",
          "Exit code = 0x{k:x}",
          "Service 8b2f-{k} has fixed sync interval of {k} seconds",
          "Found {k} updates and 3 categories in search",
          "Get SLS data for domain worker, response {k} bytes",
          "Deployment job Id 77aa-{k} : Update 9c01-{k}.200 is in download phase",
          "Exit code = 0x{k:x}"]


def test_a_column_padded_to_its_longest_value_is_the_headers() -> None:
    lines = [f"2024/03/01 {clock(k * 5)}.{k * 7919 % 10_000_000:07d} {[1484, 9120][k % 2]:<5} "
             f"{[2549, 10012, 7301][k % 3]:<5} {_COMPONENTS[k * 7 // 3 % 6]:<15} "
             f"{_AGENT[k % 7].format(k=k)}" for k in range(420)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == len(lines)
    named = {t.template: t.count for t in stats.templates}
    # (the component is a column of the header, not a word of every message: one template
    # for each message, whichever component wrote it)
    assert named["Exit code = <*>"] == 120
    assert named["* START * Finding updates CallerId = UpdateOrchestrator Id = <*>"] == 60
    read_alike_in_pieces(text * 3, fmt)


_APP = [("INFO", "Order 81 placed by ann for 120 EUR"), ("DEBUG", "Cache miss for key user:4"),
        ("WARNING", "Retrying request to https://pay.example.com/v1 (attempt 2)"),
        ("INFO", "Order 82 placed by bob for 75 EUR"), ("ERROR", "Connection refused by db:5432"),
        ("DEBUG", "Cache miss for key cart:19")]
_FILES = ["views.py:88", "tasks.py:214", "client.py:57", "models.py:1203"]


def test_a_source_file_and_its_line_after_the_level_is_the_writers_name() -> None:
    def line(k: int, level: str, message: str) -> str:
        return f"2024-03-01 {clock(k * 3)},{k % 1000:03d} {level:<8} {_FILES[k % 4]} {message}"

    text, levels, _ = cycled_log(_APP, 300, 1, line)
    fmt = detect_format(text)
    assert fmt == "generic"
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300
    named = {t.template: t.count for t in stats.templates}
    # (the file and line of the call are the writer's, not the message's first word)
    assert named["Order <*> placed by <*> for <*> EUR"] == 100
    assert sum(stats.levels.values()) == 300
    folds_alike(text * 4, fmt)  # (a run reads every piece by the input's format)


def test_ten_digits_that_open_with_a_zero_are_a_code_not_an_epoch() -> None:
    from gapless.engine.extractive.logs.formats import _json_time

    assert _json_time("1709251200") == "2024-03-01T00:00:00"
    assert _json_time("0100032001") is None  # (an event's code: no epoch since 2001)


def test_one_line_that_belongs_to_no_record_is_said_in_the_singular() -> None:
    from gapless.engine.extractive import summarize_text

    records = [f"2024-03-01 10:00:{k:02d},000 INFO app.db: query {k} done in {k * 3} ms"
               for k in range(30)]
    one = summarize_text("\n".join(["*** log opened ***", *records]) + "\n").summary
    assert "31 lines, 30 log records" in one and "; 1 other line." in one
    two = summarize_text("\n".join(["*** log opened ***", "---", *records]) + "\n").summary
    assert "; 2 other lines." in two
