"""A MAC address (six hex pairs joined by one mark, as a router's DHCP server and its
access point write a client's) is one value: its pairs of digits alone were masked and
those holding a letter kept, so one event was mined into a template per device."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.mask import mask, mask_whole
from tests.support.helpers import clock, folds_alike


def _router(records: int) -> tuple[str, Counter[str]]:
    """A router's logread: DHCP requests and Wi-Fi associations of many devices, each
    event's records counted as they are written."""
    rnd = random.Random(5)
    lines, events = [], Counter[str]()
    for k in range(records):
        mac = ":".join(f"{rnd.getrandbits(8):02x}" for _ in range(6))
        ip = f"192.168.1.{rnd.randint(2, 250)}"
        event, level, tag, text = rnd.choices([
            ("DHCPREQUEST", "info", "dnsmasq-dhcp[1893]", f"DHCPREQUEST(br-lan) {ip} {mac}"),
            ("DHCPACK", "info", "dnsmasq-dhcp[1893]", f"DHCPACK(br-lan) {ip} {mac}"),
            ("AP-STA-CONNECTED", "notice", "hostapd",
             f"phy0-ap0: AP-STA-CONNECTED {mac.upper().replace(':', '-')}"),
        ], weights=[5, 4, 2])[0]
        events[event] += 1
        lines.append(f"Fri Mar  1 {clock(k * 13)} 2024 daemon.{level} {tag}: {text}")
    return "\n".join(lines) + "\n", events


def test_a_mac_address_is_one_value() -> None:
    for message, masked in [
        ("DHCPACK(br-lan) 192.168.1.23 dc:bf:0e:2a:0d:02 phone",
         "DHCPACK(br-lan) <*> <*> phone"),
        ("STA 0A-7A-D8-11-F9-00 associated", "STA <*> associated"),
        ("at 12:00:00 ok", "at <*> ok"),  # (a time: three groups, no address)
        ("key aa:bb:cc:dd:ee:ff:01 set", "key aa:bb:cc:dd:ee:ff:<*> set"),  # (seven pairs)
        ("mixed aa:bb-cc:dd:ee:ff x", "mixed aa:bb-cc:dd:ee:ff x"),  # (two marks: none)
    ]:
        assert mask(message) == mask_whole(message) == masked, (message, mask(message))


def test_a_routers_events_of_many_devices_are_one_template_each() -> None:
    text, events = _router(900)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    mined = Counter[str]()
    for t in stats.templates:
        mined[next(w for w in ("DHCPREQUEST", "DHCPACK", "AP-STA-CONNECTED")
                   if w in t.template)] += t.count
        assert t.count > 1, t.template  # (no template of one device)
    assert mined == events, mined
    assert len(stats.templates) == len(events), [t.template for t in stats.templates]
    folds_alike(text, fmt, pieces=(2, 5, 9))
