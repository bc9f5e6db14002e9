"""A chat export in text whose person's turns hold a tool's result handed back (``[name for
'arg'] Result:`` opening the turn, as an agent's API history has it) renders those turns as
the tool's; the person's reply wrapped in the result of a call addressed to them stays
theirs."""

from __future__ import annotations

from pathlib import Path

from gapless.engine.sources import load_transcript

ENV = "<environment_details>\n# Open Tabs\napp/views.py\n</environment_details>"
FEEDBACK = "Please apply that fix and add a regression test for the remember-me checkbox."


def _export() -> str:
    turns = [("User", f"<task>\nThe login page returns 500 since Flask 3, why?\n</task>\n{ENV}"),
             ("Assistant", "<read_file>\n<path>app/views.py</path>\n</read_file>"),
             ("User", "[read_file for 'app/views.py'] Result:\nbp = Blueprint('auth', "
                      f"__name__)\nbp.permanent_session_lifetime = timedelta(days=30)\n{ENV}"),
             ("Assistant", "<attempt_completion>\n<result>\nThe view sets the lifetime on the "
                           "blueprint, which Flask 3 no longer allows.\n</result>\n"
                           "</attempt_completion>"),
             ("User", "[attempt_completion] Result:\nThe user has provided feedback on the "
                      f"results.\n<feedback>\n{FEEDBACK}\n</feedback>\n{ENV}"),
             ("Assistant", "I moved the lifetime into the app factory and added the test.")]
    return "---\n\n".join(f"**{who}:**\n\n{said}\n\n" for who, said in turns)


def _messages(text: str) -> list[tuple[str, str]]:
    out = []
    for block in text.split("\n### ")[1:]:
        head, _, body = block.partition("\n")
        out.append((head.split()[0], body.strip()))
    return out


def test_results_in_the_persons_turns_are_the_tools(tmp_path: Path):
    f = tmp_path / "cline_task_may-14-2024_10-21-07-am.md"
    f.write_text(_export(), encoding="utf-8")
    said = _messages("\n" + load_transcript(f).data.decode())
    users = [body for role, body in said if role == "user"]
    assert len(users) == 2 and users[1] == FEEDBACK
    assert users[0].startswith("<task>")
    tools = "\n".join(body for role, body in said if role == "tool")
    assert "[read_file for 'app/views.py'] Result:" in tools
    assert "permanent_session_lifetime" in tools and "</feedback>" in tools
