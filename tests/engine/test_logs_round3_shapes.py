"""Logs whose time is an uptime in a bracket and whose level is written in an unusual way,
each with figures known by construction: a bracketed uptime with a fraction
(``[   12.345678]``) is the header's time, so the kernel's ring buffer is a log of one
record a line and no level; a level letter doubled in its bracket (``(II)``, ``(WW)``,
``(EE)``) is that letter's level; a "name:" that opens most messages after the level but
not nearly all of them is the message's (a record without it is still a record); a JSON
key whose values are words of one case, two or more of them levels, is the level key in
every piece that holds two of its levels, whatever its other words' share; a tag padded to
its width closes the header with a lone ":" as a full one does with its glued "Tag:"; a
caller's "file:line]", whose bracket was never opened, closes klog's header; a bracket of
colon-parted fields holding a compact "MMDD/HHMMSS.mmm" and a level word is a stamped level
bracket (Chromium's); a line that opens with its bracketed level and no time keeps its
message whole (CoreDNS's "[INFO] plugin/…", not "lugin/…"). The
figures of the whole equal those of its pieces cut anywhere and folded.
"""

from __future__ import annotations

import collections
import json

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.level_words import stamped_level
from gapless.engine.extractive.logs.shape import has_level, is_shape
from tests.support.helpers import (
    common_levels,
    cycled_log,
    folds_alike,
    levelled_scan,
    read_alike_in_pieces,
)

_DMESG = ["usb 1-{n}: new high-speed USB device number {n} using xhci_hcd",
          "e1000e: enp0s31f6 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: Rx/Tx",
          "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
          "Out of memory: Killed process {n} (chrome) total-vm:{n}kB",
          "wlp2s0: authenticated"]

# (the level's letter; most messages, not all, open with a driver's "name:")
_XORG = [("I", "modeset(0): Output eDP-1 connected"),
         ("I", "config/udev: Adding input device Power Button (/dev/input/event{n})"),
         ("I", "Using input driver 'libinput' for 'Power Button'"),
         ("W", "modeset(0): Disabling kernel dirty updates, not required."),
         ("I", "libinput: Sleep Button: is tagged by udev as: Keyboard"),
         ("E", "Failed to load module \"fbdev\" (module does not exist, 0)"),
         ("I", "modeset(0): Modeline \"1920x1080\"x60.0  {n}  1920 1968 2000 2080"),
         ("W", "Warning, couldn't open module fbdev")]

_EVENTS = [("Default", "nw_connection_report_state_with_handler_on_nw_queue [C{n}] reporting "
            "state ready"),
           ("Error", "Task {n}.{n} finished with error [-1001] Error Domain=NSURLErrorDomain"),
           ("Default", "xpc_connection_send_message: connection {n} invalidated"),
           ("Info", "Device {n} disconnected with reason 19"),
           ("Default", "Reachability changed: {n}"),
           ("Fault", "ASSERTION FAILED: session {n} not found"),
           ("Default", "nw_path_evaluator_start_helper_connection [{n}] starting helper"),
           ("Debug", "nw_path_evaluator_start_helper_connection [{n}] starting helper "
            "connection"),
           ("Default", "Reachability flags changed for interface en{n}")]


def _dmesg(records: int) -> tuple[str, collections.Counter[str]]:
    lines, counts = [], collections.Counter[str]()
    for k in range(records):
        message = _DMESG[(k * 3) % len(_DMESG)]
        counts[message] += 1
        lines.append(f"[{k * 0.0913 + 0.5:>12.6f}] {message.format(n=k * 37 % 997 + 1)}")
    return "\n".join(lines) + "\n", counts


def _xorg(records: int) -> tuple[str, collections.Counter[str]]:
    text, levels, _ = cycled_log(_XORG, records, 5, lambda k, letter, message: (
        f"[{k * 0.173 + 4.2:>10.3f}] ({letter * 2}) {message.format(n=k * 131 % 9973)}"))
    return text, levels


def _ndjson(records: int) -> tuple[str, collections.Counter[str]]:
    text, levels, _ = cycled_log(_EVENTS, records, 5, lambda k, level, message: json.dumps({
            "traceID": 9000 + k, "eventMessage": message.format(n=k * 53 % 8191),
            "eventType": "logEvent", "subsystem": ["com.apple.network", ""][k % 2],
            "category": ["connection", "default", ""][k % 3], "threadID": 100000 + k * 7,
            "timestamp": f"2024-03-01 {k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
                         f"{k * 7919 % 1000000:06d}-0800",
            "machTimestamp": 100000000 + k * 977, "messageType": level,
            "processID": 90 + k % 7}, separators=(",", ":")))
    return text, levels


def test_the_kernel_ring_buffer_is_a_log_of_its_uptime() -> None:
    text, counts = _dmesg(500)
    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt) and not has_level(fmt)
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 500 and stats.other_lines == 0
    assert not [k for k, v in stats.levels.items() if k != "none" and v]
    mined = {t.template: t.count for t in stats.templates}
    assert mined["usb <*>-<*>: new high-speed USB device number <*> using xhci_hcd"] == 100
    assert mined["wlp2s0: authenticated"] == 100
    assert len(mined) == len(_DMESG)
    read_alike_in_pieces(text, fmt)


def test_a_number_in_a_bracket_without_a_fraction_is_no_uptime() -> None:
    text = "\n".join(f"[{k % 9 + 1}] see the note about item {k}" for k in range(200)) + "\n"
    assert detect_format(text) is None


def test_a_doubled_letter_is_the_level_and_a_name_on_most_messages_is_theirs() -> None:
    text, levels = _xorg(480)
    fmt, stats = levelled_scan(text, 480)
    assert stats.levels == common_levels(levels) == {"info": 300, "warning": 120, "error": 60}
    assert not stats.levels_inferred
    mined = {t.template: t.count for t in stats.templates}
    assert mined["modeset(<*>): Output eDP-<*> connected"] == 60
    assert mined["Using input driver 'libinput' for 'Power Button'"] == 60
    assert mined["Warning, couldn't open module fbdev"] == 60
    read_alike_in_pieces(text, fmt)


def test_a_json_level_key_of_its_own_words_is_read_in_every_piece() -> None:
    text, levels = _ndjson(630)
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith('json:["messageType"')
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 630
    assert stats.levels == common_levels(levels) and not stats.levels_inferred
    # (more than half the records: a word of no common level)
    assert stats.levels == {"default": 350, "error": 70, "info": 70, "fault": 70, "debug": 70}
    mined = {t.template: t.count for t in stats.templates}
    assert mined["Device <*> disconnected with reason <*>"] == 70
    # (each piece holds some 30 records, over half of them "Default")
    read_alike_in_pieces(text, fmt)


# (the tag padded to eight: the short ones' colon after blanks, the long ones' glued)
_LOGCAT = [("I", "ActivityManager", "Start proc {n}:com.example.shop/u0a{n} for activity"),
           ("I", "chatty", "uid={n}(u0_a{n}) RenderThread identical {n} lines"),
           ("W", "Zygote", "Slow operation: {n}ms so far, now at startProcess"),
           ("D", "WifiService", "getConnectionInfo uid={n}"),
           ("E", "AndroidRuntime", "FATAL EXCEPTION: main Process: com.example.shop, PID: {n}"),
           ("I", "Zygote", "Process com.example.shop (pid {n}) has died: fg  TOP")]


def _threadtime(records: int) -> tuple[str, collections.Counter[str],
                                       collections.Counter[str]]:
    lines, levels, counts = [], collections.Counter[str](), collections.Counter[str]()
    tags = ["ActivityManager", "chatty", "Zygote", "WifiService"]
    for k in range(records):
        letter, _, message = _LOGCAT[(k * 5) % len(_LOGCAT)]
        tag = tags[k * 7 % len(tags)]  # (any tag may log any message)
        levels[letter] += 1
        counts[message] += 1
        lines.append(f"03-01 {k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}.{k % 1000:03d} "
                     f"{300 + k * 13 % 9000:5d} {300 + k * 17 % 9000:5d} {letter} {tag:<8}: "
                     f"{message.format(n=k * 131 % 9973)}")
    return "\n".join(lines) + "\n", levels, counts


def test_a_tag_padded_before_its_colon_closes_the_header_as_a_glued_one() -> None:
    text, levels, counts = _threadtime(480)
    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt) and fmt.endswith(",L1_s,C_s")
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 480 and stats.other_lines == 0
    assert stats.levels == common_levels(levels) == {"info": 240, "warning": 80, "debug": 80,
                                                     "error": 80}
    mined = {t.template: t.count for t in stats.templates}
    assert mined["getConnectionInfo uid=<*>"] == counts["getConnectionInfo uid={n}"] == 80
    assert mined["Slow operation: <*> so far, now at startProcess"] == 80
    assert len(mined) == len(_LOGCAT)
    read_alike_in_pieces(text, fmt)


_KLOG = [("I", "Successfully synced key=\"shop/api-{n}\""),
         ("W", "failed to list *v1.ConfigMap: configmaps is forbidden"),
         ("I", "Event occurred object=\"shop/api-{n}\" kind=\"Pod\" reason=\"Pulled\""),
         ("E", "Error syncing pod, skipping pod=\"shop/api-{n}\""),
         ("I", "Starting controller name=\"replicaset\" workers={n}")]


def _klog(records: int) -> tuple[str, collections.Counter[str]]:
    callers = ["server.go:123", "controller.go:2045", "reflector.go:535"]
    text, levels, _ = cycled_log(_KLOG, records, 3, lambda k, letter, message: (
        f"{letter}0301 {k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
        f"{k * 7919 % 1000000:06d} {[1, 17, 2304][k % 3]:>7} "
        f"{callers[k * 7 % 3]}] {message.format(n=k * 131 % 9973)}"))
    return text, levels


def test_a_caller_closing_an_unopened_bracket_ends_the_header() -> None:
    text, levels = _klog(500)
    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt) and fmt.endswith(",C_s")
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 500 and stats.other_lines == 0
    assert stats.levels == common_levels(levels) == {"info": 300, "warning": 100, "error": 100}
    mined = {t.template: t.count for t in stats.templates}
    assert mined["failed to list *v1.ConfigMap: configmaps is forbidden"] == 100
    assert len(mined) == len(_KLOG)
    read_alike_in_pieces(text, fmt)


_CHROME = [("INFO", "Starting network service {n}"),
           ("ERROR", "Passthrough is not supported, GL is egl, ANGLE is vulkan"),
           ("WARNING", "GPU process exited unexpectedly: exit_code={n}"),
           ("ERROR", "Failed to connect to the bus: Could not parse server address"),
           ("INFO", "Loaded {n} extensions")]


def _chrome(records: int) -> tuple[str, collections.Counter[str]]:
    where = ["chrome_main_delegate.cc(812)", "gpu_init.cc(523)", "network_service.cc(248)"]
    text, levels, _ = cycled_log(_CHROME, records, 3, lambda k, level, message: (
        f"[{[4120, 4133][k % 2]}:{[4120, 1, 5][k % 3]}:0301/"
        f"{k // 3600 % 24:02d}{k // 60 % 60:02d}{k % 60:02d}.{k % 1000:03d}:"
        f"{level}:{where[k * 7 % 3]}] {message.format(n=k * 131 % 9973)}"))
    return text, levels


def test_a_bracket_of_colon_parted_fields_holds_the_time_and_the_level() -> None:
    text, levels = _chrome(500)
    fmt, stats = levelled_scan(text, 500)
    assert stats.levels == common_levels(levels) == {"info": 200, "error": 200, "warning": 100}
    mined = {t.template: t.count for t in stats.templates}
    assert mined["Passthrough is not supported, GL is egl, ANGLE is vulkan"] == 100
    assert len(mined) == len(_CHROME)
    read_alike_in_pieces(text, fmt)


def test_a_bracket_of_colon_parted_words_without_a_stamp_is_no_stamped_level() -> None:
    assert stamped_level("[4120:1:0301/120000.123:WARNING:gpu_init.cc(523)]") == "WARNING"
    assert stamped_level("[4120:1:WARNING:gpu_init.cc(523)]") is None  # (no compact stamp)
    assert stamped_level("[4120:0301/120000.123:INFO:ERROR]") is None  # (two levels)


_COREDNS = [("INFO", "plugin/reload: Running configuration SHA512 = {n}"),
            ("ERROR", "plugin/errors: 2 shop.example.com. A: read udp 10.0.0.{n}:53: i/o timeout"),
            ("WARNING", "plugin/kubernetes: Kubernetes API connection failure"),
            ("INFO", "plugin/health: Going into lameduck mode for 5s"),
            ("INFO", "10.0.0.{n}:53 - {n} \"A IN shop.example.com. udp 34 false 512\" NOERROR"),
            ("INFO", "10.0.0.{n}:53 - {n} \"A IN shop.example.com. udp 34 false 512\" NOERROR"),
            ("INFO", "10.0.0.{n}:53 - {n} \"A IN shop.example.com. udp 34 false 512\" NOERROR"),
            ("INFO", "10.0.0.{n}:53 - {n} \"A IN shop.example.com. udp 34 false 512\" NOERROR")]


def test_a_level_first_line_keeps_its_message_whole() -> None:
    lines, levels = [], collections.Counter[str]()
    for k in range(400):
        level, message = _COREDNS[k % len(_COREDNS)]
        levels[level] += 1
        lines.append(f"[{level}] {message.format(n=k * 131 % 250 + 1)}")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 400
    assert stats.levels == common_levels(levels) == {"info": 300, "error": 50, "warning": 50}
    mined = {t.template: t.count for t in stats.templates}
    assert mined["plugin/kubernetes: Kubernetes API connection failure"] == 50
    assert all(t.startswith(("plugin/", "<*>")) for t in mined)
    folds_alike(text, fmt)
