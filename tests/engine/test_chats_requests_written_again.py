"""A list of conversations each holding the one before it whole (a proxy's log of calls, the
history so far in each, the answer logged beside it) is one conversation read once, with
the last answer; conversations that do not extend each other stay a list of them."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources import load_transcript
from gapless.engine.sources.chat_json import _written_again
from tests.support.helpers import asks_only_from, summarized_asks

DEPLOY = [("user", "my deploy keeps failing with a health check timeout, what should I check?"),
          ("assistant", "Your app probably listens on localhost; bind to 0.0.0.0 on port 8080."),
          ("user", "fixed. how do I run the database migrations before the new machines?"),
          ("assistant", "Add a release command to the deploy section; it runs before the rollout."),
          ("user", "one last thing, can I keep one machine always running for the first request?"),
          ("assistant", "Yes: set the minimum of running machines to one and keep auto stop on.")]
ASKS = [t for who, t in DEPLOY if who == "user"]


def _rows() -> list[dict[str, Any]]:
    history: list[dict[str, Any]] = [{"role": "system", "content": "Answer briefly."}]
    rows = []
    for who, text in DEPLOY:
        if who == "user":
            history.append({"role": "user", "content": text})
            continue
        rows.append({"request_id": f"chatcmpl-{len(rows)}", "spend": 0.0002, "model": "m",
                     "messages": [dict(m) for m in history],
                     "response": {"choices": [{"message": {"role": "assistant",
                                                           "content": text}}]}})
        history.append({"role": "assistant", "content": text})
    return rows


def test_a_log_of_calls_each_the_history_so_far_lists_every_ask_once(tmp_path, capsys):
    f = tmp_path / "spend_logs.json"
    f.write_text(json.dumps(_rows(), indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [])
    # each ask said once, as the same chat written as one list of its messages lists them
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps([{"role": w, "content": t} for w, t in DEPLOY]), encoding="utf-8")
    assert asked == summarized_asks(tmp_path, plain, capsys)
    # read once: every ask once, and the last answer, logged beside the last call, read too
    text = (lambda t: t.text(0, len(t)))(load_transcript(f))
    assert all(text.count(a) == 1 for a in ASKS)
    assert DEPLOY[-1][1] in text


def test_conversations_that_do_not_extend_each_other_are_a_list_of_them():
    rows = _rows()
    assert _written_again(rows)
    apart = [{"messages": [{"role": "user", "content": "a question about one thing?"}]},
             {"messages": [{"role": "user", "content": "another question entirely?"},
                           {"role": "assistant", "content": "an answer to it."}]}]
    assert not _written_again(apart)
    assert not _written_again(rows[:1])
