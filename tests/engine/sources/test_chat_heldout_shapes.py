"""Chat histories of tools of a third stranger pass (``bench/heldout_chats.py``), each small
and written as that tool writes it: the person's asks listed, in order, and never a tool's
result, an attachment's text or a blob among them. One test per structural rule the pass
added to the readers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.helpers import summarized_asks

BLOB = "iVBORw0KGgo" + "QUJDRA" * 80  # base64, no words
FAILED = "E   AttributeError: 'Blueprint' object has no attribute 'permanent_session_lifetime'"
ASKS = ["I have a Flask app that returns 500 on /login since Flask 3. Can you find out why?",
        "Please apply that fix and add a regression test for the remember-me checkbox.",
        "Could you also write a short changelog entry for the 2.4.1 release notes?"]
ANSWERS = ["The view sets the session lifetime on the blueprint, which Flask 3 forbids.",
           "I moved the lifetime into the app factory and added the test; all pass.",
           "2.4.1: Fixed a 500 error on /login under Flask 3."]


def _write(tmp_path: Path, name: str, doc: Any, *, lines: bool = False) -> Path:
    f = tmp_path / name
    if isinstance(doc, str):
        f.write_text(doc, encoding="utf-8")
    elif lines:
        f.write_text("".join(json.dumps(x) + "\n" for x in doc), encoding="utf-8")
    else:
        f.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return f


def _exactly(asked: list[str], said: list[str], *foreign: str) -> None:
    """The asks listed are the person's turns, in order, none of ``foreign`` among them."""
    heads = [a[:30].rstrip("…") for a in asked]
    assert heads, "no ask listed"
    for h in heads:
        assert any(h in s for s in said), (h, said)
        assert not any(h in x for x in foreign), h
    firsts = [next(i for i, s in enumerate(said) if h in s) for h in heads]
    assert firsts == sorted(firsts) and firsts[0] == 0, asked


def test_blocks_keyed_by_what_they_hold_are_calls_results_and_images(tmp_path, capsys):
    """A Converse-style request: blocks with no ``type``, keyed ``toolUse`` /
    ``toolResult`` / ``image`` — the result in the user's turn is the tool's, not an ask."""
    msgs = [
        {"role": "user", "content": [{"text": ASKS[0]},
                                     {"image": {"format": "png", "source": {"bytes": BLOB}}}]},
        {"role": "assistant", "content": [{"toolUse": {
            "toolUseId": "tooluse_a1", "name": "run_command",
            "input": {"command": "pytest -x -q"}}}]},
        {"role": "user", "content": [{"toolResult": {
            "toolUseId": "tooluse_a1", "content": [{"text": FAILED}], "status": "success"}}]},
        {"role": "assistant", "content": [{"text": ANSWERS[0]}]},
        {"role": "user", "content": [{"text": ASKS[1]}]},
        {"role": "assistant", "content": [{"text": ANSWERS[1]}]},
        {"role": "user", "content": [{"text": ASKS[2]}]},
        {"role": "assistant", "content": [{"text": ANSWERS[2]}]}]
    f = _write(tmp_path, "converse.json", {"modelId": "m", "messages": msgs,
                                           "system": [{"text": "Be brief."}]})
    asked = summarized_asks(tmp_path, f, capsys)
    _exactly(asked, ASKS, FAILED, BLOB)
    assert len(asked) == 3


def test_blocks_typed_by_other_words_are_calls_and_results(tmp_path, capsys):
    """Session lines whose blocks are ``toolRequest`` / ``toolResponse`` (the output under
    ``toolResult.value``, in a user-role message)."""
    lines: list[dict[str, Any]] = [{"working_dir": "/w", "description": "fix", "total_tokens": 9}]
    lines.append({"role": "user", "created": 1, "content": [{"type": "text", "text": ASKS[0]}]})
    lines.append({"role": "assistant", "created": 2, "content": [{
        "type": "toolRequest", "id": "toolu_1", "toolCall": {"status": "success", "value": {
            "name": "developer__shell", "arguments": {"command": "pytest -x -q"}}}}]})
    lines.append({"role": "user", "created": 3, "content": [{
        "type": "toolResponse", "id": "toolu_1", "toolResult": {"status": "success", "value": [
            {"type": "text", "text": FAILED, "annotations": {"audience": ["assistant"]}}]}}]})
    for k in range(3):
        if k:
            lines.append({"role": "user", "created": 4 + k,
                          "content": [{"type": "text", "text": ASKS[k]}]})
        lines.append({"role": "assistant", "created": 5 + k,
                      "content": [{"type": "text", "text": ANSWERS[k]}]})
    f = _write(tmp_path, "session.jsonl", lines, lines=True)
    _exactly(summarized_asks(tmp_path, f, capsys), ASKS, FAILED)


SALES = ["Summarize the attached CSV of quarterly sales and say which regions declined.",
         "Make a bar chart of it with matplotlib, regions sorted by Q3.",
         "Now translate your summary into German for my manager."]
SALES_ANSWERS = ["North and West declined; East grew to 151,020 in the third quarter.",
                 "df.sort_values('q3').plot.bar(x='region', y='q3') draws it in order.",
                 "Der Norden und der Westen gingen im dritten Quartal zurück."]


def test_which_identity_is_set_says_who_speaks_html_is_read_and_newest_first_reversed(
        tmp_path, capsys):
    """Graph-style chat messages, newest first: ``from`` holds a ``user`` or an
    ``application`` (the other null), the person's words only as HTML, a system event."""
    person = {"application": None, "device": None,
              "user": {"id": "u1", "displayName": "Ana Pereira", "userIdentityType": "aadUser"}}
    bot = {"application": {"id": "a1", "displayName": "Sheets Helper",
                           "applicationIdentityType": "bot"}, "device": None, "user": None}
    msgs: list[dict[str, Any]] = [{
        "id": "100", "messageType": "systemEventMessage", "from": None,
        "createdDateTime": "2024-05-06T10:00:00Z",
        "body": {"contentType": "html", "content": "<systemEventMessage/>"}}]
    for k in range(3):
        msgs.append({"id": str(101 + 2 * k), "messageType": "message", "from": person,
                     "createdDateTime": f"2024-05-06T10:0{1 + 2 * k}:00Z", "attachments": [],
                     "body": {"contentType": "html", "content": f"<p>{SALES[k]}</p>"}})
        msgs.append({"id": str(102 + 2 * k), "messageType": "message", "from": bot,
                     "createdDateTime": f"2024-05-06T10:0{2 + 2 * k}:00Z", "attachments": [],
                     "body": {"contentType": "text", "content": SALES_ANSWERS[k]}})
    msgs.reverse()
    f = _write(tmp_path, "messages.json", {"@odata.count": len(msgs), "value": msgs})
    asked = summarized_asks(tmp_path, f, capsys)
    _exactly(asked, SALES, *SALES_ANSWERS)
    assert len(asked) == 3 and not any("<p>" in a for a in asked)


TRIP = ["Plan a three day trip to Lisbon for two people in early May, we like food.",
        "Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without flights?"]
TRIP_ANSWERS = ["Day 1 Alfama and the castle, day 2 Belém, day 3 a train to Sintra.",
                "Baixa or Chiado: central, flat from the metro and safe at night.",
                "About 180 to 230 euros a day for two people without the flights."]


def test_two_unnamed_voices_beside_a_rare_notice(tmp_path, capsys):
    """Messaging-app records typed ``outgoing`` / ``incoming`` with a key-change notice
    among them: the two voices are the sides, the one that asks is the person, the
    attachment's key never an ask."""
    msgs: list[dict[str, Any]] = [{"id": "n0", "type": "keychange", "sent_at": 1000,
                                   "key_changed": "c0ffee00-aaaa-bbbb-cccc-0123456789ab"}]
    for k in range(3):
        msgs.append({"id": f"o{k}", "type": "outgoing", "body": TRIP[k], "sent_at": 2000 + k,
                     "attachments": [{"contentType": "image/jpeg", "fileName": "map.jpg",
                                      "localKey": BLOB}] if k == 0 else []})
        msgs.append({"id": f"i{k}", "type": "incoming", "body": TRIP_ANSWERS[k],
                     "sent_at": 3000 + k, "source": "+4915112345678"})
    f = _write(tmp_path, "messages.json", msgs)
    asked = summarized_asks(tmp_path, f, capsys)
    _exactly(asked, TRIP, *TRIP_ANSWERS, BLOB)
    assert len(asked) == 3


def test_exchange_records_whose_ask_field_is_named_for_nothing(tmp_path, capsys):
    """Chat-session ``requests``: the person's ``message`` (its text and its parts) and the
    ``response`` in one record; tool results kept under ``result`` never asks."""
    reqs = []
    for k in range(3):
        reqs.append({
            "requestId": f"request_{k}",
            "message": {"parts": [{"range": {"start": 0, "endExclusive": len(ASKS[k])},
                                   "text": ASKS[k], "kind": "text"}], "text": ASKS[k]},
            "variableData": {"variables": [{"id": "vscode.implicit.viewport",
                                            "name": "file:views.py",
                                            "modelDescription": "User's current visible code"}]},
            "response": [{"value": ANSWERS[k], "supportHtml": False}],
            "result": {"metadata": {"toolCallResults": {"toolu_1": {
                "content": [{"value": FAILED}]}}}},
            "timestamp": 1715675000000 + k})
    f = _write(tmp_path, "session.json", {"version": 3, "requesterUsername": "ana",
                                          "responderUsername": "Assistant",
                                          "requests": reqs})
    asked = summarized_asks(tmp_path, f, capsys)
    _exactly(asked, ASKS, FAILED, *ANSWERS)
    assert len(asked) == 3


DEPLOY = ["hey, my deploy keeps failing with a health check timeout, any idea what to check?",
          "it was on localhost, fixed. how do I run the migrations before the release?",
          "last thing: can I keep one machine always running so the first request is fast?"]
DEPLOY_ANSWERS = ["Bind to 0.0.0.0:8080; the health checks come from outside the machine.",
                  "Add release_command = 'python manage.py migrate' under [deploy].",
                  "Yes: set min_machines_running = 1 under [http_service]."]


def test_a_chat_client_log_of_times_and_nicks(tmp_path, capsys):
    """A channel log: ``HH:MM <nick> words`` lines between joins, quits and an action;
    the nick that asks is the person."""
    out = ["--- Log opened Mon Jun 03 18:00:01 2024",
           "18:09 -!- sam [~sam@host.example.net] has joined #help"]
    for k in range(3):
        out.append(f"18:{10 + 2 * k} <sam> {DEPLOY[k]}")
        out.append(f"18:{11 + 2 * k} <HelpBot> {DEPLOY_ANSWERS[k]}")
        if k == 0:
            out.append("18:11  * sam tries that")
    out.append("--- Log closed Mon Jun 03 18:30:12 2024")
    f = _write(tmp_path, "#help.log", "\n".join(out) + "\n")
    asked = summarized_asks(tmp_path, f, capsys)
    _exactly(asked, DEPLOY, *DEPLOY_ANSWERS, "has joined")
    assert len(asked) == 3


def test_roles_written_from_the_agents_view_and_a_run_handed_back(tmp_path, capsys):
    """A two-agent chat saved from the starting agent's view: the person's proxy's
    messages carry ``role`` assistant (its ``name`` names a user), the model's ``role``
    user; the proxy's report of the code it ran (opened by its exit status) is a result."""
    msgs: list[dict[str, Any]] = [
        {"content": ASKS[0], "role": "assistant", "name": "user_proxy"},
        {"content": "```sh\npytest -x -q\n```", "role": "user", "name": "coder"},
        {"content": f"exitcode: 1 (execution failed)\nCode output: {FAILED}",
         "role": "assistant", "name": "user_proxy"},
        {"content": ANSWERS[0], "role": "user", "name": "coder"},
        {"content": ASKS[1], "role": "assistant", "name": "user_proxy"},
        {"content": ANSWERS[1], "role": "user", "name": "coder"},
        {"content": ASKS[2], "role": "assistant", "name": "user_proxy"},
        {"content": ANSWERS[2], "role": "user", "name": "coder"}]
    f = _write(tmp_path, "chat_history.json", msgs)
    asked = summarized_asks(tmp_path, f, capsys)
    _exactly(asked, ASKS, FAILED, "exitcode", *ANSWERS)
    assert len(asked) == 3
