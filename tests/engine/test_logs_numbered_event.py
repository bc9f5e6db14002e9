"""An event named by a number after its severity ("%ASA-6-302013:", as a firewall writes
where a router writes "%LINK-3-UPDOWN:") is the record's level field and its event's name:
the levels are counted by the digit, the number is no value (two events sharing most of
their words stay two), after a host's " : " or alone on the line, whatever the pieces."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.mask import mask, mask_whole
from tests.support.helpers import clock, folds_alike

# (severity, event number, message with {} for values)
_EVENTS = [
    (6, 302013, "Built outbound TCP connection {} for outside:{}/443 ({}/443) to "
                "inside:{}/{} ({}/{})"),
    (6, 302015, "Built inbound UDP connection {} for outside:{}/53 ({}/53) to "
                "inside:{}/{} ({}/{})"),
    (6, 302014, "Teardown TCP connection {} for outside:{}/443 to inside:{}/{} duration "
                "0:00:{} bytes {} TCP FINs"),
    (4, 106023, 'Deny tcp src outside:{}/{} dst inside:{}/{} by access-group "outside_in" '
                "[0x0, 0x0]"),
    (3, 710003, "TCP access denied by ACL from {}/{} to outside:{}/{}"),
    (2, 106001, "Inbound TCP connection denied from {}/{} to {}/{} flags SYN on interface "
                "outside"),
]


def _firewall(records: int, head: str) -> tuple[str, Counter[str], Counter[int]]:
    """A firewall's log, each line ``head`` (its time and host, or nothing) and an event;
    the records of each event and of each severity, counted as they are written."""
    rnd = random.Random(11)
    lines, events, levels = [], Counter[str](), Counter[int]()
    for k in range(records):
        sev, number, text = rnd.choices(_EVENTS, weights=[30, 20, 28, 12, 6, 4])[0]
        values = [f"10.{rnd.randint(0, 255)}.{rnd.randint(0, 255)}.{rnd.randint(1, 254)}"
                  if "{}/" in text[:i + 3] and text[i + 2:i + 3] == "/" else
                  str(rnd.randint(1, 65535)) for i in range(text.count("{}"))]
        events[f"%ASA-{sev}-{number}"] += 1
        levels[sev] += 1
        lines.append(head.format(clock(k * 7)) + f"%ASA-{sev}-{number}: " + text.format(*values))
    return "\n".join(lines) + "\n", events, levels


def _read(text: str) -> tuple[str, dict[str, int], dict[str, int]]:
    """The format read, the levels as the log writes them, and the records of each
    template's first word."""
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    opened = Counter[str]()
    for t in stats.templates:
        opened[t.template.split(" ", 1)[0]] += t.count
    return fmt, stats.fields.get("level", {}), dict(opened)


def test_a_firewalls_events_after_its_host_are_levels_and_names() -> None:
    text, events, levels = _firewall(1200, "May 14 {} fw01 : ")
    fmt, read, opened = _read(text)
    assert read == {str(s): c for s, c in levels.items()}, read
    # every event's records under its own name (the severity digit a value of the template)
    assert opened == {k.replace(f"-{k.split('-')[1]}-", "-<*>-") + ":": c
                      for k, c in events.items()}, opened
    folds_alike(text, fmt, pieces=(2, 5, 9))


def test_a_firewalls_buffer_without_a_time_is_a_log_by_its_levels() -> None:
    text, events, levels = _firewall(600, "")
    _fmt, read, opened = _read(text)
    assert read == {str(s): c for s, c in levels.items()}, read
    assert sum(opened.values()) == 600 and len(opened) == len(events)


def test_the_number_that_names_an_event_is_no_value() -> None:
    for message, masked in [
        ("%ASA-6-302013: Built connection 4121 for 10.1.2.3/443",
         "%ASA-<*>-302013: Built connection <*> for <*>/<*>"),
        ("%LINK-3-UPDOWN: Interface Gi0/1, changed", "%LINK-<*>-UPDOWN: Interface Gi0/<*>, changed"),
        ("job 302013: took 12 ms", "job <*>: took <*>"),  # (no severity before it)
        ("ports 6-302013: open", "ports <*>-<*>: open"),
    ]:
        assert mask(message) == mask_whole(message) == masked, (message, mask(message))
