"""A message kept as typed parts under one field: the part typed as a thought is the model's
thinking (never its words, its headline or an ask), whatever field holds its text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gapless.tui.cli.main import main
from tests.support.helpers import asked_items

THINK = "The user wants a direct answer here; keep it short and practical for them."
ASKS = ["My deploy keeps failing with 'health check on port 8080 timed out', what to check?",
        "How do I make the release command run the database migrations first?",
        "Can I keep one machine always running so the first request is not slow?"]
ANSWERS = ["Bind to 0.0.0.0:8080: the health checks come from outside the machine.",
           "Add release_command = 'python manage.py migrate' under the deploy section.",
           "Yes: set min_machines_running = 1 under the http_service section."]


def _export() -> list[dict[str, Any]]:
    """A conversations export of a mapping of nodes, each message's words in ``fragments``
    typed REQUEST, THINK or RESPONSE (no speaker field)."""
    mapping: dict[str, Any] = {"root": {"id": "root", "parent": None, "children": ["1"],
                                        "message": None}}
    turns = [t for pair in zip(ASKS, ANSWERS, strict=True) for t in pair]
    for i, text in enumerate(turns, 1):
        frags = [{"type": "REQUEST", "content": text}] if i % 2 else [
            {"type": "THINK", "content": THINK, "elapsed_secs": 2.5},
            {"type": "RESPONSE", "content": text}]
        mapping[str(i)] = {"id": str(i), "parent": "root" if i == 1 else str(i - 1),
                           "children": [str(i + 1)] if i < len(turns) else [],
                           "message": {"files": [], "model": "reasoner",
                                       "inserted_at": f"2025-03-10T09:{i:02d}:12+08:00",
                                       "fragments": frags}}
    return [{"id": "c1", "title": "Deploy", "inserted_at": "2025-03-10T09:01:12+08:00",
             "mapping": mapping}]


def test_a_part_typed_as_a_thought_is_never_said(tmp_path: Path, capsys: Any) -> None:
    f = tmp_path / "conversations.json"
    f.write_text(json.dumps(_export(), indent=1), encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "g.db")]) == 0
    entry = json.loads(capsys.readouterr()[0])["entry"]
    shown = f"{entry['headline']}\n{entry['summary']}"
    assert THINK[:30] not in shown, shown[:300]
    assert entry["summary"].startswith("Asked:"), entry["summary"][:200]
    asked = asked_items(entry["summary"])
    assert [a[:40] for a in asked] == [a[:40] for a in ASKS]
    assert ANSWERS[0][:30] in entry["summary"]  # the answer's words are still said


def test_only_the_strings_of_a_part_typed_as_a_thought_are_marked() -> None:
    from gapless.engine.sources.thought_parts import thought_strings

    record = _export()[0]["mapping"]["2"]
    marked = thought_strings(record)
    strings = {id(f["content"]): f["content"] for f in record["message"]["fragments"]}
    assert [strings[i] for i in marked if i in strings] == [THINK]
    assert thought_strings(_export()[0]["mapping"]["1"]) == set()
