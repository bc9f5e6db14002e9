"""A short question the person wrote is an ask: it scores far below a long opening request
(few terms), yet the summary lists it when it has room; a person's record that is no
question (a file's name, a reaction) is not listed for that."""

from __future__ import annotations

import json

from tests.support.helpers import summarized_asks

DEPLOY = [
    ("user", "How do I deploy my Flask app to Fly.io with a Postgres database?"),
    ("assistant", "Install flyctl, run fly launch in the project folder, and it will detect "
                  "Flask. Then create a Postgres cluster with fly postgres create and attach it "
                  "with fly postgres attach. The DATABASE_URL secret is set for you."),
    ("user", "The deploy fails with 'could not find a Procfile'. What should the Procfile say?"),
    ("assistant", "Add a Procfile with: web: gunicorn app:app --bind 0.0.0.0:8080, and make "
                  "sure gunicorn is in requirements.txt. Fly reads the internal port from "
                  "fly.toml, which should also say 8080."),
    ("user", "last thing: can I keep one machine always running?"),
    ("assistant", "Yes. In fly.toml set min_machines_running = 1 under [http_service] and "
                  "auto_stop_machines = false if you never want it stopped. Redeploy with fly "
                  "deploy."),
]


def _asked(tmp_path, capsys, turns) -> list[str]:
    f = tmp_path / "chat.json"
    f.write_text(json.dumps([{"role": w, "content": t} for w, t in turns], indent=1),
                 encoding="utf-8")
    return summarized_asks(tmp_path, f, capsys)


def test_a_short_last_question_is_listed(tmp_path, capsys):
    asked = _asked(tmp_path, capsys, DEPLOY)
    assert asked == ["How do I deploy my Flask app to Fly.io with a Postgres database?",
                     "The deploy fails with 'could not find a Procfile'",
                     "last thing: can I keep one machine always running?"]


def test_a_record_that_asks_nothing_is_not_listed_for_it(tmp_path, capsys):
    turns = [*DEPLOY[:2], ("user", "fly.toml"), ("user", "Liked a message."), *DEPLOY[2:]]
    asked = _asked(tmp_path, capsys, turns)
    assert "last thing: can I keep one machine always running?" in asked
    assert not any(a.startswith(("fly.toml", "Liked")) for a in asked), asked
