"""A name glued to its text (``wifi:new:<11,0>, …``) among records that name their source
after a number (``I (1234) wifi_sta: …``) is a name all the same: the name column is learned
where such records are one in twelve, and they are records of their level, not lines of the
record above."""

from __future__ import annotations

import collections

from gapless.engine.extractive.logs import detect_format, scan_log
from tests.support.helpers import common_levels

_EVENTS = [("I", "mqtt_app: MQTT_EVENT_PUBLISHED, msg_id={n}"),
           ("D", "mqtt_app: sent publish successful, msg_id={n}"),
           ("I", "wifi_sta: retry to connect to the AP"),
           ("D", "sensor: temperature={n} humidity=41"),
           ("W", "wifi_sta: connect to the AP fail"),
           ("E", "esp-tls: couldn't get hostname for :api{n}.example.com"),
           ("I", "MQTT_CLIENT: Sending MQTT CONNECT message, type: 1, id: 0000"),
           ("I", "wifi:new:<11,0>, old:<1,0>, ap:<255,255>, sta:<11,0>, prof:1")]
_WEIGHTS = [3, 3, 1, 2, 1, 0, 1, 1]  # (the glued name on one record in twelve)


def _log(records: int) -> tuple[str, collections.Counter[str]]:
    """ESP-IDF's "L (ms since boot) tag: message"."""
    order = [e for e, w in zip(_EVENTS, _WEIGHTS, strict=True) for _ in range(w)] + [_EVENTS[5]]
    lines, levels = [], collections.Counter[str]()
    for k in range(records):
        level, message = order[(k * 5) % len(order)]
        levels[level] += 1
        lines.append(f"{level} ({1200 + k * 173 + k % 7}) " + message.format(n=k * 37 % 997))
    return "\n".join(lines) + "\n", levels


def test_a_name_glued_to_its_text_is_a_record_of_the_name_column() -> None:
    text, levels = _log(360)
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith("C_s")  # (the name column learned)
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 360 and stats.other_lines == 0
    assert stats.levels == common_levels({"INFO" if k == "I" else k: v for k, v in levels.items()})
    mined = {t.template: t.count for t in stats.templates}
    glued = [c for t, c in mined.items() if t.startswith("wifi:new:")]
    assert glued == [text.count("wifi:new:")]  # (its record's message the field on)
