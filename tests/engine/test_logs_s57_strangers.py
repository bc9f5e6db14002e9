"""Line formats of a thirteenth strangers' pass, each read by structure with figures known by
construction: a level column whose closed set holds a word the generic parser does not know
("[verbose]" beside "[info]"), capital letters in parentheses as levels ("(N)" beside "(W)"),
a bracketed epoch after a level read after the program's "name:" ("<info>  [1709294400.1]"),
a level in brackets closing the writer's name ("util.py[DEBUG]:"), and values the mask takes
whole (a package's version with its revision, a path after "key="). The figures of the whole
equal those of its pieces cut anywhere and folded.
"""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.level_words import level_word
from gapless.engine.extractive.logs.mask import mask, mask_whole
from gapless.engine.extractive.logs.shape import parser_for
from tests.support.helpers import (
    clock,
    common_levels,
    cycled_log,
    levelled_scan,
    read_alike_in_pieces,
)

_ELECTRON = [("info", "Checking for update"),
             ("verbose", "[IPC] settings:get handled in {n}ms"),
             ("info", "Window {n} loaded https://app.example.com/home"),
             ("error", "Error: net::ERR_INTERNET_DISCONNECTED"),
             ("warn", "Failed to load tray icon, retrying in {n}ms"),
             ("debug", "powerMonitor: system resume")]


def _electron(k: int, level: str, message: str) -> str:
    return (f"[2024-03-01 {clock(k * 7)}.{k % 1000:03d}] {'[' + level + ']':<7} "
            f"{message.format(n=k % 97)}")


def test_a_level_word_the_generic_parser_does_not_know_makes_the_shape_the_format() -> None:
    text, levels, _ = cycled_log(_ELECTRON, 600, 1, _electron)
    fmt, stats = levelled_scan(text, 600)
    # ("verbose" is a level of the column's closed set, not a record without one)
    assert stats.levels == common_levels(dict(levels)) and "none" not in stats.levels
    record = parser_for(fmt)(_electron(1, "verbose", "[IPC] settings:get handled in 5ms"))
    assert record is not None and record.level == "verbose"
    assert record.message == "[IPC] settings:get handled in 5ms"
    read_alike_in_pieces(text, fmt)


_QBIT = [("N", "Added new torrent. Torrent: \"debian-12.5.0-amd64-netinst.iso\""),
         ("I", "Detected external IP. IP: \"10.0.{n}.7\""),
         ("N", "Torrent download finished. Torrent: \"archlinux-2024.03.01-x86_64.iso\""),
         ("W", "Failed to listen on IP. IP: \"10.0.0.{n}\". Port: \"UTP/6881\""),
         ("C", "File error alert. Torrent: \"big.iso\". Reason: \"No space left on device\""),
         ("N", "Restored torrent. Torrent: \"fedora-{n}.iso\"")]


def _qbit(k: int, level: str, message: str) -> str:
    return f"({level}) 2024-03-01T{clock(k * 7)} - {message.format(n=k % 97)}"


def test_capital_letters_in_parentheses_two_of_them_level_letters_are_a_level_column(
        ) -> None:
    text, levels, _ = cycled_log(_QBIT, 600, 1, _qbit)
    fmt, stats = levelled_scan(text, 600)
    # ("N", a letter of no common level, counted as written; "C" as the letter's level)
    assert stats.levels == common_levels(dict(levels)) and stats.levels["n"] == 300
    record = parser_for(fmt)(_qbit(3, "W", "Failed to listen on IP."))
    assert record is not None and record.level == "W"
    assert record.message == "Failed to listen on IP."
    read_alike_in_pieces(text, fmt)
    # (letters in parentheses of which fewer than two are level letters are no levels)
    lettered = text.replace("(I) ", "(N) ").replace("(W) ", "(X) ").replace("(C) ", "(Y) ")
    other = detect_format(lettered)
    assert other is None or "n" not in scan_log(lettered, other).stats.levels


_NM = [("info", "device (wlp2s0): state change: config -> ip-config (reason 'none')"),
       ("info", "dhcp4 (wlp2s0): state changed new lease, address=192.168.1.{n}"),
       ("warn", "device (wlp2s0): Activation: failed for connection 'Home'"),
       ("info", "manager: NetworkManager state is now CONNECTED_GLOBAL"),
       ("error", "sup-iface[0x{n}]: connection disconnected (reason -3)"),
       ("debug", "connectivity: (wlp2s0,IPv4,{n}) Error resolving 'check.example.org'")]


def _nm(k: int, level: str, message: str) -> str:
    return (f"Mar 01 {clock(k * 7)} thinkpad NetworkManager[812]: {'<' + level + '>':<7} "
            f"[{1709294400 + k * 7}.{k % 10000:04d}] {message.format(n=k % 97)}")


def test_a_bracketed_epoch_after_a_level_read_after_the_name_is_the_header() -> None:
    text, levels, _ = cycled_log(_NM, 600, 1, _nm)
    fmt, stats = levelled_scan(text, 600)
    assert stats.levels == common_levels(dict(levels))
    record = parser_for(fmt)(_nm(0, "info", _NM[0][1]))
    assert record is not None and record.level == "info" and record.message == _NM[0][1]
    mined = {t.template for t in stats.templates}
    assert "manager: NetworkManager state is now CONNECTED_GLOBAL" in mined
    assert not any(t.startswith("[") for t in mined)
    read_alike_in_pieces(text, fmt)


_CLOUD_INIT = [("DEBUG", "util.py", "Reading from /proc/uptime (quiet=False)"),
               ("DEBUG", "subp.py", "Running command ['systemctl', 'show', 'unit{n}.service']"),
               ("WARNING", "url_helper.py", "Calling 'http://169.254.169.254/' failed [{n}/120s]"),
               ("DEBUG", "util.py", "Writing to /var/lib/cloud/sem/config_{n} - wb: [644]"),
               ("INFO", "stages.py", "Running module ssh with frequency once-per-instance"),
               ("ERROR", "DataSourceEc2.py", "Attempting to load metadata: HTTP Error 404")]


def _cloud_init(k: int, level: str, message: str) -> str:
    module, text = message.split("\t")
    return f"2024-03-01 {clock(k * 7)},{k % 1000:03d} - {module}[{level}]: " \
        f"{text.format(n=k % 97)}"


def test_a_level_in_brackets_closing_the_writers_name_is_a_level_field() -> None:
    assert level_word("util.py[DEBUG]:") == "DEBUG"
    assert level_word("sshd[1234]:") is None and level_word("list[index]") is None
    table = [(level, f"{module}\t{text}") for level, module, text in _CLOUD_INIT]
    text, levels, _ = cycled_log(table, 600, 1, _cloud_init)
    fmt, stats = levelled_scan(text, 600)
    assert stats.levels == common_levels(dict(levels))
    record = parser_for(fmt)(_cloud_init(0, "DEBUG", "util.py\tReading from /proc/uptime"))
    assert record is not None and record.level == "DEBUG"
    assert record.message == "Reading from /proc/uptime"
    read_alike_in_pieces(text, fmt)


def test_a_version_with_its_revision_and_a_path_after_a_key_are_one_value() -> None:
    for message, masked in [
            ("status installed libssl3:amd64 3.0.2-0ubuntu1.15",
             "status installed libssl3:amd64 <*>"),
            ("upgrade vim:amd64 2:8.2.3995-1ubuntu2.15 2:8.2.3995-1ubuntu2.16",
             "upgrade vim:amd64 <*> <*>"),
            ("upgraded linux (6.7.5.arch1-1 -> 6.7.6.arch1-1)", "upgraded linux (<*> -> <*>)"),
            ("Context: source=/var/log/messages|host=web|syslog",
             "Context: source=<*>=web|syslog"),
            # (no revision of digits, no version: as before)
            ("built 1.2.3-SNAPSHOT on 2024-03-01 in ssh2",
             "built <*>-SNAPSHOT on <*>-<*>-<*> in ssh2"),
            ("rhost= user=root root=LABEL=/ rhgb", "rhost= user=root root=LABEL=/ rhgb"),
            ("Linux version 2.6.5-1.358 (gcc 3.3.3-7)", "Linux version <*>-<*> (gcc <*>-<*>)")]:
        assert mask(message) == mask_whole(message) == masked, message
