"""Speakers' roles by structure, not by a name's letters, and chat shapes of a tenth stranger
pass (``bench/heldout_chats.py``): JSON after a script's assignment, an exchange's messages
side by side in one record, [speaker, words] pairs, a table of rows, XML elements and an
instant messenger's ``(time) name:`` lines. Each file is written small here, as its tool
writes it, and read as a conversation whose asks are the person's, in order."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from gapless.engine.sources import detect_format
from gapless.engine.sources.chat_shape import are_names, find_conversations
from tests.support.helpers import asked_items, summarized

ASKS = ["Plan a three day trip to Lisbon for two people in early May, we like food.",
        "Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without flights?"]
ANSWERS = ["Day 1: Alfama and the castle. Day 2: Belem and the LX Factory.",
           "Baixa or Chiado: central, flat from the metro and lively but safe at night.",
           "About 180 to 230 euros a day for two, hotel and food included."]
SCRIPT = [t for pair in zip(ASKS, ANSWERS, strict=True) for t in pair]


def _asks(tmp_path: Path, f: Path, capsys: Any) -> list[str]:
    summary = summarized(tmp_path, f, capsys)
    assert summary.startswith("Asked:"), summary[:300]
    return asked_items(summary)


def _reads_the_asks(tmp_path: Path, f: Path, capsys: Any) -> None:
    asked = _asks(tmp_path, f, capsys)
    assert [a[:40] for a in asked] == [a[:40] for a in ASKS]


# ---- a speaker's role comes from structure, not from the letters of a name ---------------

def _directory_chat(person: str, initials: str) -> dict[str, Any]:
    """A chat whose senders are ids of a ``users`` map (a JupyterLab chat's shape)."""
    # the bot's id too long to be a name: the ids are read through the directory
    me = "5f0c1e2d3b4a69788796a5b4c3d2e1f0"
    bot = "chat-personas::guide_package::GuidePersona::main-instance-1"
    msgs = [{"type": "msg", "body": t, "id": f"m{k}", "time": 1717420000.5 + 40 * k,
             "sender": me if k % 2 == 0 else bot} for k, t in enumerate(SCRIPT)]
    return {"messages": msgs, "users": {
        me: {"username": person.split()[0].lower(), "name": person, "display_name": person,
             "initials": initials},
        bot: {"username": "helper", "name": "Jupyternaut", "display_name": "Jupyternaut",
              "initials": "J", "bot": True}}}


def test_a_person_whose_initials_spell_an_agent_word_is_still_the_person(tmp_path, capsys):
    f = tmp_path / "trip.chat"
    f.write_text(json.dumps(_directory_chat("Anonymous Io", "AI")), encoding="utf-8")
    _reads_the_asks(tmp_path, f, capsys)


def test_a_name_holding_an_agent_word_is_read_by_who_asks(tmp_path, capsys):
    """The person's display name holds an agent's word; the bot's does not."""
    msgs = [{"from": "Ai Tanaka" if k % 2 == 0 else "Lisbon Guide", "text": t,
             "date": f"2024-04-20T10:0{k}:00"} for k, t in enumerate(SCRIPT)]
    f = tmp_path / "result.json"
    f.write_text(json.dumps({"name": "Lisbon Guide", "messages": msgs}), encoding="utf-8")
    _reads_the_asks(tmp_path, f, capsys)


def test_role_words_still_say_who_asks_when_they_are_no_names() -> None:
    assert not are_names("user", "assistant")
    assert not are_names("user", "gemini")  # a role word beside an agent's one-word name
    assert not are_names("Human", "AI")
    assert are_names("Lena Hoffmann", "Trip Planner AI")
    assert are_names("AI", "J", described=True)  # initials a directory keeps
    assert not are_names("user", "assistant", described=True)


# ---- shapes ------------------------------------------------------------------------------

def test_json_assigned_in_a_script_is_read_as_its_document(tmp_path, capsys):
    """X's archive: ``window.YTD….part0 = [...]``, each message wrapped in one field, the
    messages newest first."""
    msgs = [{"messageCreate": {"senderId": "111" if k % 2 == 0 else "222",
                               "recipientId": "222" if k % 2 == 0 else "111", "text": t,
                               "createdAt": f"2024-04-20T10:0{k}:31.000Z"}}
            for k, t in enumerate(SCRIPT)]
    doc = [{"dmConversation": {"conversationId": "111-222", "messages": msgs[::-1]}}]
    f = tmp_path / "direct-messages.js"
    f.write_text("window.YTD.direct_messages.part0 = " + json.dumps(doc, indent=2),
                 encoding="utf-8")
    assert detect_format(f) == "chat-json"
    _reads_the_asks(tmp_path, f, capsys)


def test_an_exchange_kept_as_two_messages_side_by_side(tmp_path, capsys):
    interactions = [{"humanMessage": {"speaker": "human", "text": a, "contextFiles": []},
                     "assistantMessage": {"speaker": "assistant", "text": b}}
                    for a, b in zip(ASKS, ANSWERS, strict=True)]
    f = tmp_path / "history.json"
    f.write_text(json.dumps({"acct": {"chat": {"c1": {"id": "c1", "interactions":
                                                     interactions}}}}), encoding="utf-8")
    _reads_the_asks(tmp_path, f, capsys)


def test_speaker_word_pairs_are_not_person_answer_pairs() -> None:
    doc = {"state": {"roles": ["USER", "ASSISTANT"],
                     "messages": [["USER" if k % 2 == 0 else "ASSISTANT", t]
                                  for k, t in enumerate(SCRIPT)]}}
    found = find_conversations(doc)
    assert found is not None
    users = [x for _n, x in found.conversations[0]
             if found.speaker.roles.get(found.speaker.of(x) or "") == "user"]
    assert [u["words"] for u in users] == ASKS


def _csv(rows: list[list[str]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(rows)
    return buf.getvalue()


def test_a_table_of_messages_is_read_as_a_conversation(tmp_path, capsys):
    """A messenger's CSV export: a row a message, ``Type`` incoming / outgoing, the
    sender's name only on the incoming rows, a photo as a row without words."""
    rows = [["Message Date", "Service", "Type", "Sender Name", "Text", "Attachment"]]
    for k, t in enumerate(SCRIPT):
        mine = k % 2 == 0
        rows.append([f"2024-04-20 10:0{k}:11", "iMessage", "Outgoing" if mine else "Incoming",
                     "" if mine else "Marco Rossi", t, ""])
    rows.insert(3, ["2024-04-20 10:01:40", "iMessage", "Incoming", "Marco Rossi", "",
                    "IMG_2041.HEIC"])
    f = tmp_path / "Messages - Marco Rossi.csv"
    f.write_text(_csv(rows), encoding="utf-8")
    assert detect_format(f) == "chat-json"
    _reads_the_asks(tmp_path, f, capsys)


def test_a_table_of_log_records_is_no_conversation(tmp_path):
    rows = [["time", "level", "message"]]
    rows += [[f"2024-04-20 10:0{k}:00", "INFO" if k % 2 else "ERROR", f"request {k} took long"]
             for k in range(8)]
    f = tmp_path / "app.csv"
    f.write_text(_csv(rows), encoding="utf-8")
    assert detect_format(f) != "chat-json"


def test_xml_elements_with_attributes_are_read_as_messages(tmp_path, capsys):
    """A phone backup's XML: an element a message, ``type`` 2 sent and 1 received."""
    from xml.sax.saxutils import quoteattr
    body = "".join(f'  <sms address="+15558675310" date="{1713607200000 + 60000 * k}" '
                   f'type="{2 if k % 2 == 0 else 1}" body={quoteattr(t)} read="1" />\n'
                   for k, t in enumerate(SCRIPT))
    f = tmp_path / "sms-20240420.xml"
    f.write_text("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
                 f'<smses count="{len(SCRIPT)}">\n{body}</smses>\n', encoding="utf-8")
    assert detect_format(f) == "chat-json"
    _reads_the_asks(tmp_path, f, capsys)


def test_a_timed_parenthesised_line_names_its_sender(tmp_path, capsys):
    """An instant messenger's log: ``(10:00:12 AM) name: words``, a status line between."""
    out = ["Conversation with guide@jabber.org at Sat 20 Apr 2024 10:00:12 AM CEST on "
           "sam@jabber.org/laptop (jabber)"]
    out += [f"(10:0{k}:12 AM) {'sam' if k % 2 == 0 else 'Lisbon Guide'}: {t}"
            for k, t in enumerate(SCRIPT)]
    out.append("(10:09:02 AM) Lisbon Guide has signed off.")
    f = tmp_path / "2024-04-20.100012+0200CEST.txt"
    f.write_text("\n".join(out) + "\n", encoding="utf-8")
    _reads_the_asks(tmp_path, f, capsys)


def test_a_conversation_logged_whole_after_each_answer_is_read_once(tmp_path):
    """A server's log of a chat: each line the whole state so far (``[role, words]``
    pairs); only the last state is read, the earlier ones counted as left out."""
    from gapless.engine.sources import load_transcript
    from gapless.engine.sources.snapshots import EARLIER

    lines, pairs = [], []
    for k, t in enumerate(SCRIPT):
        pairs.append(["USER" if k % 2 == 0 else "ASSISTANT", t])
        if k % 2:
            lines.append({"tstamp": 1713607200.5 + 60 * k, "type": "chat",
                          "state": {"roles": ["USER", "ASSISTANT"],
                                    "messages": [list(p) for p in pairs], "offset": 0}})
    f = tmp_path / "2024-04-20-conv.json"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    t = load_transcript(f)
    assert [m.role for m in t.messages].count("user") == len(ASKS)
    assert t.account is not None and t.account.records.balanced
    assert t.account.records.dropped == {EARLIER: 2 + 4}


def test_xml_messages_whose_words_run_around_markup(tmp_path, capsys):
    """An instant messenger's XML log: each ``message`` element's words in marked-up
    children (``<div><span>… <b>…</b> …</span></div>``), status and window events between."""
    body = "".join(
        f'<message sender="{"sam@jabber.org" if k % 2 == 0 else "guide@jabber.org"}" '
        f'time="2024-04-20T10:0{k}:12+02:00" alias="{"Sam" if k % 2 == 0 else "Guide"}">'
        f'<div><span style="color: #000000;">{t.replace("Lisbon", "<b>Lisbon</b>")}'
        '</span></div></message>\n' for k, t in enumerate(SCRIPT))
    f = tmp_path / "guide (2024-04-20T10.00.01+0200).xml"
    f.write_text('<?xml version="1.0" encoding="UTF-8" ?>\n'
                 '<chat xmlns="http://purl.org/net/ulf/ns/0.4-02" account="sam@jabber.org">\n'
                 '<event type="windowOpened" sender="sam@jabber.org" '
                 'time="2024-04-20T10:00:01+02:00"></event>\n' + body
                 + '<status type="offline" sender="guide@jabber.org" '
                 'time="2024-04-20T10:09:00+02:00"></status>\n</chat>\n', encoding="utf-8")
    asked = _asks(tmp_path, f, capsys)
    assert [a[:40] for a in asked] == [a[:40] for a in ASKS]
