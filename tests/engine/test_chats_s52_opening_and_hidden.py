"""A lone opening voice of the person's shape (:mod:`engine.sources.lone_opener`) is the
person's first ask, and a record a visibility flag hides (:mod:`engine.sources.hidden_flag`)
is never an ask."""

from __future__ import annotations

import json

from gapless.engine.sources.hidden_flag import marked_hidden
from gapless.engine.sources.lone_opener import lone_opener
from tests.support.helpers import summarized_asks

TASK = "Fix the login view so the remember me box keeps the session for a month."
MORE = ["Please add a regression test for the remember me checkbox as well.",
        "Could you also write a short changelog entry for the next release?"]
ANSWERS = ["The view sets the session lifetime on the blueprint, which is no longer allowed.",
           "I added a test that checks the session cookie gets an expiry date.",
           "Added a line under Fixed in the changelog for the next release."]


def _panel() -> list[dict[str, object]]:
    out: list[dict[str, object]] = [
        {"ts": 1, "type": "say", "say": "opening", "text": TASK, "images": [], "files": []}]
    for k, answer in enumerate(ANSWERS):
        out.append({"ts": 10 * k + 2, "type": "say", "say": "words", "text": answer,
                    "partial": False})
        if k < len(MORE):
            out.append({"ts": 10 * k + 3, "type": "say", "say": "user_feedback",
                        "text": MORE[k], "images": [], "files": []})
    return out


def test_the_lone_opening_voice_of_the_persons_shape_is_the_person(tmp_path, capsys):
    records = _panel()
    voice = lambda o: o.get("say")  # noqa: E731
    words = lambda o: len(str(o.get("text", "")).split()) >= 3  # noqa: E731
    assert lone_opener(records, voice, frozenset({"user_feedback"}), words) == "opening"
    # of another shape (a title's fields), the opening is not the person's
    titled = [{"ts": 0, "say": "opening", "text": TASK}, *records[1:]]
    assert lone_opener(titled, voice, frozenset({"user_feedback"}), words) is None
    f = tmp_path / "ui_messages.json"
    f.write_text(json.dumps(records, indent=1), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    assert any(a[:30] in TASK for a in asked), asked


def test_a_flag_about_who_may_see_a_record_hides_it():
    assert marked_hidden([("public", False)])
    assert marked_hidden([("metadata.private", True)])
    assert marked_hidden([("is_visually_hidden_from_conversation", True)])
    assert not marked_hidden([("public", True), ("private", False)])
    assert not marked_hidden([("public", "false"), ("hidden", 1)])
