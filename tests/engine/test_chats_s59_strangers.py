"""A fourteenth strangers' pass: chat histories whose structure the readers missed at first
sight — a program's output handed back in the person's turn opened by its exit status as a
markup element, roles of a tool's own (``tool-call``, ``tool-response``), a gateway's log of
requests listed newest first (each the whole history so far), messages whose words are
objects of another list named by id, a messenger's table whose photos and stickers are
markup with no text, and a text export under a title block of a few short lines."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from gapless.engine.sources.chat_shape import _says, find_conversations
from gapless.engine.sources.header_turns import learn_header_turns
from gapless.engine.sources.id_parts import parts_by_id
from gapless.engine.sources.snapshots import earlier_states
from gapless.tui.cli.main import main
from tests.support.helpers import asks_only_from, summarized_asks

DEPLOY = [("user", "my deploy keeps failing with a health check timeout, what should I check?"),
          ("assistant", "Your app probably listens on localhost; bind to 0.0.0.0 on port 8080."),
          ("user", "fixed. how do I run the database migrations before the new machines?"),
          ("assistant", "Add a release command to the deploy section; it runs before the rollout."),
          ("user", "last thing: can I keep one machine always running for the first request?"),
          ("assistant", "Yes: set the minimum of running machines to one and keep auto stop on.")]
ASKS = [t for who, t in DEPLOY if who == "user"]
def _plain(tmp_path, capsys) -> list[str]:
    """The asks listed for the same chat written as a plain list of role messages: what a
    reader that takes the structure right must list too."""
    f = tmp_path / "plain.json"
    f.write_text(json.dumps([{"role": w, "content": t} for w, t in DEPLOY]), encoding="utf-8")
    return summarized_asks(tmp_path, f, capsys)


OUTPUT = "E   AttributeError: 'Blueprint' object has no attribute 'lifetime'\n1 failed in 0.42s"


def test_a_run_opened_by_its_exit_status_as_markup_is_no_ask(tmp_path, capsys):
    obs = f"<returncode>1</returncode>\n<output>\n{OUTPUT}\n</output>"
    msgs = [{"role": "system", "content": "You can run one shell command per reply."}]
    for who, text in DEPLOY:
        msgs.append({"role": who, "content": text})
        if who == "assistant":
            msgs.append({"role": "assistant", "content": "THOUGHT: check.\n\n```bash\npytest\n```"})
            msgs.append({"role": "user", "content": obs})
    f = tmp_path / "last_run.traj.json"
    f.write_text(json.dumps({"info": {"exit_status": "Submitted"}, "messages": msgs,
                             "trajectory_format": "agent-1"}, indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [obs, OUTPUT, "1 failed"])
    assert asked == _plain(tmp_path, capsys)


def test_roles_of_a_tool_of_its_own_are_the_tools(tmp_path, capsys):
    msgs: list[dict[str, Any]] = []
    for k, (who, text) in enumerate(DEPLOY):
        if who == "user":
            msgs.append({"role": "user", "content": [{"type": "text", "text": f"New task:\n{text}"}]})
            continue
        msgs.append({"role": "assistant", "content": [{"type": "text", "text":
                                                        "Thought: I can answer that now."}]})
        msgs.append({"role": "tool-call", "content": [{"type": "text", "text": (
            f"Calling tools:\n[{{'id': 'call_{k}', 'function': {{'name': 'final_answer', "
            f"'arguments': {{'answer': {text!r}}}}}}}]")}]})
        msgs.append({"role": "tool-response", "content": [{"type": "text", "text":
                                                            f"Call id: call_{k}\nObservation:\n{text}"}]})
    f = tmp_path / "agent_memory.json"
    f.write_text(json.dumps(msgs, indent=2), encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "s.db")]) == 0
    entry = json.loads(capsys.readouterr()[0])["entry"]
    # the tools' turns are no words of the conversation: nothing of a call said as done
    assert "'function'" not in entry["summary"] and "'function'" not in entry["headline"]
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, ["Calling tools", "Call id"])
    assert asked == _plain(tmp_path, capsys)


def _requests() -> list[dict[str, Any]]:
    """A gateway's log: a record per call, the whole history so far in each, newest first."""
    history: list[dict[str, Any]] = [{"role": "system", "content": "Answer briefly."}]
    out = []
    for who, text in DEPLOY:
        if who == "user":
            history.append({"role": "user", "content": text})
            continue
        out.append({"request_id": f"r{len(out)}", "request_body": {
            "model": "m", "messages": [dict(m) for m in history]},
            "response_body": {"choices": [{"message": {"role": "assistant", "content": text}}]}})
        history.append({"role": "assistant", "content": text})
    return out[::-1]


def test_states_of_a_conversation_listed_newest_first_are_read_once(tmp_path, capsys):
    states = [(None, [1, 2, 3, 4, 5]), (None, [1, 2, 3]), (None, [1])]
    assert earlier_states(states) == {1, 2}
    assert earlier_states(states[::-1]) == {0, 1}
    # two conversations that do not extend each other are both read
    assert earlier_states([(None, [1, 2]), (None, [3, 4, 5])]) == set()
    f = tmp_path / "requests.json"
    f.write_text(json.dumps(_requests(), indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [])
    assert asked == _plain(tmp_path, capsys)  # each ask said once, the last one answered
    found = find_conversations(_requests())
    assert found is not None and len(found.conversations) == 1
    # the newest request's messages, then the response's answer beside them in its record
    said = [x.get("content") for _n, x in found.conversations[0] if x.get("role") != "system"]
    assert said == [t for _w, t in DEPLOY]


def _backup() -> dict[str, Any]:
    """A desktop client's backup: messages with the ids of their blocks, the blocks apart."""
    msgs, blocks = [], []
    for k, (who, text) in enumerate(DEPLOY):
        ids = [f"b{k}a"]
        blocks.append({"id": f"b{k}a", "messageId": f"m{k}", "type": "main_text",
                       "content": text, "status": "success"})
        if who == "assistant" and k == 1:
            ids.insert(0, f"b{k}t")
            blocks.append({"id": f"b{k}t", "messageId": f"m{k}", "type": "thinking",
                           "content": "The person likely binds to localhost; say so.",
                           "status": "success"})
        msgs.append({"id": f"m{k}", "role": who, "topicId": "t1", "status": "success",
                     "createdAt": f"2025-05-12T18:0{k}:00Z", "blocks": ids})
    return {"time": 1747074300000, "version": 5,
            "indexedDB": {"topics": [{"id": "t1", "messages": msgs}],
                          "message_blocks": blocks}}


def test_words_kept_in_objects_named_by_id_are_the_messages(tmp_path, capsys):
    doc = _backup()
    msgs = doc["indexedDB"]["topics"][0]["messages"]
    joined = parts_by_id(doc, msgs)
    assert [b["content"] for b in joined[0]["blocks"]] == [ASKS[0]]
    # ids that name records of the same list (a tree's children) are no parts
    tree = [{"id": "a", "children": ["b"], "text": "x"}, {"id": "b", "children": [], "text": "y"}]
    assert parts_by_id({"mapping": tree}, tree) == []
    found = find_conversations(doc)
    assert found is not None and len(found.conversations[0]) == len(DEPLOY)
    f = tmp_path / "backup.json"
    f.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, ["The person likely binds"])
    assert asked == _plain(tmp_path, capsys)


_IMG = ('<?xml version="1.0"?>\n<msg>\n\t<img aeskey="6b7a3f0c2d9e41a5" length="283101" '
        'md5="0c4d2b6f9a1e8f3b" />\n</msg>')


def test_markup_with_no_text_between_its_tags_holds_no_words(tmp_path, capsys):
    assert not _says({"content": _IMG})
    assert not _says({"content": '<msg><emoji md5="a3c9e2f1" len="38211" type="2" /></msg>'})
    assert _says({"content": "<p>Can you check the deploy logs again?</p>"})
    buf = io.StringIO()
    rows = csv.writer(buf, lineterminator="\r\n")
    rows.writerow(["localId", "Type", "IsSender", "CreateTime", "StrContent", "StrTime",
                   "NickName", "Sender"])
    n = 0
    for k, (who, text) in enumerate(DEPLOY):
        mine = who == "user"
        n += 1
        rows.writerow([n, 1, int(mine), 1713607320 + 60 * k, text, f"2024-04-20 18:0{k}:11",
                       "Marco Rossi", "wxid_lena" if mine else "wxid_marco"])
        if k in (0, 2):  # a photo sent after one's own words: its fields as XML, no turn
            n += 1
            rows.writerow([n, 3, int(mine), 1713607330 + 60 * k, _IMG, f"2024-04-20 18:0{k}:20",
                           "Marco Rossi", "wxid_lena"])
    f = tmp_path / "Marco.csv"
    f.write_text(buf.getvalue(), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [_IMG, "aeskey"])
    assert asked == _plain(tmp_path, capsys)


def _qq(title: list[str]) -> str:
    out = [*title, ""]
    for k, (who, text) in enumerate(DEPLOY):
        out += [f"2024-04-20 18:{2 + 4 * k:02d}:11 {'Lena' if who == 'user' else 'Marco'}",
                text, ""]
    return "\r\n".join(out) + "\r\n"


def test_a_title_block_of_a_few_short_lines_may_open_a_short_chat(tmp_path, capsys):
    rule = "=" * 64
    title = ["消息记录（此消息记录为文本格式，不支持重新导入）", "", rule, "消息分组:我的好友",
             rule, "消息对象:Marco", rule]
    learned = learn_header_turns(_qq(title))
    assert learned is not None and learned.roles == {"Lena": "user", "Marco": "assistant"}
    # a preamble of running text longer than a title block, a large share: a document
    intro = ["This report describes how the team handled the incident in April, what the "
             "people on call saw, which steps they took and in which order."] * 3
    assert learn_header_turns(_qq(intro)) is None
    f = tmp_path / "Marco.txt"
    f.write_text(_qq(title), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [])
    assert asked == _plain(tmp_path, capsys)


SYSTEM = "You are a support assistant for a hosting platform. Answer in one or two sentences."


def _observations() -> dict[str, Any]:
    """A tracer's page of observations, newest first: a retrieval step (the ask as its query)
    beside each model call, whose input is the whole history so far and output the answer."""
    history: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}]
    obs: list[dict[str, Any]] = []
    for k, (who, text) in enumerate(DEPLOY):
        if who == "user":
            history.append({"role": "user", "content": text})
            continue
        obs.append({"id": f"s{k}", "type": "SPAN", "name": "retrieve",
                    "input": {"query": history[-1]["content"]},
                    "output": {"documents": [f"Note {k}: health checks use the internal port."]}})
        obs.append({"id": f"g{k}", "type": "GENERATION", "name": "ChatOpenAI",
                    "input": [dict(m) for m in history],
                    "output": {"role": "assistant", "content": text},
                    "usage": {"input": 200 + k, "output": 40}})
        history.append({"role": "assistant", "content": text})
    return {"data": obs[::-1], "meta": {"page": 1, "totalItems": len(obs)}}


def test_a_tracers_calls_are_read_by_their_messages_and_the_answer_beside(tmp_path, capsys):
    found = find_conversations(_observations())
    assert found is not None
    # the role field of the messages, not the steps' names (``retrieve`` beside ``…AI``)
    assert found.speaker.path == "role"
    said = [x.get("content") for _n, x in found.conversations[-1] if x.get("role") != "system"]
    assert said == [t for _w, t in DEPLOY]  # the last state, then the answer beside it
    f = tmp_path / "observations.json"
    f.write_text(json.dumps(_observations(), indent=2), encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "s.db")]) == 0
    entry = json.loads(capsys.readouterr()[0])["entry"]
    assert SYSTEM[:30] not in entry["summary"]  # a system prompt is never said as done
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, ["Note "])
    assert asked == _plain(tmp_path, capsys)
