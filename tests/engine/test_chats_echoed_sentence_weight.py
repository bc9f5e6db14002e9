"""A sentence counts once in the centroid, as its weightiest occurrence: a person's
follow-up that a harness first echoed inside a tool's result (and then handed on as the
person's turn) still weighs as the person's words, so every ask of a coding agent's task
history is listed, none of the tool results or the repeated environment block."""

from __future__ import annotations

from gapless.engine.extractive.leaf import summarize_text
from gapless.engine.extractive.salience import idf_and_centroid
from gapless.engine.extractive.segment import parse_text
from gapless.engine.extractive.units import ROLE_WEIGHT

ENV = ("<environment_details>\n# Visible Files\napp/views.py\n\n# Open Tabs\napp/views.py\n"
       "tests/test_login.py\n\n# Current Mode\nACT MODE\n</environment_details>")
ASKS = ("The login page returns 500 since the upgrade to Flask 3, can you find out why?",
        "Please apply that fix and add a regression test for the remember-me checkbox.",
        "Could you also write a short changelog entry for the release notes?")


def _history() -> str:
    out = [f"### user\n<task>\n{ASKS[0]}\n</task>\n{ENV}\n"]
    for k, (call, result) in enumerate((
            ("read_file", "bp.permanent_session_lifetime = timedelta(days=30)"),
            ("run_command", "E   AttributeError: 'Blueprint' object has no attribute\n"
                            "1 failed in 0.42s"),
            ("write_file", "Wrote 14 lines to app/__init__.py"),
            ("run_command", "3 passed in 0.51s"))):
        out.append(f"### assistant\n<{call}>\n<path>app/views.py</path>\n</{call}>\n")
        out.append(f"### tool\n← {call} result\n{result}\n{ENV}\n")
        if k in (1, 3):
            out.append("### assistant\n<attempt_completion>\n<result>\nThe view sets the "
                       "session lifetime on the blueprint, which Flask 3 no longer allows; "
                       f"it belongs in the app factory (step {k}).\n</result>\n"
                       "</attempt_completion>\n")
            ask = ASKS[1 if k == 1 else 2]
            out.append(f"### tool\n← attempt_completion result\n<feedback>\n{ask}\n"
                       f"</feedback>\n{ENV}\n")
            out.append(f"### user\n{ask}\n")
    out.append("### assistant\nRelease notes: fixed a 500 error on /login under Flask 3.\n")
    return "\n".join(out)


def test_an_echoed_ask_weighs_as_the_persons():
    units = parse_text(_history()).units
    asks = [u for u in units if u.text == ASKS[1]]
    assert [u.role for u in asks] == ["tool", "user"]  # echoed in the result first
    idf, centroid = idf_and_centroid(units)
    person = ROLE_WEIGHT["user"] * asks[1].noise
    for term in ("regression", "checkbox"):
        assert centroid[term] >= 0.99 * person * idf[term]


def test_every_ask_of_a_task_history_is_listed():
    summary = summarize_text(_history()).summary
    asked = summary.split("Done:")[0]
    for ask in ASKS:
        assert ask.split(",")[0].rstrip(".") in asked
    assert "Open Tabs" not in asked and "passed" not in asked and "Result" not in asked
