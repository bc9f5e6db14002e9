"""A paragraph a framework adds, word for word, to most of the person's turns (a fixed
instruction on how to answer) is the harness's boilerplate, not an ask; a paragraph said
once, or a short reply the person repeats, is theirs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gapless.engine.sources.repeated_blocks import repeated_blocks, without_blocks
from tests.support.helpers import asks_only_from, summarized_asks

TAIL = ("Respond with the corresponding output fields, starting with the field "
        "`[[ ## reasoning ## ]]`, then `[[ ## answer ## ]]`, and then ending with the marker "
        "for `[[ ## completed ## ]]`.")
ASKS = ["Plan a three day trip to Lisbon for two people in early May, we like food and walking.",
        "Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without flights?"]
ANSWERS = ["Day 1: Alfama and the castle. Day 2: Belém. Day 3: a day trip to Sintra.",
           "Baixa or Chiado: central, flat from the metro and lively but safe at night.",
           "About 180 to 230 euros a day for two, hotel included."]


def _ask(text: str) -> str:
    return f"[[ ## question ## ]]\n{text}\n\n{TAIL}"


def test_a_paragraph_in_most_turns_is_found():
    turns = [[_ask(a)] for a in ASKS]
    assert repeated_blocks(turns) == {TAIL}
    assert without_blocks(turns[1][0], repeated_blocks(turns)) == \
        f"[[ ## question ## ]]\n{ASKS[1]}"
    # two turns only, the paragraph alone in its turn, or a part of its own beside the
    # words: nothing to tell it from what the person said
    assert repeated_blocks(turns[:2]) == frozenset()
    assert repeated_blocks([[TAIL], [TAIL], [TAIL], [ASKS[0]]]) == frozenset()
    assert repeated_blocks([[a, TAIL] for a in ASKS]) == frozenset()


def test_the_repeated_instruction_is_no_ask(tmp_path: Path, capsys: Any):
    messages: list[dict[str, str]] = [{"role": "system", "content": "Your input fields are "
                                       "`question`; your output fields are `answer`."}]
    rows = []
    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        messages = [*messages, {"role": "user", "content": _ask(ask)}]
        rows.append({"prompt": None, "messages": messages,
                     "outputs": [f"[[ ## answer ## ]]\n{answer}\n\n[[ ## completed ## ]]"],
                     "timestamp": f"2025-03-18T09:1{k}:31.000000", "model": "openai/gpt-4o-mini",
                     "uuid": f"6f1c0e3a-0000-4000-8000-00000000000{k}"})
        messages = [*messages, {"role": "assistant", "content": f"[[ ## answer ## ]]\n{answer}"}]
    f = tmp_path / "lm_history.json"
    f.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [TAIL])
    assert len(asked) == len(ASKS), asked
