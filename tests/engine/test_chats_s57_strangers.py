"""A thirteenth strangers' pass: chat exports whose structure the readers missed at first
sight — a stamp whose date and time a locale's short word joins, an HTML message whose
sender sits in a plain header line (or is a telephone number), a reply carrying a copy of
the message it answers, the app narrating its sender, envelopes of typed parts of several
voices, a ticket whose description opens the thread, and receipts between the messages."""

from __future__ import annotations

import json

from gapless.engine.sources.chat_shape import find_conversations
from gapless.engine.sources.html_turns import learn_html_turns
from gapless.engine.sources.joined_parts import joined_parts
from gapless.engine.sources.line_turns import learn_line_turns
from gapless.engine.sources.narrated_notice import narrates
from gapless.engine.sources.quoted_records import unquoted
from tests.support.helpers import asks_only_from, summarized_asks

TRIP = [("Camille", "On part à Porto trois jours fin mai, tu as des idées de quartiers ?"),
        ("Julien", "Ribeira si vous voulez la vue sur le fleuve, sinon Cedofeita."),
        ("Camille", "Et pour manger une francesinha, tu conseilles quelle adresse ?"),
        ("Julien", "Café Santiago, sans hésiter. Allez-y avant 19h."),
        ("Camille", "Pour aller à l'aéroport tôt le matin, métro ou taxi ?"),
        ("Julien", "Le métro commence vers 6h ; avant ça, prenez un Bolt.")]

DEPLOY = [("person", "my deploy keeps failing with a health check timeout, what should I check?"),
          ("helper", "Your app probably listens on localhost; bind to 0.0.0.0 on port 8080."),
          ("person", "fixed. how do I run the database migrations before the new machines?"),
          ("helper", "Add a release command to the deploy section; it runs before the rollout."),
          ("person", "last thing: can I keep one machine always running for the first request?"),
          ("helper", "Yes: set the minimum of running machines to one and keep auto stop on.")]
ASKS = [t for who, t in DEPLOY if who == "person"]
ANSWERS = [t for who, t in DEPLOY if who == "helper"]


def _export(joiner: str) -> str:
    head = f"20/04/2024{joiner}10:00 - Les messages et les appels sont chiffrés de bout en bout."
    return "\n".join([head] + [f"20/04/2024{joiner}10:{2 * k + 1:02d} - {who}: {text}"
                               for k, (who, text) in enumerate(TRIP)]) + "\n"


def test_a_locale_word_between_date_and_time_still_opens_a_turn(tmp_path, capsys):
    learned = learn_line_turns(_export(" à "))
    assert learned is not None
    assert learned.roles == {"Camille": "user", "Julien": "assistant"}
    f = tmp_path / "discussion.txt"
    f.write_text(_export(" à "), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    said = [t for who, t in TRIP if who == "Camille"]
    assert len(asked) == len(said)
    assert all(any(a[:30] in s for s in said) for a in asked)


def test_a_word_of_four_letters_or_a_number_there_is_no_stamp():
    # a sentence that happens to hold a date and a time is no export's line
    assert learn_line_turns(_export(" then ")) is None
    assert learn_line_turns(_export(" 12 ")) is None


def _page(sender_line: str) -> str:
    out = ['<!DOCTYPE html>\n<html>\n<head><style>.sent { float: right; }</style></head>\n<body>']
    for k, (who, text) in enumerate(DEPLOY):
        name = "Me" if who == "person" else "+15555550123"
        side = "sent" if who == "person" else "received"
        out.append(f'<div class="message">\n<div class="{side}">\n'
                   + sender_line.format(stamp=f"Apr 20, 2024 10:0{k}:00 AM", name=name)
                   + f'\n<hr><div class="message_part">\n<span class="bubble">{text}</span>\n'
                   '</div>\n</div>\n</div>')
    return "\n".join(out) + "\n</body>\n</html>\n"


def test_html_sender_in_a_plain_header_line_and_a_telephone_number(tmp_path, capsys):
    page = _page('<p><span class="timestamp">{stamp}</span>\n<span class="sender">{name}</span></p>')
    learned = learn_html_turns(page)
    assert learned is not None
    assert learned.roles == {"Me": "user", "+15555550123": "assistant"}
    f = tmp_path / "chat.html"
    f.write_text(page, encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)
    # a header line that is itself classed is no plain line: the words are not beside it
    classed = _page('<p class="head"><span class="timestamp">{stamp}</span>\n'
                    '<span class="sender">{name}</span></p>')
    assert learn_html_turns(classed) is None


def _discord() -> list[dict[str, object]]:
    person = {"id": "41", "username": "sam", "global_name": "Sam"}
    bot = {"id": "99", "username": "helper", "global_name": None, "bot": True}
    out: list[dict[str, object]] = []
    prev: dict[str, object] | None = None
    for k, (who, text) in enumerate(DEPLOY):
        m: dict[str, object] = {"type": 0, "content": text, "attachments": [], "embeds": [],
                                "timestamp": f"2024-04-20T10:0{k}:00+00:00", "id": str(1000 + k),
                                "channel_id": "7", "author": person if who == "person" else bot,
                                "pinned": False, "tts": False}
        if who == "helper" and prev is not None:
            m["type"] = 19
            m["message_reference"] = {"message_id": prev["id"], "channel_id": "7"}
            m["referenced_message"] = dict(prev)
        out.append(m)
        prev = m
    return out[::-1]


def test_a_reply_carrying_the_message_it_answers_says_only_its_own_words(tmp_path, capsys):
    msgs = _discord()
    kept = unquoted(msgs)
    assert all("referenced_message" not in m for m in kept)
    assert all("message_reference" in m for m in kept if m["type"] == 19)
    assert unquoted(kept) is kept  # nothing quoted: the same records
    f = tmp_path / "messages.json"
    f.write_text(json.dumps(msgs, indent=2), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def test_the_app_narrating_its_sender_is_a_notice(tmp_path, capsys):
    assert narrates("lena.hoffmann", "lena.hoffmann sent an attachment.")
    assert narrates("Sam Ortiz", "Sam Ortiz left the group")
    assert not narrates("Sam Ortiz", "Sam Ortiz here, can you check the deploy?")
    assert not narrates("Sam", "Samples are in the shared folder now.")
    assert not narrates("Sam", "Sam Ortiz is my full name, please use it in the invoice header.")
    msgs: list[dict[str, object]] = []
    for k, (who, text) in enumerate(DEPLOY):
        name = "sam.ortiz" if who == "person" else "fly.helper"
        msgs.append({"sender_name": name, "timestamp_ms": 1713600000000 + 60000 * k,
                     "content": text, "is_geoblocked_for_viewer": False})
        if k == 0:
            msgs.append({"sender_name": name, "timestamp_ms": 1713600030000,
                         "content": "sam.ortiz sent an attachment.",
                         "share": {"link": "https://example.com/reel/1",
                                   "share_text": "Sunset over the river from the old bridge"},
                         "is_geoblocked_for_viewer": False})
    doc = {"participants": [{"name": "fly.helper"}, {"name": "sam.ortiz"}],
           "messages": msgs[::-1], "title": "fly.helper"}
    f = tmp_path / "message_1.json"
    f.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS,
                   ["sam.ortiz sent an attachment.", "Sunset over the river", *ANSWERS])


SYSTEM = "You are a careful assistant for deployments. Answer briefly and precisely."


def _envelopes() -> list[dict[str, object]]:
    def req(*parts: dict[str, object]) -> dict[str, object]:
        return {"parts": list(parts), "instructions": None, "kind": "request"}

    def resp(*parts: dict[str, object]) -> dict[str, object]:
        return {"parts": list(parts), "model_name": "m-1", "kind": "response",
                "usage": {"input_tokens": 10, "output_tokens": 5}}

    return [req({"content": SYSTEM, "part_kind": "system-prompt"},
                {"content": ASKS[0], "part_kind": "user-prompt"}),
            resp({"tool_name": "logs", "args": "{\"app\": \"web\"}", "tool_call_id": "c1",
                  "part_kind": "tool-call"}),
            req({"tool_name": "logs", "content": "health check on port 8080 timed out after 5s",
                 "tool_call_id": "c1", "part_kind": "tool-return"}),
            resp({"content": ANSWERS[0], "part_kind": "text"}),
            req({"content": ASKS[1], "part_kind": "user-prompt"}),
            resp({"content": ANSWERS[1], "part_kind": "text"}),
            req({"content": ASKS[2], "part_kind": "user-prompt"}),
            resp({"tool_name": "scale", "args": "{\"min\": 1}", "tool_call_id": "c2",
                  "part_kind": "tool-call"}),
            req({"tool_name": "scale", "content": "scaled web to a minimum of 1 machine",
                 "tool_call_id": "c2", "part_kind": "tool-return"}),
            resp({"content": ANSWERS[2], "part_kind": "text"})]


def test_envelopes_of_parts_of_several_voices_are_read_part_by_part(tmp_path, capsys):
    envs = _envelopes()
    joined = joined_parts(envs, lambda k: "user" in k)
    assert joined is not None and joined[0] == "parts" and len(joined[1]) == 11
    # every envelope one voice's parts (a thought and a response): read whole
    alone = [{"parts": [{"type": "REQUEST", "content": ASKS[0]}]},
             {"parts": [{"type": "THINK", "content": "short"}, {"type": "RESPONSE",
                                                              "content": ANSWERS[0]}]}]
    assert joined_parts(alone, lambda k: "user" in k.lower()) is None
    f = tmp_path / "run.json"
    f.write_text(json.dumps(envs, indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [SYSTEM, "health check on port 8080 timed out",
                                 "scaled web to a minimum", *ANSWERS])
    assert len(asked) >= 2


def test_a_ticket_whose_description_opens_the_thread(tmp_path, capsys):
    convs = []
    for k, (who, text) in enumerate(DEPLOY[1:], 1):
        mine = who == "person"
        convs.append({"body": f"<div>{text}</div>", "body_text": text, "id": 500 + k,
                      "incoming": mine, "private": False, "user_id": 7 if mine else 8,
                      "source": 0, "from_email": "sam@example.net" if mine
                      else "Support <help@example.com>", "attachments": [],
                      "created_at": f"2024-04-20T10:0{k}:00Z",
                      "updated_at": f"2024-04-20T10:0{k}:00Z", "ticket_id": 42})
    ticket = {"id": 42, "status": 4, "priority": 2, "source": 1, "requester_id": 7,
              "description": f"<div>{ASKS[0]}</div>", "description_text": ASKS[0],
              "created_at": "2024-04-20T10:00:00Z", "updated_at": "2024-04-20T10:09:00Z",
              "attachments": [], "conversations": convs}
    found = find_conversations(ticket)
    assert found is not None and found.conversations[0][0][1]["description_text"] == ASKS[0]
    f = tmp_path / "ticket.json"
    f.write_text(json.dumps(ticket, indent=2), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def test_receipts_and_typing_notices_between_messages_are_no_turns(tmp_path, capsys):
    lines = []
    for k, (who, text) in enumerate(DEPLOY):
        ts = 1713607200000 + 60000 * k
        if who == "person":
            src, name = "+15551234567", "Sam Ortiz"
            body: dict[str, object] = {"syncMessage": {"sentMessage": {
                "destination": "+15557654321", "timestamp": ts, "message": text}}}
        else:
            src, name = "+15557654321", "Priya Shah"
            lines.append({"envelope": {"source": src, "sourceName": name, "timestamp": ts - 9,
                                       "typingMessage": {"action": "STARTED"}}})
            body = {"dataMessage": {"timestamp": ts, "message": text}}
        lines.append({"envelope": {"source": src, "sourceName": name, "timestamp": ts, **body}})
        if who == "person":
            lines.append({"envelope": {"source": "+15557654321", "sourceName": "Priya Shah",
                                       "timestamp": ts + 5, "receiptMessage": {
                                           "isDelivery": True, "timestamps": [ts]}}})
    f = tmp_path / "receive.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)
