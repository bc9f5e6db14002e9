"""A message's preview (its start cut at one length, as an inbox's ``blurb``) is no copy of
its words to keep in their place: the whole words are read, once; and a field that is the
words written as HTML (``&#39;`` for ``'``) is their rendition, not a second ask."""

from __future__ import annotations

import html
import json
from pathlib import Path

from gapless.engine.sources.chat_json import load_file
from gapless.engine.sources.preview_fields import previews

SAID = [(True, "Plan a three day trip to Lisbon for two people in early May, we like food."),
        (False, "Day 1: Alfama and the castle, dinner in Mouraria. Day 2: Belém and Sintra."),
        (True, "Which neighbourhood should we book a hotel in if we arrive late at night?"),
        (False, "Baixa or Chiado: central, flat from the metro and lively but safe at night."),
        (True, "Can you give me a rough budget?"),
        (False, "About 180 euros a day for two, with a mid-range hotel and the trains.")]
CUT = 48


def _user_texts(f: Path) -> list[str]:
    return [e.text for e in load_file(f).entries if e.role == "user"]


def test_preview_is_left_out_for_the_whole_words(tmp_path: Path):
    rows = [{"id": f"msg_{k:04x}a9", "sender": "visitor" if inbound else "operator",
             "created_at": 1714464000 + 90 * k, "blurb": text[:CUT], "text": text}
            for k, (inbound, text) in enumerate(SAID)]
    f = tmp_path / "messages.json"
    f.write_text(json.dumps({"_results": rows}, indent=2), encoding="utf-8")
    users = _user_texts(f)
    assert [sum(text in u for u in users) for inbound, text in SAID if inbound] == [1, 1, 1]


def test_words_as_html_are_one_ask(tmp_path: Path):
    said = [(True, "my deploy keeps failing with 'health check timed out', what's wrong?"),
            (False, "Your app probably listens on 127.0.0.1; bind it to 0.0.0.0:8080."),
            (True, "how do I run the database migrations before the new machines start?"),
            (False, "Add a release_command to the deploy section; it runs before the rollout.")]
    rows = [{"id": f"5c9e{k:04x}77aa01", "text": text,
             "html": html.escape(text, quote=True).replace("&#x27;", "&#39;"),
             "sent": f"2024-04-20T18:0{k}:11.000Z",
             "fromUser": {"username": "sam" if person else "kim"}}
            for k, (person, text) in enumerate(said)]
    f = tmp_path / "chatMessages.json"
    f.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    users = _user_texts(f)
    assert not any("&#39;" in u for u in users)
    assert sum(said[0][1] in u for u in users) == 1


def test_a_preview_is_cut_at_one_length():
    recs = [[("blurb", t[:CUT]), ("text", t)] for _i, t in SAID]
    assert previews(recs) == {"blurb"}
    # a shorter field that is only sometimes the start of the longer one is no preview
    assert previews([[("ask", "Summarize the attached file for me"),
                      ("prompt", "Summarize the attached file for me\n\n<file>…</file>")],
                     [("ask", "Now translate that summary into German"),
                      ("prompt", "Context: the file\n\nNow translate that summary into German")]
                     ]) == set()
