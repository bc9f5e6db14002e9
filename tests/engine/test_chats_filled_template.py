"""A team chat's notice kept as a message of whoever did it, its words a template whose
``{name}`` placeholders the record's own objects fill (``{actor} created the
conversation``), is the app's notice, listed neither as an ask nor as done; braces that name
no object of the record, or a question, stay words."""

from __future__ import annotations

import json

from gapless.engine.sources.filled_template import fills_template
from gapless.tui.cli.main import main
from tests.support.helpers import TRIP

ACTOR = {"type": "user", "id": "lena", "name": "Lena Hoffmann"}


def _record(k: int, mine: bool, text: str, kind: str, params: object) -> dict[str, object]:
    return {"id": 100 + k, "actorType": "users" if mine else "bots",
            "actorId": "lena" if mine else "bot-7c1e", "actorDisplayName":
            "Lena Hoffmann" if mine else "Assistant", "timestamp": 1711616400 + 60 * k,
            "message": text, "messageParameters": params, "messageType": kind}


def test_a_template_the_record_fills_is_no_ask_nor_done(tmp_path, capsys):
    data = [_record(0, True, "{actor} created the conversation", "system", {"actor": ACTOR}),
            _record(1, True, "{actor} added {bot}", "system",
                    {"actor": ACTOR, "bot": {"type": "bot", "id": "7", "name": "Assistant"}})]
    data += [_record(2 + k, mine, text, "comment", []) for k, (mine, text) in enumerate(TRIP)]
    f = tmp_path / "chat.json"
    f.write_text(json.dumps({"ocs": {"meta": {"status": "ok"}, "data": data[::-1]}}),
                 encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "s.db")]) == 0
    entry = json.loads(capsys.readouterr()[0])["entry"]
    assert entry["summary"].startswith("Asked:")
    assert "{actor}" not in entry["summary"] and "{actor}" not in entry["headline"]
    assert "Plan a three day trip" in entry["summary"]


def test_only_placeholders_the_records_objects_fill_make_a_template():
    found = [("messageParameters.actor.type", "user"), ("messageParameters.actor.id", "lena"),
             ("message", "{actor} created the conversation")]
    assert fills_template("{actor} created the conversation", found)
    # a placeholder that names no object of the record: a person's words about a template
    assert not fills_template("{user} created the conversation", found)
    # a field's name that holds no object is filled by nothing
    assert not fills_template("{message} created the conversation", found)
    # no placeholder, a question, or a long sentence: words
    assert not fills_template("Lena created the conversation", found)
    assert not fills_template("why does {actor} show up in my text?", found)
    assert not fills_template("{actor} " + "word " * 12, found)
