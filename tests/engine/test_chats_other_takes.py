"""A regenerated reply's other takes, kept as a list of strings beside the record's words,
were never said: they are neither the reply's words nor anywhere in the rendering; the take
shown (the words field) is."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources.chat_json import load_file
from gapless.engine.sources.other_takes import other_takes

SHOWN = "*She glances at the key board.* One left, under the eaves. Three silver."
TAKES = ["*She taps the board.* Attic room's all that's left, mind the leak.",
         "*She laughs.* The bishop's clerk never turned up, his room is yours."]


def _messages() -> list[dict[str, object]]:
    said = [("u", "*I shake the rain off my cloak.* Is there a room free for the night?"),
            ("c", SHOWN),
            ("u", "I'll take it. Have you heard about the caravan that went missing?"),
            ("c", "*Her smile fades.* Only whispers about lights in the ruins.")]
    out: list[dict[str, object]] = []
    for k, (who, text) in enumerate(said):
        m: dict[str, object] = {"_id": f"9c1e0a4b-0000-4000-8000-00000000000{k}",
                                "kind": "chat-message", "msg": text,
                                "createdAt": f"2024-03-09T21:1{k}:00.000Z"}
        m.update({"userId": "u-1", "handle": "Rowan"} if who == "u" else {"characterId": "c-1"})
        if k == 1:
            m["retries"] = TAKES
        out.append(m)
    return out


def test_other_takes_are_left_out(tmp_path: Path):
    f = tmp_path / "Exported.json"
    f.write_text(json.dumps({"name": "Exported", "messages": _messages()}, indent=2),
                 encoding="utf-8")
    text = "\n".join(e.text for e in load_file(f).entries)
    assert "One left, under the eaves" in text
    assert not any(t.split("* ", 1)[1][:20] in text for t in TAKES)


def test_takes_need_words_beside_them():
    record = {"msg": SHOWN, "retries": TAKES, "tags": ["inn", "storm"]}
    assert other_takes(record, "msg") == {id(t) for t in TAKES}
    assert other_takes({"msg": "", "retries": TAKES}, "msg") == set()
