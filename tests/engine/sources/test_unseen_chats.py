"""Chat histories in the JSON shapes of tools the reader was never shown (issue 36's stranger
test, as ``bench/heldout_chats.py`` measures it): each written small, as that tool writes it,
and read as a conversation by its structure — the person's asks listed, in order, and never
a tool's result, an attachment, a link or a blob among them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from gapless.engine.sources import detect_format, load_transcript
from gapless.engine.sources.chat_shape import find_conversations, find_speaker
from tests.support.helpers import asked_items, summarized

BLOB = "iVBORw0KGgo" + "QUJDRA" * 80  # base64, no words
CSV = "region,q1,q2\nNorth,120400,109950\nWest,87010,79300\n"


def _write(tmp_path: Path, name: str, doc: Any, *, lines: bool = False) -> Path:
    f = tmp_path / name
    if lines:
        f.write_text("".join(json.dumps(x) + "\n" for x in doc), encoding="utf-8")
    else:
        f.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return f


def _asks(tmp_path: Path, f: Path, capsys: Any) -> list[str]:
    """The asks the offline summary lists; the summary must be a conversation's."""
    summary = summarized(tmp_path, f, capsys)
    assert summary.startswith(("Asked:", "Done:")), summary[:200]
    return [a.rstrip(".") for a in asked_items(summary)]


def _only_from(asked: list[str], said: list[str]) -> None:
    """Every ask listed opens with words of one of the person's turns, the first turn's
    among them."""
    assert asked, "no ask listed"
    joined = " ".join(said)
    for a in asked:
        assert a[:30].rstrip("…") in joined, a
    assert any(a[:30].rstrip("…") in said[0] for a in asked), (asked, said[0])


def test_a_flag_named_for_the_person_is_the_speaker_and_the_character_greets_first(
        tmp_path, capsys):
    """SillyTavern's chat lines: a header line, ``is_user`` true or false, the names of no
    role, the character speaking first, its answers with swipes."""
    said = ["Is there a room free for the night, and how much is it?",
            "Have you heard anything about the caravan lost near the old mill?",
            "Tell me where the ruins are and I will leave at first light."]
    answers = ["Welcome, traveler, the storm chased you all the way here.",
               "One left under the eaves, three silver with stew.",
               "Only whispers; the miller's boy saw lights in the ruins.",
               "Follow the river north to the stone bridge, then east."]
    lines: list[dict[str, Any]] = [{"user_name": "Aldric", "character_name": "Mira",
                                    "create_date": "2024-5-12@14h03m22s",
                                    "chat_metadata": {"note_prompt": ""}}]
    for k, a in enumerate(answers):
        lines.append({"name": "Mira", "is_user": False, "is_system": False,
                      "send_date": f"May 12, 2024 2:0{k}pm", "mes": a, "swipe_id": 0,
                      "swipes": [a, "Mira shrugs and says nothing at all."],
                      "extra": {"api": "openai"}})
        if k < len(said):
            lines.append({"name": "Aldric", "is_user": True, "is_system": False,
                          "send_date": f"May 12, 2024 2:0{k}pm", "mes": said[k], "extra": {}})
    f = _write(tmp_path, "Mira - 2024-5-12@14h03m22s.jsonl", lines, lines=True)
    speaker = find_speaker(lines)
    assert speaker is not None and speaker.path == "is_user"
    assert speaker.roles == {"false": "assistant", "true": "user"}
    assert detect_format(f) == "chat-json"
    text = load_transcript(f).data.decode()
    assert text.index("Welcome, traveler") < text.index("Is there a room")
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert len(asked) >= 2


def test_a_flag_named_for_the_agent_and_attachments_by_link(tmp_path, capsys):
    """DiscordChatExporter: ``author.isBot`` says who is not the person; avatars and
    attachments are links and file names, never asks."""
    said = ["my deploy keeps failing with a health check timeout, what should I check?",
            "how do I run the database migrations before the new machines start?"]
    people = {True: {"id": "81", "name": "ferris_dev", "isBot": False,
                     "avatarUrl": "https://cdn.example.com/avatars/81/a-long-avatar-hash.png"},
              False: {"id": "82", "name": "DeployHelper", "isBot": True,
                      "avatarUrl": "https://cdn.example.com/avatars/82/b-long-avatar-hash.png"}}
    msgs = []
    turns = [(True, said[0]), (False, "Bind the app to 0.0.0.0 on the internal port."),
             (True, said[1]), (False, "Add a release command to the deploy section.")]
    for k, (me, words) in enumerate(turns):
        msgs.append({"id": str(900 + k), "type": "Default", "isPinned": False,
                     "timestamp": f"2024-06-03T18:1{k}:05.118+00:00", "content": words,
                     "author": people[me], "attachments": [
                         {"id": "5", "url": "https://cdn.example.com/attachments/deploy.log",
                          "fileName": "deploy.log", "fileSizeBytes": 18211}] if k == 0 else []})
    f = _write(tmp_path, "Fly - deploy-help [1234].json",
               {"guild": {"id": "1", "name": "Fly"}, "channel": {"id": "2", "name": "help"},
                "messages": msgs, "messageCount": len(msgs)})
    found = find_conversations(json.loads(f.read_text()))
    assert found is not None and found.speaker.path == "author.isBot"
    text = load_transcript(f).data.decode()
    assert "https://" not in text and "deploy.log" not in text
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert len(asked) == 2


def test_names_of_a_person_and_of_an_agent_with_text_as_entities(tmp_path, capsys):
    """Telegram Desktop's export of a chat with a bot: ``from`` holds names, one naming an
    agent; ``text`` a string or a list of entities, its copy in ``text_entities``; a photo;
    a service message without a speaker."""
    said = ["Plan a three day trip to Lisbon for two people in early May.",
            "Which neighbourhood should we book a hotel in if we arrive late?"]
    msgs: list[dict[str, Any]] = [
        {"id": 1, "type": "service", "date": "2024-04-20T09:58:02", "actor": "Lena Hoffmann",
         "action": "phone_call", "text": "", "text_entities": []}]
    turns = [("Lena Hoffmann", said[0]), ("Trip Planner AI", "Day 1: Alfama, day 2: Belém."),
             ("Lena Hoffmann", said[1]), ("Trip Planner AI", "Baixa or Chiado, near the metro.")]
    for k, (who, words) in enumerate(turns):
        m: dict[str, Any] = {"id": 2 + k, "type": "message", "date": f"2024-04-20T10:0{k}:14",
                             "from": who, "from_id": f"user55{k % 2}"}
        if k == 2:
            head, tail = words.split("hotel")
            m["text"] = [head, {"type": "bold", "text": "hotel"}, tail]
            m["text_entities"] = [{"type": "plain", "text": head},
                                  {"type": "bold", "text": "hotel"},
                                  {"type": "plain", "text": tail}]
        else:
            m["text"] = words
            m["text_entities"] = [{"type": "plain", "text": words}]
        msgs.append(m)
    msgs.insert(2, {"id": 9, "type": "message", "date": "2024-04-20T10:00:40",
                    "from": "Lena Hoffmann", "from_id": "user550",
                    "photo": "photos/photo_1@20-04-2024_10-00-40.jpg", "text": "",
                    "text_entities": []})
    f = _write(tmp_path, "result.json", {"name": "Trip Planner AI", "type": "bot_chat",
                                         "id": 61, "messages": msgs})
    found = find_conversations(json.loads(f.read_text()))
    assert found is not None and found.speaker.path == "from"
    assert found.speaker.roles == {"Lena Hoffmann": "user", "Trip Planner AI": "assistant"}
    text = load_transcript(f).data.decode()
    assert text.count("Plan a three day trip") == 1  # its copy in the entities is not read
    assert "photo_1@" not in text
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)


def test_two_people_named_by_no_role_word_the_asker_is_the_person(tmp_path, capsys):
    said = ["Could you look at the failing build on the main branch today?",
            "Is the cache key the problem, or the runner image?",
            "Should I pin the runner image to the last good version?"]
    answers = ["Sure, the build fails in the integration step since this morning.",
               "The cache key changed when the lock file was regenerated yesterday.",
               "Pinning it works, but regenerating the cache fixes the real cause."]
    msgs = []
    for k in range(3):
        msgs.append({"sender": "Priya Raman", "body": said[k], "ts": 1700000000 + k * 2})
        msgs.append({"sender": "Tomás Ortega", "body": answers[k], "ts": 1700000001 + k * 2})
    speaker = find_speaker(msgs)
    assert speaker is not None and speaker.roles == {"Priya Raman": "user",
                                                     "Tomás Ortega": "assistant"}
    f = _write(tmp_path, "dm.json", {"conversation": "build", "messages": msgs})
    _only_from(_asks(tmp_path, f, capsys), said)


def test_two_values_that_flip_at_random_are_no_speakers():
    """A log's field of two values (a service, a level) that merely changes between records
    is no conversation, even with prose beside it."""
    r = random.Random(5)
    records = [{"service": r.choice(["billing", "ledger"]), "time": 1700000000 + k,
                "message": f"processed batch {k} of invoices without any errors"}
               for k in range(40)]
    assert find_speaker(records) is None


def test_replies_nested_in_the_message_they_answer(tmp_path, capsys):
    """LibreChat's recursive export: each message's ``children`` hold its replies."""
    said = ["How do I keep one machine always running on my deploy?",
            "And can the others still stop when idle?"]
    turns = [("User", said[0]), ("GPT-4o", "Set min_machines_running to 1 in the config."),
             ("User", said[1]), ("GPT-4o", "Yes, auto_stop_machines stays on for the rest.")]
    root: list[dict[str, Any]] = []
    level = root
    for k, (who, words) in enumerate(turns):
        m = {"messageId": f"m{k}", "parentMessageId": f"m{k - 1}" if k else "0", "sender": who,
             "text": words, "isCreatedByUser": who == "User", "error": False, "children": []}
        level.append(m)
        level = m["children"]
    f = _write(tmp_path, "export.json", {"conversationId": "c1", "title": "Deploy",
                                         "recursive": True, "messagesTree": root})
    found = find_conversations(json.loads(f.read_text()))
    assert found is not None
    assert [item["messageId"] for _n, item in found.conversations[0]] == ["m0", "m1", "m2", "m3"]
    text = load_transcript(f).data.decode()
    assert text.count("How do I keep one machine") == 1  # not again inside its parent
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert len(asked) == 2


def test_a_speaker_inside_a_message_s_versions(tmp_path, capsys):
    """LM Studio: each message is a list of versions, the role inside them."""
    said = ["Which neighbourhood of Lisbon suits a late arrival best?",
            "Give me a rough budget per day without flights."]
    msgs = []
    for k, words in enumerate(said):
        msgs.append({"versions": [{"type": "singleStep", "role": "user",
                                   "content": [{"type": "text", "text": words}]}],
                     "currentlySelected": 0})
        msgs.append({"versions": [{"type": "multiStep", "role": "assistant", "steps": [
            {"type": "contentBlock", "content": [
                {"type": "text", "text": f"Answer {k}: Baixa is central and flat."}]}]}],
            "currentlySelected": 0})
    f = _write(tmp_path, "1715.conversation.json", {"name": "Lisbon", "messages": msgs,
                                                    "clientInputFiles": []})
    found = find_conversations(json.loads(f.read_text()))
    assert found is not None and found.speaker.path == "versions[].role"
    _only_from(_asks(tmp_path, f, capsys), said)


def test_one_conversation_a_line_with_tool_calls(tmp_path, capsys):
    """OpenAI fine-tuning JSON lines: ``{"messages": [...]}`` a line, a system message, a
    tool call answered by a ``tool`` message."""
    said = ["Find out why the login test fails after the upgrade.",
            "Plan a weekend in Porto for two people."]
    out = "E   AttributeError: 'Blueprint' object has no attribute 'session_lifetime'"
    lines = [
        {"messages": [
            {"role": "system", "content": "You are a careful engineer who explains briefly."},
            {"role": "user", "content": said[0]},
            {"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function",
                                                  "function": {"name": "run", "arguments":
                                                               '{"command": "pytest -x"}'}}]},
            {"role": "tool", "tool_call_id": "call_1", "content": out},
            {"role": "assistant", "content": "The blueprint sets the lifetime; move it."}]},
        {"messages": [{"role": "user", "content": said[1]},
                      {"role": "assistant", "content": "Day one: Ribeira and the bridge."}]},
    ]
    f = _write(tmp_path, "train.jsonl", lines, lines=True)
    assert detect_format(f) == "chat-json"
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert any(a.startswith("Plan a weekend") for a in asked)
    assert not any("AttributeError" in a for a in asked)


def test_one_conversation_a_line_of_another_schema(tmp_path, capsys):
    """A ShareGPT data set as JSON lines."""
    said = ["Summarize the attached sales figures by region for me.",
            "Translate the summary into German for my manager."]
    lines = [{"id": f"s{k}", "conversations": [{"from": "system", "value": "Be brief."},
                                               {"from": "human", "value": words},
                                               {"from": "gpt", "value": f"Here it is, part {k}."}]}
             for k, words in enumerate(said)]
    f = _write(tmp_path, "train.jsonl", lines, lines=True)
    assert detect_format(f) == "chat-json"
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert len(asked) == 2


def test_tool_results_handed_back_in_the_user_s_turn_are_not_asks(tmp_path, capsys):
    """An Anthropic Messages API request: tool_result blocks in a ``user`` message (alone,
    or before the person's next words), a base64 image."""
    said = ["The login page returns 500 since the upgrade, can you find out why?",
            "Please apply the fix and add a regression test."]
    out1 = "FAILED tests/test_login.py::test_login_ok - AttributeError: no attribute"
    out2 = "Wrote 14 lines to app/__init__.py successfully"
    msgs = [
        {"role": "user", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                         "data": BLOB}},
            {"type": "text", "text": said[0]}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "I'll run the test."},
            {"type": "tool_use", "id": "toolu_1", "name": "run", "input": {"cmd": "pytest"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                      "content": [{"type": "text", "text": out1}]}]},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_2", "name": "write", "input": {"path": "a"}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": out2},
            {"type": "text", "text": said[1]}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Done, tests pass."}]},
    ]
    f = _write(tmp_path, "request.json", {"model": "claude", "max_tokens": 1024,
                                          "system": "Be brief.", "messages": msgs})
    text = load_transcript(f).data.decode()
    assert BLOB[:40] not in text
    assert "### tool\n← run result" in text and "### tool\n← write result" in text
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert len(asked) == 2
    assert not any(a.startswith(("FAILED", "Wrote")) for a in asked)


def test_attached_context_and_an_editor_s_copy_are_not_asks(tmp_path, capsys):
    """A Continue.dev session: a file given as a context item, the person's words again
    in the editor's state."""
    said = ["Summarize the attached CSV and tell me which regions declined.",
            "Make a bar chart of it with the regions sorted."]
    history = []
    for k, words in enumerate(said):
        history.append({"message": {"role": "user", "content": words},
                        "contextItems": [{"name": "sales.csv", "description": "data/sales.csv",
                                          "content": f"```data/sales.csv\n{CSV}```",
                                          "uri": {"type": "file",
                                                  "value": "file:///home/ana/data/sales.csv"}}]
                        if k == 0 else [],
                        "editorState": {"type": "doc", "content": [{"type": "paragraph",
                                                                     "content": [{
                                                                         "type": "text",
                                                                         "text": words}]}]}})
        history.append({"message": {"role": "assistant", "content": f"North and West fell ({k})."},
                        "contextItems": []})
    f = _write(tmp_path, "session.json", {"sessionId": "s", "title": "Sales",
                                          "history": history})
    text = load_transcript(f).data.decode()
    assert "North,120400" not in text and "file:///" not in text
    assert text.count("Make a bar chart") == 1
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert len(asked) == 2


def test_messages_marked_by_where_they_start_in_one_text(tmp_path, capsys):
    """A Zed assistant context: one ``text``, messages holding only their start and role."""
    turns = [("user", "Why did my electricity bill jump so much in March?"),
             ("assistant", "Usage rose to 612 kWh and the unit rate went up."),
             ("user", "Write a polite email asking them to check the meter reading."),
             ("assistant", "Dear customer service, please double-check the reading.")]
    text, msgs = "", []
    for k, (role, words) in enumerate(turns):
        msgs.append({"id": {"replica_id": 0, "value": k}, "start": len(text),
                     "metadata": {"role": role, "status": "Done"}})
        text += words + "\n"
    f = _write(tmp_path, "bill.zed.json", {"id": "z1", "zed": "context", "version": "0.4.0",
                                           "text": text, "messages": msgs,
                                           "summary": "Electricity bill"})
    rendered = load_transcript(f).data.decode()
    assert "### user\nWhy did my electricity bill" in rendered
    assert "### assistant\nUsage rose" in rendered
    _only_from(_asks(tmp_path, f, capsys), [w for r, w in turns if r == "user"])


def test_a_batch_of_serialized_messages_in_a_run(tmp_path, capsys):
    """A LangSmith LLM run: ``inputs.messages`` a list of lists (a batch) of serialized
    messages whose kind is in ``kwargs.type``; a tool's result is no ask."""
    said = ["Why does my Flask login return 500 since the upgrade to Flask 3?",
            "Please apply that fix and add a regression test for remember-me.",
            "Could you also write a short changelog entry for the release notes?"]

    def msg(kind: str, content: str) -> dict[str, Any]:
        return {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages",
                                                       f"{kind.title()}Message"],
                "kwargs": {"content": content, "type": kind}}

    batch = [msg("system", "You are a careful engineer."), msg("human", said[0]),
             msg("ai", "I will read the view first."),
             msg("tool", "AttributeError: 'Blueprint' object has no attribute lifetime"),
             msg("ai", "The lifetime belongs in the app config."), msg("human", said[1]),
             msg("ai", "I moved it and added the test."), msg("human", said[2]),
             msg("ai", "2.4.1: fixed a 500 error on /login.")]
    f = _write(tmp_path, "run.json", {"id": "r1", "name": "ChatOpenAI", "run_type": "llm",
                                      "inputs": {"messages": [batch]},
                                      "outputs": {"generations": [[{"text": "Done."}]]}})
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert not any("Blueprint" in a for a in asked)


def test_a_speakers_handle_in_a_record_is_no_ask(tmp_path, capsys):
    """A Matrix room export: the room's creation event names its creator by the handle
    the person speaks under; that handle is no ask."""
    me, bot = "@lena:matrix.org", "@planner-bot:example.org"
    said = ["Plan a three day trip to Lisbon for two people in early May.",
            "Which neighbourhood should we book a hotel in if we arrive late?"]
    events: list[dict[str, Any]] = [
        {"type": "m.room.create", "sender": me, "content": {"creator": me,
                                                             "room_version": "10"},
         "event_id": "$a1", "origin_server_ts": 1713600000000}]
    for k, words in enumerate(said):
        events.append({"type": "m.room.message", "sender": me, "event_id": f"$u{k}",
                       "content": {"msgtype": "m.text", "body": words},
                       "origin_server_ts": 1713600014000 + k * 60000})
        events.append({"type": "m.room.message", "sender": bot, "event_id": f"$b{k}",
                       "content": {"msgtype": "m.text", "body": f"Here is my answer {k}."},
                       "origin_server_ts": 1713600020000 + k * 60000})
    f = _write(tmp_path, "room.json", {"room_name": "Trip Planner", "messages": events})
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert not any("matrix.org" in a for a in asked)


def test_records_each_holding_an_ask_and_its_answer(tmp_path, capsys):
    """A workspace's chats exported one record per exchange (``prompt``, ``response``):
    each record is the person's turn and the answer's, in order."""
    said = ["Plan a three day trip to Lisbon for two people in early May.",
            "Which neighbourhood should we book a hotel in if we arrive late?",
            "Can you give me a rough budget per day without flights?"]
    recs = [{"id": 41 + k, "workspace": "travel", "prompt": words,
             "response": f"Here is a careful answer number {k}.", "username": "lena",
             "sent_at": f"2024-04-20 10:0{k}:14"} for k, words in enumerate(said)]
    f = _write(tmp_path, "chats.json", recs)
    rendered = load_transcript(f).data.decode()
    assert rendered.index(said[0]) < rendered.index("answer number 0") < rendered.index(
        said[1])
    asked = _asks(tmp_path, f, capsys)
    _only_from(asked, said)
    assert len(asked) == 3 and not any("careful answer" in a for a in asked)
