"""Records not written one after the other are no conversation (their times in no order,
or two voices in a random order: :mod:`engine.sources.turn_taking`); records that each keep
a conversation as a bare list of strings are read by position (:mod:`engine.sources.bare_turns`);
a field of one or two values of several words that come back on every record (each voice's
style) is no one's words (:mod:`engine.sources.chat_records`)."""

from __future__ import annotations

import json
import random

from gapless.engine.sources.bare_turns import bare_turns
from gapless.engine.sources.chat_shape import find_conversations, find_speaker
from gapless.engine.sources.turn_taking import times_in_no_order
from tests.support.helpers import asks_only_from, summarized_asks

BIOS = ["Loves hiking and strong coffee on Sundays.", "Backend engineer on the billing service.",
        "Joined in 2021 and works from Lisbon.", "Product designer who enjoys typography."]
ASKS = ["Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without flights?",
        "Is the train to Sintra faster than the bus on a weekday?",
        "Where can we eat well near the castle without booking?"]
ANSWERS = ["Baixa or Chiado: central, flat from the metro and lively but safe at night, with "
           "late check-in at most hotels.",
           "About 180 to 230 euros a day for two: 110 for a mid-range hotel, 60 for food and 20 "
           "for transport and tickets.",
           "Yes: the train from Rossio takes about 40 minutes and leaves every 20 minutes, the "
           "bus is slower in traffic.",
           "Try the small tascas of Mouraria below the castle; most take walk-ins before eight "
           "in the evening."]


def _accounts(n: int, seed: int, *, timed: bool) -> list[dict[str, object]]:
    rnd = random.Random(seed)
    out: list[dict[str, object]] = []
    for i in range(n):
        rec: dict[str, object] = {"id": i + 1, "name": f"Person {i}",
                                  "role": rnd.choice(["admin", "user"]), "bio": rnd.choice(BIOS)}
        if timed:
            rec["created_at"] = f"2024-0{rnd.randint(1, 9)}-1{rnd.randint(0, 9)}T10:00:00Z"
        out.append(rec)
    return out


def _chat(n: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for k in range(n):
        out.append({"role": "user" if k % 2 == 0 else "admin",
                    "text": (ASKS if k % 2 == 0 else ANSWERS)[k // 2 % 4],
                    "created_at": f"2024-04-20T10:{k // 60:02d}:{k % 60:02d}Z"})
    return out


def test_accounts_of_two_roles_are_no_conversation() -> None:
    # times in no order: accounts, however few
    assert find_speaker(_accounts(12, 3, timed=True)) is None
    assert find_speaker(_accounts(80, 4, timed=True)) is None
    # no time, many records: two voices in a random order
    assert find_speaker(_accounts(80, 5, timed=False)) is None
    # the same two voices taking turns, their times in order: a conversation
    speaker = find_speaker(_chat(12))
    assert speaker is not None and speaker.path == "role" and speaker.person == {"user"}


def test_times_in_order_either_way_or_none() -> None:
    is_time = lambda k: k == "at"  # noqa: E731
    rising = [{"at": f"2024-04-20T10:{k:02d}:00Z"} for k in range(8)]
    assert times_in_no_order(rising, is_time) is False
    assert times_in_no_order(rising[::-1], is_time) is False
    assert times_in_no_order([{"at": 5}, {"at": 1}, {"at": 9}, {"at": 2}, {"at": 7},
                              {"at": 3}], is_time) is True
    assert times_in_no_order([{"x": 1}] * 8, is_time) is None
    # times written in words are not compared (their order is not their letters')
    assert times_in_no_order([{"at": d} for d in ("Apr 20", "Apr 3", "May 1", "Apr 9",
                                                  "Jun 2", "Jan 5")], is_time) is None


def test_bare_strings_in_turn_are_read_by_position(tmp_path, capsys) -> None:
    records = [{"id": str(k), "data": [s for pair in zip(ASKS[k:] + ASKS[:k], ANSWERS[k:]
                                                         + ANSWERS[:k], strict=True)
                                       for s in pair][:6]} for k in range(3)]
    found = find_conversations(records)
    assert found is not None and len(found.conversations) == 3
    first = found.conversations[0][0][1]
    assert first["speaker"] == "user" and first["words"] == ASKS[0]
    f = tmp_path / "train.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, ANSWERS)


def test_lists_of_sentences_in_no_such_order_are_no_turns() -> None:
    rnd = random.Random(11)
    steps = ["Preheat the oven to 200 degrees.", "Mix the flour, the salt and the butter.",
             "Add the eggs one at a time.", "Knead the dough for ten minutes until smooth.",
             "Let it rest.", "Roll it out on a floured table and cut it into squares."]
    recipes = [{"title": f"Recipe {k}", "steps": rnd.sample(steps, len(steps))}
               for k in range(3)]
    shortest_first = [{"steps": sorted(steps, key=len)[::-1]} for _ in range(3)]
    assert not bare_turns(shortest_first, "speaker", "words")
    assert not bare_turns([{"data": ASKS[:1] + ANSWERS[:1]}] * 2, "speaker", "words")  # few
    assert not bare_turns({"data": [s for p in zip(ASKS, ANSWERS, strict=True) for s in p]},
                          "speaker", "words")  # a lone document's list
    assert not bare_turns(recipes, "speaker", "words")  # steps shuffled: 2 of 9 "answers"


def test_each_voices_own_style_is_no_ones_words(tmp_path, capsys) -> None:
    style = {"a": "font-family: Helvetica; font-size: 12pt;",
             "b": "color: #000000; font-family: Helvetica; font-size: 12pt;"}
    lines = ['<?xml version="1.0" encoding="UTF-8" ?>',
             '<chat account="ana@example.net" service="Jabber">']
    for k in range(8):
        who = "a" if k % 2 == 0 else "b"
        said = (ASKS if who == "a" else ANSWERS)[k // 2]
        lines.append(f'<message sender="{who}@example.net" time="2014-05-02T10:{k:02d}:14+01:00">'
                     f'<div><span style="{style[who]}">{said}</span></div></message>')
    lines.append("</chat>")
    f = tmp_path / "chat.xml"
    f.write_text("\n".join(lines), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [*style.values(), *ANSWERS])
