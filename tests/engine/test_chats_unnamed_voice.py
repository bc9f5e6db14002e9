"""Messages keyed by ``sender`` where one voice is a role word (``User``) and the other a
word that names no role (``Machine``): which side that voice is, is read from the
structure, so it answers as the assistant and the person's questions are asks, not
questions left open."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources.chat_json import load_file

SAID = [("User", "Plan a three day trip to Lisbon for two people in early May."),
        ("Machine", "Day 1: Alfama and the castle. Day 2: Belém. Day 3: Sintra by train."),
        ("User", "Which neighbourhood should we book a hotel in if we arrive late at night?"),
        ("Machine", "Baixa or Chiado: central, flat from the metro and lively but safe."),
        ("User", "Can you give me a rough budget per day without flights?"),
        ("Machine", "About 180 to 230 euros a day for two, hotel included.")]


def test_a_voice_named_by_no_role_word_is_the_other_side(tmp_path: Path):
    rows = [{"id": f"m{k}", "timestamp": f"2024-11-05 08:1{k}:00 UTC", "sender": who,
             "sender_name": "User" if who == "User" else "AI", "session_id": "s1",
             "text": text, "files": [], "category": "message"}
            for k, (who, text) in enumerate(SAID)]
    f = tmp_path / "messages.json"
    f.write_text(json.dumps(rows), encoding="utf-8")
    part = load_file(f)
    roles = [e.role for e in part.entries if e.role in ("user", "assistant")]
    assert roles == ["user", "assistant"] * 3
    assert all("Machine" not in e.text.split("\n", 1)[0] for e in part.entries)
