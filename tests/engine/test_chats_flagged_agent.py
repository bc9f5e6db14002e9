"""A speaker value that names the person (``user``) is the app's staff when a flag beside
it, named for the agent (``bot``), is true on one of its records: the other voice
(``contact``) is the person, whose asks are listed — not the agent's answers."""

from __future__ import annotations

import json
from typing import Any

from tests.support.helpers import asks_only_from, summarized_asks

SAID = [("contact", "My deploy keeps failing with a health check timeout on port 8080, "
                    "what should I check?"),
        ("user", "Your app probably listens on 127.0.0.1; bind it to 0.0.0.0:8080."),
        ("contact", "Fixed. How do I run the migrations before the new machines start?"),
        ("user", "Add a release_command to the deploy section of your config file."),
        ("contact", "Can I keep one machine always running so the first request is fast?"),
        ("user", "Yes, set min_machines_running to 1.")]
WELCOME = "Hi there, what can we help you with today?"


def _messages(flag: bool) -> dict[str, Any]:
    msgs: list[dict[str, Any]] = [{"id": "m0", "body": f"<p>{WELCOME}</p>", "author": {
        "id": 0, "type": "user", "bot": flag}, "type": "chat", "createdAt": 1726150000000}]
    for k, (who, text) in enumerate(SAID, 1):
        msgs.append({"id": f"m{k}", "body": f"<p>{text}</p>",
                     "author": {"id": 7 if who == "contact" else 42, "type": who, "bot": False},
                     "type": "chat", "createdAt": 1726150000000 + 61000 * k})
    return {"data": {"messages": msgs}, "pagination": {"more": False}}


def test_a_person_word_spoken_by_a_flagged_bot_is_the_agents_side(tmp_path, capsys):
    f = tmp_path / "messages.json"
    f.write_text(json.dumps(_messages(True), indent=2), encoding="utf-8")
    asks = [t for w, t in SAID if w == "contact"]
    asks_only_from(summarized_asks(tmp_path, f, capsys), asks,
                   [WELCOME, *(t for w, t in SAID if w == "user")])
