"""A data set row that keeps a whole chat as one text of ``USER:`` / ``ASSISTANT:`` /
``FUNCTION RESPONSE:`` paragraphs beside the prompt as its own ``SYSTEM:`` text is read as
that conversation: the prompt a harness turn, a two-word label opened by a role word its
role's turn (the function's response the tool's), a closing special token no word."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gapless.engine.sources.token_turns import label_turns
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = [["Hi, I'm flying to Lisbon on Friday, what's the weather going to be like?",
         "Can you book a table for two at a fado restaurant on Friday night?"],
        ["My deploy keeps failing with a health check timeout, what should I check?",
         "How do I make the release command run the database migrations first?"]]
RESULT = '{"city": "Lisbon", "high_c": 23, "sky": "sunny"}'


def _row(asks: list[str], call: bool) -> dict[str, str]:
    blocks = [f"USER: {asks[0]}"]
    if call:
        blocks += ['ASSISTANT: <functioncall> {"name": "get_forecast", "arguments": '
                   '\'{"city": "Lisbon"}\'} <|endoftext|>', f"FUNCTION RESPONSE: {RESULT}"]
    blocks += ["ASSISTANT: Friday looks sunny, with a high of 23 degrees. <|endoftext|>",
               f"USER: {asks[1]}", "ASSISTANT: Booked for half past nine. <|endoftext|>"]
    system = ("SYSTEM: You are a helpful assistant with access to the following functions. "
              'Use them if required -\n{\n    "name": "get_forecast"\n}') if call else \
        "SYSTEM: You are a helpful assistant, with no access to external functions."
    return {"system": system, "chat": "\n\n\n".join(blocks) + "\n\n\n"}


def test_two_word_label_and_closing_token():
    turns = label_turns(_row(ASKS[0], True)["chat"])
    assert [t["role"] for t in turns] == ["user", "assistant", "tool", "assistant", "user",
                                         "assistant"]
    assert turns[3]["content"] == "Friday looks sunny, with a high of 23 degrees."
    assert label_turns("SYSTEM: You are a helpful assistant.") == [
        {"role": "system", "content": "You are a helpful assistant."}]


def test_rows_of_a_system_text_and_a_chat_text(tmp_path: Path, capsys: Any):
    f = tmp_path / "function_calling.jsonl"
    f.write_text("".join(json.dumps(_row(a, k == 0)) + "\n" for k, a in enumerate(ASKS)),
                 encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, [a for pair in ASKS for a in pair], [RESULT, "You are a helpful"])
    assert len(asked) == 4, asked
