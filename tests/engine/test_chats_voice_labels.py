"""A help desk's articles carry, beside each one's words, who sent it as a mail header
writes it (``Ana Costa <ana@example.net>``): a field whose one value comes back on every
record of a voice is that voice's label, never an ask nor an answer; a field whose values
differ within a voice stays words."""

from __future__ import annotations

import json

from gapless.engine.sources.voice_labels import VoiceValues
from gapless.tui.cli.main import main

BILL = [(True, "Here is a photo of my electricity bill. Why did the total jump so much in "
               "March?"),
        (False, "Your March bill shows 612 kWh against 380 kWh in February, and the unit rate "
                "went up on March 1st."),
        (True, "What would I save in a year if I moved the dishwasher to the night tariff?"),
        (False, "At about 45 kWh a month and a night rate 11 cents lower, roughly 59 euros."),
        (True, "Write me a polite email to the supplier asking them to check the reading."),
        (False, "Subject: Request to verify March meter reading. Dear customer service...")]
FROM = {True: "Ana Costa <ana.costa@example.net>",
        False: "Lena Berg via Brightwater <support@brightwater.example>"}
SYSTEM = "Brightwater <support@brightwater.example>"


def test_a_voices_label_is_no_ask_nor_done(tmp_path, capsys):
    arts = []
    for k, (mine, text) in enumerate(BILL):
        arts.append({"id": 500 + k, "ticket_id": 40, "from": FROM[mine],
                     "content_type": "text/html", "body": f"<div>{text}</div>",
                     "internal": False, "sender": "Customer" if mine else "Agent",
                     "created_at": f"2024-03-28T09:{3 * k:02d}:00Z"})
        if k == 0:
            arts.append({"id": 590, "ticket_id": 40, "from": SYSTEM,
                         "content_type": "text/html", "body": "<div>We got your request "
                         "#40 and will get back to you soon.</div>", "internal": False,
                         "sender": "System", "created_at": "2024-03-28T09:01:00Z"})
    f = tmp_path / "articles.json"
    f.write_text(json.dumps(arts), encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "s.db")]) == 0
    entry = json.loads(capsys.readouterr()[0])["entry"]
    assert entry["summary"].startswith("Asked:")
    assert "<ana.costa@example.net>" not in entry["summary"]
    assert "via Brightwater" not in entry["summary"] + entry["headline"]
    assert "What would I save in a year" in entry["summary"]


def test_one_value_for_each_of_two_voices_is_a_label():
    vv = VoiceValues()
    for voice, value in [("a", "Ana <a@x.org>"), ("b", "Lena <l@x.org>"),
                         ("a", "Ana <a@x.org>"), ("b", "Lena <l@x.org>"), ("c", "Bot <b@x>")]:
        vv.see(voice, value)
    assert vv.label
    # a voice saying two things: words
    vv.see("a", "Where is my parcel?")
    assert not vv.label
    # only one voice with several records: too little to tell
    one = VoiceValues()
    for voice, value in [("a", "ok then"), ("a", "ok then"), ("b", "Sure, here it is.")]:
        one.see(voice, value)
    assert not one.label
