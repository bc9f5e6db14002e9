"""Chat histories of a fourth stranger pass (``bench/heldout_chats.py``): a group of agents
whose messages all carry one role, the speaker only in ``name``; a chat API request whose
newest ask sits beside the earlier turns. Each small and written as the tool writes it: the
person's asks listed, in order, and never a program's output, a system text or another
agent's words among them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.helpers import asked_items, asks_only_from, summarized, summarized_asks

RAN = ("exitcode: 1 (execution failed)\nCode output: \nTraceback (most recent call last):\n"
       "ModuleNotFoundError: No module named 'arxiv'")
PLAN = ("Plan:\n1. Engineer: write a script that queries the arxiv API for papers of the "
        "last week.\n2. Executor: run it.\n3. Scientist: sort the papers into domains.")
CODE = "```python\nimport arxiv\nfor r in arxiv.Client().results(arxiv.Search('LLM')):\n" \
       "    print(r.title)\n```"
TABLE = "| Domain | Paper |\n|---|---|\n| Healthcare | LLM-Driven Triage of ED Notes |"
ASKS = ["Find papers on LLM applications from arxiv in the last week and tabulate them.",
        "Approved, but leave out papers that only propose a benchmark.",
        "Add a column with each paper's arxiv link, please."]


def _write(tmp_path: Path, name: str, doc: Any) -> Path:
    f = tmp_path / name
    f.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return f


def _group(turns: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"content": text, "role": "user", "name": name} for name, text in turns]


def test_group_chat_person_is_the_voice_that_opens_and_is_answered(tmp_path, capsys):
    """Every message ``role`` user, the agent in ``name``: the opener's short, answered
    turns are the asks; the planner's, engineer's and executor's never are."""
    msgs = _group([("Admin", ASKS[0]), ("Planner", PLAN), ("Admin", ASKS[1]),
                   ("Engineer", CODE), ("Executor", RAN), ("Scientist", TABLE),
                   ("Admin", ASKS[2]), ("Scientist", TABLE + " http://arxiv.org/abs/1 |"),
                   ("Critic", "The table matches the abstracts. TERMINATE")])
    asked = summarized_asks(tmp_path, _write(tmp_path, "groupchat.json", msgs), capsys)
    asks_only_from(asked, ASKS, [RAN, PLAN, CODE, TABLE])
    assert len(asked) == 3


def test_group_chat_without_a_person_lists_no_ask(tmp_path, capsys):
    """When the opener's turns are not a person's (its turns the longest, not answered by
    another voice), no voice is taken for the person: no ask rather than a wrong one."""
    msgs = _group([("Writer", PLAN + "\n" + CODE), ("Writer", TABLE + "\n" + PLAN),
                   ("Editor", "Tighten step 2."), ("Reviewer", "Looks fine to me."),
                   ("Writer", CODE + "\n" + TABLE)])
    f = _write(tmp_path, "crew.json", msgs)
    summary = summarized(tmp_path, f, capsys)
    assert asked_items(summary) == []


def test_newest_ask_beside_the_history_is_the_last_ask(tmp_path, capsys):
    """A request with the earlier turns in ``chat_history`` (``message``) and the newest ask
    in the top-level ``message``: listed last; the ``preamble`` beside is never an ask."""
    preamble = "## Task and Context\nYou help people plan trips. Use the documents given."
    doc = {"message": "Can you give me a rough budget per day without flights?",
           "model": "command-r-08-2024", "preamble": preamble, "chat_history": [
               {"role": "USER", "message": "Plan a three day trip to Lisbon for two people."},
               {"role": "CHATBOT", "message": "Day 1: Alfama. Day 2: Belém. Day 3: Sintra."},
               {"role": "USER", "message": "Which neighbourhood should we book a hotel in?"},
               {"role": "CHATBOT", "message": "Baixa or Chiado: central and safe at night."}],
           "documents": [{"id": "doc_0", "snippet": "Hotels in Baixa average 110 euros."}],
           "temperature": 0.3}
    said = [doc["chat_history"][0]["message"], doc["chat_history"][2]["message"],
            doc["message"]]
    asked = summarized_asks(tmp_path, _write(tmp_path, "cohere.json", doc), capsys)
    asks_only_from(asked, said, [preamble, "Hotels in Baixa average"])
    assert len(asked) == 3 and asked[-1].startswith("Can you give me a rough budget")


def test_reply_beside_a_history_is_not_an_ask(tmp_path, capsys):
    """A response whose ``chat_history`` already holds the whole exchange: the ``text``
    beside it (the reply, named unlike the turns' field) is not taken for an ask."""
    doc = {"text": "About 180 to 230 euros a day for two.", "generation_id": "c14c80c3",
           "chat_history": [
               {"role": "USER", "message": "Plan a three day trip to Lisbon for two people."},
               {"role": "CHATBOT", "message": "Day 1: Alfama. Day 2: Belém. Day 3: Sintra."},
               {"role": "USER", "message": "Can you give me a rough budget per day?"},
               {"role": "CHATBOT", "message": "About 180 to 230 euros a day for two."}],
           "finish_reason": "COMPLETE"}
    said = [doc["chat_history"][0]["message"], doc["chat_history"][2]["message"]]
    asked = summarized_asks(tmp_path, _write(tmp_path, "cohere_response.json", doc), capsys)
    asks_only_from(asked, said, ["About 180 to 230 euros"])
    assert len(asked) == 2


def test_group_chat_saved_from_the_openers_side(tmp_path, capsys):
    """The same group saved by the agent that opened it: its own messages ``role``
    assistant, every other agent's ``role`` user — the opener is still the person."""
    turns = [("Admin", ASKS[0]), ("Planner", PLAN), ("Admin", ASKS[1]), ("Engineer", CODE),
             ("Executor", RAN), ("Scientist", TABLE), ("Admin", ASKS[2]),
             ("Scientist", TABLE + " http://arxiv.org/abs/1 |")]
    msgs = [{"content": t, "role": "assistant" if n == "Admin" else "user", "name": n}
            for n, t in turns]
    asked = summarized_asks(tmp_path, _write(tmp_path, "chat_history.json", msgs), capsys)
    asks_only_from(asked, ASKS, [RAN, PLAN, CODE, TABLE])
    assert len(asked) == 3


def test_messages_told_by_the_kinds_of_their_parts(tmp_path, capsys):
    """An export whose messages say who spoke only by their parts' kinds (a REQUEST part;
    THINK then RESPONSE parts), in a tree of nodes linked by parent and children."""
    said = ["hey, my deploy keeps failing with a health check timeout, what should I check?",
            "how do I make the release command run the database migrations first?"]
    answers = ["Bind the app to 0.0.0.0 on the internal port from fly.toml.",
               "Add release_command = 'python manage.py migrate' under [deploy]."]
    think = "The user wants a direct answer; keep it short and practical."
    mapping: dict[str, Any] = {"root": {"id": "root", "parent": None, "children": ["1"],
                                        "message": None}}
    texts = [said[0], answers[0], said[1], answers[1]]
    for i, text in enumerate(texts, 1):
        frags = [{"type": "REQUEST", "content": text}] if i % 2 else [
            {"type": "THINK", "content": think, "elapsed_secs": 2.0},
            {"type": "RESPONSE", "content": text}]
        mapping[str(i)] = {"id": str(i), "parent": "root" if i == 1 else str(i - 1),
                           "children": [str(i + 1)] if i < len(texts) else [],
                           "message": {"files": [], "model": "deepseek-reasoner",
                                       "inserted_at": f"2025-03-10T09:0{i}:12+08:00",
                                       "fragments": frags}}
    doc = [{"id": "8f0c", "title": "Deploy", "inserted_at": "2025-03-10T09:01:12+08:00",
            "mapping": mapping}]
    asked = summarized_asks(tmp_path, _write(tmp_path, "conversations.json", doc), capsys)
    asks_only_from(asked, said, [think, *answers])
    assert len(asked) == 2
