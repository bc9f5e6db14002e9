"""Chat rules of the ninth strangers' pass, each on a file written here: turns taken by
the records that hold words, a speaker given by an id, an exchange whose answer field is
named for nothing, a session id that alone claims no line, markup that holds only data,
a time known by its values, and speakers named by a directory of the document."""

from __future__ import annotations

import json

from gapless.engine.sources.chat_shape import find_conversations
from gapless.engine.sources.claude_code import classify
from gapless.engine.sources.id_directory import named_by_directory
from gapless.engine.sources.markup import markup_words
from gapless.engine.sources.markup_data import is_data_markup
from gapless.engine.sources.pair_turns import paired_turns
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["Plan a three day trip to Lisbon for two people in early May, please.",
        "Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without the flights?"]
ANSWERS = ["Day one in Alfama and the castle, day two in Belem, day three in Sintra.",
           "Baixa or Chiado: central, flat from the metro and lively but safe at night.",
           "About two hundred euros a day for two people, hotel and food included."]


def _write(tmp_path, name: str, doc: object):
    f = tmp_path / name
    f.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return f


def test_a_sticker_after_ones_own_words_is_no_turn(tmp_path, capsys):
    recs: list[dict[str, object]] = []
    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        recs.append({"From": "lena.h", "Kind": "TEXT", "Created": f"2024-04-20 10:0{k}:01 UTC",
                     "Content": ask})
        recs.append({"From": "rui_92", "Kind": "TEXT", "Created": f"2024-04-20 10:0{k}:31 UTC",
                     "Content": answer})
        if k < 2:  # a sticker sent by the one who just spoke: a time, no words
            sender = "lena.h" if k == 0 else "rui_92"
            recs.append({"From": sender, "Kind": "STICKER",
                         "Created": f"2024-04-20 10:0{k}:45 UTC", "Content": ""})
    f = _write(tmp_path, "chat_history.json", {"rui_92": recs})
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def test_a_speaker_written_as_an_id_of_two_values_is_found():
    events = []
    for ask, answer in zip(ASKS, ANSWERS, strict=True):
        for who, words in (("105438918235771602214", ask), ("117755291033108457390", answer)):
            events.append({"sender_id": {"gaia_id": who}, "timestamp": str(1402343535 + len(events)),
                           "chat_message": {"segment": [{"type": "TEXT", "text": words}]}})
    found = find_conversations({"conversations": [{"events": events}]})
    assert found is not None
    assert found.speaker.path == "sender_id.gaia_id"
    assert found.speaker.person == frozenset({"105438918235771602214"})


def test_an_answer_field_named_for_nothing_beside_an_input(tmp_path, capsys):
    lines = [{"inputTranscript": ask, "replies": [{"contentType": "PlainText", "content": answer}],
              "sessionId": "a1b2c3", "timestamp": f"2024-03-18T09:0{k}:31.208Z"}
             for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True))]
    f = tmp_path / "bot_logs.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def test_a_session_id_alone_claims_no_line_of_a_session():
    assert not classify({"sessionId": "x1", "requestId": "r1", "inputTranscript": "hi there"})
    assert classify({"sessionId": "x1", "type": "user", "message": "hi"})
    assert classify({"parentUuid": None, "sessionId": "x1"})


def test_markup_of_short_field_values_is_data_not_words():
    notice = ('<partlist type="ended" alt=""><part identity="live:abc"><name>Lena Hoffmann'
              '</name><duration>64</duration></part></partlist>')
    assert is_data_markup(notice)
    assert markup_words(notice) == ""
    # words: running text beside an element, one element, a list of like items, a paragraph
    assert not is_data_markup("<p>Please check <b>the meter</b> reading of March.</p>")
    assert not is_data_markup("<p>ok thanks</p>")
    assert not is_data_markup("<ul><li>yes</li><li>no</li></ul>")
    assert not is_data_markup("<div><h3>March bill</h3><p>Why did the total jump so much "
                              "this month?</p></div>")
    assert markup_words("<p>Why did the total jump?</p>") == "Why did the total jump?"


def test_a_time_known_by_its_values_puts_a_newest_first_list_back(tmp_path, capsys):
    msgs = []
    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        msgs.append({"from": "8:live:lena", "arrival": f"2024-04-20T10:0{2 * k}:00.000Z",
                     "content": ask})
        msgs.append({"from": "28:helper-bot", "arrival": f"2024-04-20T10:0{2 * k + 1}:00.000Z",
                     "content": answer})
    f = _write(tmp_path, "messages.json", {"conversations": [{"MessageList": msgs[::-1]}]})
    asked = summarized_asks(tmp_path, f, capsys)
    assert asked[0][:30] in ASKS[0], asked


def test_speakers_written_as_ids_are_named_by_the_documents_directory(tmp_path, capsys):
    me, bot = "9f1c2e7a4b5d6c8e0f1a2b3c4d5e6f70", "personas::helper::AssistantPersona-0001"
    msgs = []
    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        msgs.append({"type": "msg", "body": ask, "time": 1717420000 + 2 * k, "sender": me})
        msgs.append({"type": "msg", "body": answer, "time": 1717420001 + 2 * k, "sender": bot})
    users = {me: {"username": "lena", "display_name": "Lena Hoffmann"},
             bot: {"username": bot, "display_name": "Helper", "bot": True}}
    doc = {"messages": msgs, "users": users}
    named = named_by_directory(doc, msgs)
    assert named[0]["sender"] == users[me]
    assert named_by_directory({"messages": msgs}, msgs) == []
    f = _write(tmp_path, "notebook.chat", doc)
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def test_turns_marked_by_a_templates_tokens_in_one_text_field(tmp_path, capsys):
    from gapless.engine.sources.token_turns import token_conversations, token_turns

    llama = ("<|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|>"
             "<|start_header_id|>user<|end_header_id|>\n\nWhat is two and two?<|eot_id|>"
             "<|start_header_id|>assistant<|end_header_id|>\n\nFour.<|eot_id|>")
    assert [t["role"] for t in token_turns(llama)] == ["system", "user", "assistant"]
    gemma = ("<start_of_turn>user\nWhy is the sky blue?<end_of_turn>\n"
             "<start_of_turn>model\nRayleigh scattering.<end_of_turn>")
    assert [t["role"] for t in token_turns(gemma)] == ["user", "assistant"]
    # words outside any turn, or a token that marks no role: no template's text
    assert token_turns("Note: <|endoftext|> ends a document <|endoftext|>") == []
    assert token_conversations([{"text": "a plain sentence of words"}]) is None
    lines = []
    for ask, answer in zip(ASKS, ANSWERS, strict=True):
        text = (f"<|im_start|>system\nYou are a travel agent.<|im_end|>\n<|im_start|>user\n"
                f"{ask}<|im_end|>\n<|im_start|>assistant\n{answer}<|im_end|>\n")
        lines.append(json.dumps({"text": text}) + "\n")
    f = tmp_path / "train.jsonl"
    f.write_text("".join(lines), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def test_a_question_naming_a_release_is_still_an_ask_heading(tmp_path, capsys):
    from gapless.engine.sources.turns import learn_turns

    last = "Could you also write a changelog entry for the 2.4.1 release?"
    aider = "\n".join([
        "# aider chat started at 2024-08-05 19:33:02", "", "> Aider v0.47.1  ", "",
        f"#### {ASKS[0]}  ", "", ANSWERS[0], "", "> Applied edit to app.py  ", "",
        f"#### {ASKS[1]}  ", "", ANSWERS[1], "", f"#### {last}  ", "", ANSWERS[2], ""])
    turns = learn_turns(aider)
    assert turns is not None and turns.ask_style == "####"
    # a changelog's headings naming releases are no asks, nor a document's titles
    assert learn_turns("### 2023-11-22, Version 20.10.0 (Current)\n\nNotes.\n\n"
                       "### 2023-10-24, Version 20.9.0 (Current)\n\nMore notes.\n\n"
                       "### 2023-09-28, Version 20.8.0 (Current)\n\nOther notes.\n") is None
    thread = "\n".join(f"# {a}\n\n{b}\n\n---\n" for a, b in zip(ASKS, ANSWERS, strict=True))
    assert learn_turns(thread) is None
    f = tmp_path / ".aider.chat.history.md"
    f.write_text(aider, encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), [*ASKS[:2], last], ANSWERS)


def test_pairs_of_objects_of_two_shapes_are_read_by_position(tmp_path, capsys):
    history = []
    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        history.append([{"additional_context": "", "content": {"Prompt": {"prompt": ask}},
                         "images": None},
                        {"Response": {"message_id": f"m{k}", "content": answer}}])
    doc = {"conversation_id": "c1", "history": history, "model": "some-model"}
    ((_owner, turns),) = paired_turns(doc, "speaker", "words")
    # the answer unwrapped from the one key naming its kind (never read as a tool's result)
    assert turns[1] == {"speaker": "assistant", "words": {"message_id": "m0",
                                                          "content": ANSWERS[0]}}
    f = _write(tmp_path, "saved.json", doc)
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)
