"""Messages that name no speaker in a shared field but carry one of two id fields — the
person's account id on the person's messages, the character's id on the others' — are read
by which of the two they carry: the person's words listed as asks, the character's never."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.carried_ids import carried, id_pair
from tests.support.helpers import asks_only_from, summarized_asks

SAID = [("char", "The fire crackles as Mira wipes the counter. Welcome, traveler, come in."),
        ("user", "I shake the rain off my cloak. Is there a room free for the night?"),
        ("char", "One left, under the eaves. Three silver, and it comes with stew."),
        ("user", "Have you heard anything about the caravan that went missing near the mill?"),
        ("char", "Only whispers. The miller's boy saw lights in the ruins two nights ago."),
        ("user", "Tell me where the ruins are and I'll leave at first light.")]
ASKS = [t for w, t in SAID if w == "user"]
REPLIES = [t for w, t in SAID if w == "char"]


def _messages() -> list[dict[str, Any]]:
    out = []
    for k, (who, text) in enumerate(SAID):
        m: dict[str, Any] = {"_id": f"{k:08x}-6c1e-4f3a-9d2b-5e8a7c3f1b0{k}",
                             "kind": "chat-message", "chatId": "5b7e2c1a-chat",
                             "msg": text, "createdAt": f"2024-03-09T21:1{k}:00.000Z"}
        m.update({"userId": "a1f0-user", "handle": "Rowan"} if who == "user"
                 else {"characterId": "c9d2-char"})
        out.append(m)
    return out


def test_speaker_told_by_the_id_field_a_message_carries(tmp_path, capsys):
    f = tmp_path / "Exported.json"
    f.write_text(json.dumps({"name": "Exported", "greeting": SAID[0][1],
                             "messages": _messages()}, indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, REPLIES)
    assert all(any(a[:30] in ask for a in asked) for ask in ASKS)


def test_the_pair_is_two_fields_never_on_one_record():
    msgs = _messages()
    pair = id_pair(msgs, lambda k: k.lower().endswith("id"), lambda o: True)
    assert pair is not None and set(pair.split("|")) == {"userId", "characterId"}
    assert [carried(m, pair) for m in msgs[:2]] == ["characterId", "userId"]
    # each message's own id (a value on every record, never repeated) is no speaker
    both = [{**m, "userId": "a1f0-user", "characterId": "c9d2-char"} for m in msgs]
    assert id_pair(both, lambda k: k.lower().endswith("id"), lambda o: True) is None
