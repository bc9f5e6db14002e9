"""A text whose turns are marked by headers that are only a role word (``### user`` …
``### assistant``) marks its own turns: a heading inside a message (``# Open Tabs`` in the
block a harness adds to every turn) is that message's text, never a turn of its own."""

from __future__ import annotations

from gapless.engine.extractive.segment import parse_text, states_turns

ENV = ("<environment_details>\n# Visible Files\napp/views.py\n\n# Open Tabs\napp/views.py\n"
       "tests/test_login.py\n\n# Current Mode\nACT MODE\n</environment_details>")

RENDERED = (
    f"### user\n<task>\nThe login page returns 500 since the upgrade, can you find out why?\n"
    f"</task>\n{ENV}\n\n"
    "### assistant\n<read_file>\n<path>app/views.py</path>\n</read_file>\n\n"
    f"### tool\n← read_file result\nbp = Blueprint('auth', __name__)\n{ENV}\n\n"
    "### assistant\nThe view sets the session lifetime on the blueprint, which fails now.\n\n"
    f"### tool\n← attempt_completion result\n<feedback>\n\n"
    "### user\nPlease apply that fix and add a regression test for the checkbox.\n\n"
    f"### tool\n</feedback>\n{ENV}\n\n"
    "### assistant\nDone: the lifetime is set on the app and the new test passes.\n")


def test_headings_inside_a_message_take_its_role():
    assert states_turns(RENDERED)
    parsed = parse_text(RENDERED)
    tabs = [u for u in parsed.units if u.text in ("Open Tabs", "ACT MODE", "tests/test_login.py")]
    assert tabs and {u.role for u in tabs} == {"user", "tool"}
    # the person's words stay theirs, the agent's theirs
    said = {u.text: u.role for u in parsed.units}
    assert said["Please apply that fix and add a regression test for the checkbox."] == "user"
    assert said["The view sets the session lifetime on the blueprint, which fails now."] \
        == "assistant"


def test_an_export_without_role_headers_still_learns_its_markers():
    export = ("## kekyo\nWhy does the parser drop the last line of the file?\n\n"
              "## chatgpt\nBecause the loop stops before the final newline.\n\n"
              "## kekyo\nCan you show me the fixed loop?\n\n"
              "## chatgpt\nRead until the end of input, then flush the buffer.\n\n"
              "## kekyo\nThanks, and how do I test it?\n\n"
              "## chatgpt\nFeed it a file without a trailing newline.\n")
    assert not states_turns(export)
    roles = {u.role for u in parse_text(export).units}
    assert {"user", "assistant"} <= roles
