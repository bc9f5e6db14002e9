"""A chat log's stamp may open with a month's word and the day, or be the time since the chat
began (:mod:`engine.sources.line_turns`); an HTML page whose messages are lines of inline
markup is read as those lines (:mod:`engine.sources.html_lines`); a prompt text's turns are
paragraphs opened by a role word, a record's alternative endings left out
(:mod:`engine.sources.token_turns`); JSON kept in a string is decoded when nothing is found
without it (:mod:`engine.sources.json_strings`); a kind of record that never holds words is
no one's turn (:mod:`engine.sources.wordless_kinds`); a group's voices given as ids take
turns as a group's do, some asking (:mod:`engine.sources.chat_shape`) — and audit records of
a few users stay no conversation; a line naming a role alone opens a turn
(:mod:`engine.sources.role_lines`); Org's headings may be asks, and a heading holding a time
of day over a pair of labels is an exchange's stamp (:mod:`engine.sources.turns`)."""

from __future__ import annotations

import json

from gapless.engine.sources.chat_shape import find_conversations, find_speaker
from gapless.engine.sources.html_lines import learn_html_lines, shown_lines
from gapless.engine.sources.json_strings import strings_decoded
from gapless.engine.sources.line_turns import learn_line_turns
from gapless.engine.sources.role_lines import learn_role_lines
from gapless.engine.sources.token_turns import label_turns, token_conversations
from gapless.engine.sources.turns import learn_turns
from gapless.engine.sources.wordless_kinds import with_words
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without flights?",
        "Is the train to Sintra faster than the bus on a weekday?",
        "Where can we eat well near the castle without booking?"]
ANSWERS = ["Baixa or Chiado: central, flat from the metro and lively but safe at night.",
           "About 180 to 230 euros a day for two: 110 for a mid-range hotel and 60 for food.",
           "Yes: the train from Rossio takes about 40 minutes and leaves every 20 minutes.",
           "Try the small tascas of Mouraria below the castle; most take walk-ins before eight."]
SAID = [s for pair in zip(ASKS, ANSWERS, strict=True) for s in pair]


def test_a_stamp_of_a_month_word_and_day_opens_a_chat_logs_line(tmp_path, capsys) -> None:
    lines = ["**** BEGIN LOGGING AT Sat Apr 20 10:00:02 2024", "",
             "Apr 20 10:00:02 *\tNow talking on #lisbon"]
    for k, said in enumerate(SAID):
        lines.append(f"Apr 20 10:{k + 1:02d}:14 <{'ana' if k % 2 == 0 else 'rui'}>\t{said}")
    lines.append("Apr 20 10:12:40 -->\tmia (~mia@user/mia) has joined #lisbon")
    f = tmp_path / "#lisbon.log"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    learned = learn_line_turns(f.read_text(encoding="utf-8"))
    assert learned is not None and learned.roles == {"ana": "user", "rui": "assistant"}
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)
    # a system log's lines after such a stamp name a host, no nick in angle brackets
    syslog = "\n".join(f"Apr 20 10:{k:02d}:14 web01 sshd[{900 + k}]: Accepted publickey for "
                       f"{'ana' if k % 2 else 'rui'} from 10.0.0.{k} port 22" for k in range(12))
    assert learn_line_turns(syslog) is None


def test_html_lines_of_inline_markup_are_a_chat_logs_lines(tmp_path, capsys) -> None:
    out = ["<html><head><title>Conversation with rui@example.org</title></head><body>"
           "<h3>Conversation with rui@example.org at Sat 20 Apr 2024</h3>"]
    for k, said in enumerate(SAID):
        who = "ana" if k % 2 == 0 else "Rui Almeida"
        out.append(f'<font color="#16569E"><font size="2">(10:{k:02d}:12 AM)</font> '
                   f"<b>{who}:</b></font> {said.replace(chr(39), '&apos;')}<br/>")
    out.append('<font size="2">(10:14:02 AM)</font><b> Rui Almeida has signed off.</b><br/>')
    out.append("</body></html>")
    text = "\n".join(out) + "\n"
    shown = shown_lines(text)
    assert shown[0] == (1, "Conversation with rui@example.org at Sat 20 Apr 2024")
    assert shown[1][0] == 2 and shown[1][1].startswith("(10:00:12 AM) ana: Which")
    assert learn_html_lines(text) is not None
    f = tmp_path / "2024-04-20.100012.html"
    f.write_text(text, encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, [*ANSWERS, "has signed off"])
    # one line of HTML split by breaks, each message opened by the time since the start
    one = ['<p align="center">Chat Started: Saturday, April 20, 2024</p>']
    for k, said in enumerate(SAID):
        who = "Ana Costa" if k % 2 == 0 else "Rui A"
        one.append(f"( {k}m {7 * k % 60}s ) {who}: {said}<br>")
    g = tmp_path / "transcript.html"
    g.write_text("".join(one), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, g, capsys), ASKS, [*ANSWERS, "Chat Started"])
    # a page of prose is no chat
    assert learn_html_lines("<html><body><p>" + "</p>\n<p>".join(ANSWERS) + "</p></body></html>") \
        is None


def test_prompt_texts_with_alternative_endings(tmp_path, capsys) -> None:
    body = "".join(f"\n\nHuman: {a}\n\nAssistant: {b}" for a, b in zip(ASKS, ANSWERS, strict=True))
    assert [t["role"] for t in label_turns(body)] == ["user", "assistant"] * 4
    assert label_turns("Note: this is prose.\n\nHuman: hi there you\n\nAssistant: hello") == []
    records = [{"chosen": body, "rejected": body.rsplit("Assistant:", 1)[0] + "Assistant: No."}
               for _ in range(3)]
    convs = token_conversations(records)
    assert convs is not None and len(convs[0]["messages"]) == 8  # the rejected ending left out
    f = tmp_path / "train.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def _transcript() -> dict[str, object]:
    bot, person = {"id": "b0", "role": 0}, {"id": "p1", "role": 1}
    acts: list[dict[str, object]] = [{"type": "trace", "from": bot, "value": {"locale": "en"}}]
    for k, said in enumerate(SAID):
        mine = k % 2 == 0
        acts.append({"type": "message", "timestamp": 1713607200 + 30 * k,
                     "from": person if mine else bot, "text": said})
        if mine:
            acts.append({"type": "trace", "from": bot, "timestamp": 1713607201 + 30 * k,
                         "value": {"intentId": f"intent_{k}", "score": 0.9}})
    return {"value": [{"id": "row-1", "content": json.dumps({"activities": acts}),
                       "schematype": "transcript"}]}


def test_json_in_a_string_and_wordless_kinds(tmp_path, capsys) -> None:
    doc = _transcript()
    assert find_conversations(doc) is None
    inner = strings_decoded(doc)
    assert inner is not None and isinstance(inner["value"][0]["content"], dict)
    assert strings_decoded({"a": "[not json", "b": ["{}"]}) is None
    acts = inner["value"][0]["content"]["activities"]
    kept = with_words(acts, acts, lambda o: isinstance(o.get("text"), str))
    assert kept is not None and kept[0] == "type"
    assert all(a["type"] == "message" for a in kept[1])
    f = tmp_path / "transcripts.json"
    f.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


GROUP = [("Ana", ASKS[0]), ("Ben", ANSWERS[0]), ("Cleo", ASKS[1]), ("Ben", ANSWERS[1]),
         ("Ana", ASKS[2]), ("Dmitri", ANSWERS[2]), ("Cleo", ASKS[3]), ("Dmitri", ANSWERS[3])]


def test_a_group_of_people_by_id_is_a_conversation(tmp_path, capsys) -> None:
    ids = {"Ana": "U01ANA", "Ben": "U02BEN", "Cleo": "U03CLE", "Dmitri": "U04DMI"}
    msgs = [{"type": "message", "user": ids[w], "text": t, "ts": f"17174300{k:02d}.000100",
             "user_profile": {"real_name": w, "team": "T0"}} for k, (w, t) in enumerate(GROUP)]
    speaker = find_speaker(msgs)
    assert speaker is not None and speaker.person == {"Ana", "Cleo"}
    f = tmp_path / "general_2024-06-03.json"
    f.write_text(json.dumps(msgs, indent=2), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)


def test_audit_records_of_a_few_users_stay_no_conversation() -> None:
    users = ["alice", "bob", "carol"]
    actions = [("user.login", None), ("document.update", "Changed the title of the quarterly "
                                                        "report draft"),
               ("document.share", "Shared the report with the finance team"),
               ("user.logout", None)]
    records = []
    for k in range(40):
        kind, note = actions[k % 4]
        rec: dict[str, object] = {"type": kind, "user": users[(k // 4) % 3],
                                  "at": f"2024-04-20T10:{k:02d}:00Z", "ip": f"10.0.0.{k % 7}"}
        if note:
            rec["description"] = note
        records.append(rec)
    assert find_speaker(records) is None
    assert find_conversations(records) is None


def test_lines_naming_a_role_alone_open_turns(tmp_path, capsys) -> None:
    out = ["---", "model: gpt-4o-mini", "temperature: 0", "---", "", ASKS[0], ""]
    for k, said in enumerate(SAID[1:], 1):
        out += ['<hr class="__plugin">', "", f"role::{'assistant' if k % 2 else 'user'}", "",
                said, ""]
    text = "\n".join(out)
    learned = learn_role_lines(text)
    assert learned is not None and set(learned.roles) == {"user", "assistant"}
    f = tmp_path / "Lisbon.md"
    f.write_text(text, encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)
    # a document whose lines merely mention roles is none
    assert learn_role_lines("Roles\n\nuser: a person\n\nSee the guide.\n") is None


def test_org_headings_as_asks_and_stamped_exchange_headings(tmp_path, capsys) -> None:
    org = [":PROPERTIES:", ":MODEL: gpt-4o-mini", ":END:", ""]
    for a, b in zip(ASKS, ANSWERS, strict=True):
        org += [f"*** {a}", "", b, ""]
    f = tmp_path / "lisbon.org"
    f.write_text("\n".join(org), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ANSWERS)
    # a Markdown list's single stars are no asks
    assert learn_turns("\n".join(f"* {a}" for a in ASKS)) is None
    md = []
    for k, (a, b) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        md += [f"# 2024-04-20T10:0{k}:17    conversation: 01hw id: 01hx{k}", "",
               "## Prompt", "", a, "", "## Response", "", b, ""]
    turns = learn_turns("\n".join(md))
    assert turns is not None and set(turns.roles.values()) == {"user", "assistant"}
    # the same pair under dated versions is a changelog's sections
    log = []
    for k in range(4):
        log += [f"# 1.{k}.0 (2024-04-2{k})", "", "## Fixed", "", "- a crash", "", "## Added",
                "", "- a flag", ""]
    assert learn_turns("\n".join(log)) is None


def test_notices_are_no_voices_and_outlines_keep_their_sections() -> None:
    # a chat client's columns: the notices' symbols are no group's voices
    rows = [{"t": f"10:{k:02d}", "who": w, "said": s} for k, (w, s) in enumerate(
        [("-->", "sam has joined the channel now"), ("sam", ASKS[0]), ("--", "topic is set to "
         "deploys today"), ("@helper", ANSWERS[0]), ("<--", "mike has quit the channel"),
         ("sam", ASKS[1]), ("@helper", ANSWERS[1]), (" *", "sam tries that one out")])]
    found = find_speaker(rows)
    assert found is None or found.roles.get("-->") != "assistant"
    # an outline NEWS: its "** " items under each "* " release are sections, no asks
    news = ["GNU Foo NEWS -- history of user-visible changes.", ""]
    for k in range(6, 0, -1):
        news += [f"* Changes in Foo 3.{k}", "", f"** Made the startup of 3.{k} much faster.",
                 "It now works as documented.", ""]
    assert learn_turns("\n".join(news)) is None


def test_a_schemas_typed_entries_are_no_group() -> None:
    kinds = ["array", "boolean", "object"]
    entries = []
    for k in range(12):
        entry: dict[str, object] = {"type": kinds[k % 3]}
        if k % 2:
            entry["description"] = f"Whether option {k} is kept when the package is built?"
        else:
            entry["$$description"] = [f"Legacy way of defining option {k} for the build.",
                                      "Prefer the newer table instead."]
        entries.append(entry)
    assert find_speaker(entries) is None
