"""Another voice's words a record carries again (the ask an answer keeps under the intent it
inferred) are a quote of them, not the record's own words; a message that only repeats
another's is still said."""

from __future__ import annotations

import json

from gapless.engine.sources.echoed_words import Echoes
from tests.support.helpers import asks_only_from, summarized_asks

TRIP = [("you", "Plan a three day trip to Lisbon for two people, we like food and walking."),
        ("khoj", "Day 1: Alfama and the castle. Day 2: Belém. Day 3: a day trip to Sintra."),
        ("you", "Which neighbourhood should we book a hotel in if we arrive late at night?"),
        ("khoj", "Baixa or Chiado: central, flat from the metro and lively but safe at night."),
        ("you", "Can you give me a rough budget per day without flights?"),
        ("khoj", "About 180 to 230 euros a day for two, a mid-range hotel included.")]
ASKS = [t for who, t in TRIP if who == "you"]


def test_an_answer_that_keeps_the_ask_it_answers_does_not_say_it_again(tmp_path, capsys):
    chat = []
    for k, (who, text) in enumerate(TRIP):
        turn = {"by": who, "message": text, "created": f"2024-05-02 10:0{k}:00"}
        if who == "khoj":
            turn["intent"] = {"type": "remember", "query": TRIP[k - 1][1],
                              "inferred-queries": ["Lisbon travel notes"]}
        chat.append(turn)
    f = tmp_path / "conversations.json"
    f.write_text(json.dumps({"conversations": [{"title": "Lisbon", "conversation_log": {
        "chat": chat}}]}, indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [])
    assert len(asked) == len(ASKS)


def test_a_record_that_only_repeats_another_voices_words_is_still_said():
    echoes = Echoes()
    assert echoes.own("ana", ["see you at the station then"]) == ["see you at the station then"]
    # the same words from another voice, alone in its record: said
    assert echoes.own("ben", ["see you at the station then"]) == ["see you at the station then"]
    # beside words of its own: the repeated string is a quote and drops out
    assert echoes.own("ben", ["On my way.", "see you at the station then"]) == ["On my way."]
    # short strings are said alike by anyone, never quotes
    assert echoes.own("ana", ["Great news", "ok thanks"]) == ["Great news", "ok thanks"]
    assert echoes.own("ben", ["Sure", "ok thanks"]) == ["Sure", "ok thanks"]
