"""A page of a room's events listed newest first, each stamped with milliseconds since 1970
in a field no time word names (``origin_server_ts``), is read oldest first: numbers that all
count time since 1970 are a time field by their values, as written-out dates are; numbers
out of that range (counts, small ids) are not."""

from __future__ import annotations

import json

from gapless.engine.sources.time_order import epoch_fields
from tests.support.helpers import summarized

TURNS = [(True, "Here is a photo of my electricity bill. Why did the total jump so much in "
                "March?"),
         (False, "Your March bill shows 612 kWh against 380 kWh in February, and the rate rose."),
         (True, "What would I save in a year if I moved the dishwasher and the laundry to the "
                "night tariff?"),
         (False, "At about 45 kWh a month and a night rate 11 cents lower, roughly 59 euros."),
         (True, "Write me a polite email to the supplier asking them to double-check the March "
                "meter reading."),
         (False, "Subject: Request to verify March meter reading. Dear customer service, ...")]


def test_events_newest_first_by_milliseconds_are_read_in_the_order_said(tmp_path, capsys):
    events = [{"type": "m.room.message", "sender": "@ana:example.org" if mine
               else "@billbot:example.org", "content": {"msgtype": "m.text", "body": text},
               "origin_server_ts": 1711616460000 + 60000 * k, "event_id": f"$e{k}"}
              for k, (mine, text) in enumerate(TURNS)]
    f = tmp_path / "messages.json"
    f.write_text(json.dumps({"chunk": events[::-1], "start": "t2", "end": "t1"}),
                 encoding="utf-8")
    summary = summarized(tmp_path, f, capsys)
    asked = summary.split("Done:")[0]
    assert asked.index("electricity bill") < asked.index("night tariff") < asked.index(
        "polite email")


def test_only_numbers_of_one_scale_of_time_since_1970_are_times():
    items = [{"ts": 1711616460000 + k, "secs": 1711616460.5 + k, "n": 3 + k, "id": 118400 + k,
              "mixed": 1711616460 if k else 1711616460000} for k in range(4)]
    assert epoch_fields(items) == {"ts", "secs"}
