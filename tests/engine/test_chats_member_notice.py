"""A chat service's notice kept as a message of whoever caused it — a kind value that few
records carry (``system`` among ``regular``), the words opening with the name another voice
carries on all its records (``Analyst joined the channel.``) — is the app's notice, listed
neither as an ask nor as done; a person addressing the assistant by name in a record of the
usual kind stays an ask."""

from __future__ import annotations

import json

from gapless.engine.sources.member_notice import RareKinds, narrates_member
from gapless.tui.cli.main import main

SALES = [(True, "Summarize the attached CSV of quarterly sales and tell me which regions "
                "declined."),
         (False, "East grew to 151,020 in Q3; North and West declined."),
         (True, "Make a bar chart of it with matplotlib, regions sorted by their Q3 figure."),
         (False, "df.sort_values('q3').plot.bar(x='region', y='q3') draws it."),
         (True, "Now translate your summary into German for my manager."),
         (False, "Der Osten wuchs; der Norden und der Westen gingen zurück.")]
DAN = {"id": "dan-w", "name": "Dan Whitfield", "role": "user"}
BOT = {"id": "ai-bot", "name": "Analyst", "role": "user"}


def _message(k: int, kind: str, user: dict[str, str], text: str) -> dict[str, object]:
    return {"id": f"m{k}", "text": text, "type": kind, "user": user,
            "created_at": f"2024-05-02T07:{10 + k:02d}:00.000Z", "attachments": []}


def _summary(tmp_path, capsys, messages: list[dict[str, object]]) -> dict[str, str]:
    f = tmp_path / "channel.json"
    f.write_text(json.dumps({"channel": {"id": "c1"}, "messages": messages}), encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "s.db")]) == 0
    return json.loads(capsys.readouterr()[0])["entry"]


def test_a_rare_kinds_words_narrating_a_member_are_no_ask(tmp_path, capsys):
    msgs = [_message(0, "system", DAN, "Analyst joined the channel.")]
    msgs += [_message(1 + k, "regular", DAN if mine else BOT, text)
             for k, (mine, text) in enumerate(SALES)]
    entry = _summary(tmp_path, capsys, msgs)
    assert entry["summary"].startswith("Asked:")
    assert "joined the channel" not in entry["summary"] + entry["headline"]
    assert "Summarize the attached CSV" in entry["summary"]


def test_the_usual_kind_naming_the_assistant_stays_an_ask():
    kinds = RareKinds({"type"})
    for v in ["system"] + ["regular"] * 6:
        kinds.see("type", v)
    assert kinds.rare([("type", "system")])
    assert not kinds.rare([("type", "regular")])
    assert narrates_member("Analyst joined the channel.", {"Analyst", "Dan Whitfield"})
    assert not narrates_member("Analyst, make it shorter.", {"Analyst"})
    assert not narrates_member("Analyst joined when?", {"Analyst"})
    assert not narrates_member("Kim joined the channel.", {"Analyst"})
