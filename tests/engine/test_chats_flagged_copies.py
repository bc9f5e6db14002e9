"""An agent's runs that each keep the earlier turns copied in — the copies the same
messages (id, time, words) but for a flag (``from_history``), the system prompt written
anew for every run — are earlier states of one conversation: each ask is read once. Runs
that share no messages stay apart."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.chat_json import load_file
from gapless.engine.sources.snapshots import earlier_states

SYSTEM = "You are a careful senior software engineer. Answer concisely."
TURNS = [("My Flask app returns 500 on the login page since the upgrade, can you find out why?",
          "The view sets the session lifetime on the blueprint, which Flask 3 refuses."),
         ("Please apply that fix and add a regression test for the remember-me checkbox.",
          "I moved the lifetime into the app factory and added the test; all 3 pass."),
         ("Could you also write a short changelog entry for the next patch release?",
          "Fixed a 500 error on the login page under Flask 3 (the lifetime is app config).")]


def _runs() -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = []
    earlier: list[dict[str, Any]] = []
    for n, (ask, answer) in enumerate(TURNS):
        mine = [{"id": f"u{n}", "role": "user", "content": ask, "from_history": False,
                 "created_at": 1714557600 + 20 * n},
                {"id": f"a{n}", "role": "assistant", "content": answer, "from_history": False,
                 "created_at": 1714557610 + 20 * n}]
        system = {"id": f"sys{n}", "role": "system", "content": SYSTEM, "from_history": False,
                  "created_at": 1714557600 + 20 * n}
        runs.append({"run_id": f"r{n}", "session_id": "s1",
                     "messages": [system, *(dict(m, from_history=True) for m in earlier), *mine],
                     "input": {"input_content": ask}, "status": "COMPLETED",
                     "created_at": 1714557610 + 20 * n})
        earlier += mine
    return runs


def test_each_ask_of_runs_repeating_the_history_is_read_once(tmp_path):
    f = tmp_path / "sessions.json"
    doc = [{"session_id": "s1", "session_type": "agent", "runs": _runs(),
            "created_at": 1714557600}]
    f.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    users = [e.text for e in load_file(f).entries if e.role == "user"]
    assert [sum(ask in u for u in users) for ask, _a in TURNS] == [1, 1, 1], users


def test_runs_that_share_no_messages_stay_apart():
    runs = _runs()
    for run in runs:
        run["messages"] = [m for m in run["messages"] if not m["from_history"]]
    system = lambda m: m["role"] == "system"  # noqa: E731
    assert earlier_states([(r, r["messages"]) for r in runs], system) == set()
    copied = _runs()
    assert earlier_states([(r, r["messages"]) for r in copied], system) == {0, 1}
