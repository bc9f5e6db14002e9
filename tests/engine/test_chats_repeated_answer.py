"""A string kept beside a list of turns that repeats one of the list's turns word for word
(an agent's run keeping its answer again as the run's ``content`` beside the run's
messages) was said already: it is not the person's next turn. A string beside the list
that no turn holds is still the turn the person sends next."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.beside_turn import next_turn
from gapless.engine.sources.chat_json import load_file

ASK = "My Flask app returns 500 on the login page since the upgrade, can you find out why?"
ANSWER = "The view sets the session lifetime on the blueprint, which Flask 3 refuses."


def _run() -> dict[str, Any]:
    return {"run_id": "r1", "agent_id": "helper", "session_id": "s1",
            "content": ANSWER, "content_type": "str", "model": "gpt-4o",
            "messages": [{"id": "m1", "role": "user", "content": ASK, "created_at": 1714557607},
                         {"id": "m2", "role": "assistant", "content": ANSWER,
                          "created_at": 1714557614}],
            "input": {"input_content": ASK}, "status": "COMPLETED", "created_at": 1714557614}


def test_an_answer_kept_again_beside_the_run_is_no_ask(tmp_path):
    f = tmp_path / "sessions.json"
    doc = [{"session_id": "s1", "session_type": "agent", "runs": [_run()],
            "created_at": 1714557600, "updated_at": 1714557614}]
    f.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    users = [e.text for e in load_file(f).entries if e.role == "user"]
    assert len(users) == 1 and ASK in users[0], users
    assert not any(ANSWER in u for u in users), users


def test_a_new_string_beside_the_list_is_still_the_next_turn():
    history = [{"role": "user", "message": ASK}, {"role": "chatbot", "message": ANSWER}]
    owner = {"chat_history": history, "message": "Please apply that fix and add a test."}
    turn = next_turn(owner, history, "role", frozenset({"user"}))
    assert turn == {"role": "user", "message": "Please apply that fix and add a test."}
    owner["message"] = ANSWER
    assert next_turn(owner, history, "role", frozenset({"user"})) is None
