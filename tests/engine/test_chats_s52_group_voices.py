"""A group chat in text (:mod:`engine.sources.group_voices`): three voices or more that take
turns are each a side — every asking voice's asks listed, none of a voice's words turned
into a notice — while a two-voice chat and a log whose sources come in runs are read as
before."""

from __future__ import annotations

from gapless.engine.sources.group_voices import group_sides
from gapless.engine.sources.line_turns import learn_line_turns
from tests.support.helpers import summarized_asks

GROUP = [("Ana", "Does anyone know when the train to Porto leaves on Friday?"),
         ("Ben", "The first one is at 7:09 from Santa Apolonia, then every hour."),
         ("Cleo", "Which hostel did we book in Porto in the end?"),
         ("Ben", "Gallery Hostel, a five minute walk from Rua das Flores."),
         ("Ana", "Is breakfast included there or do we pay on the spot?"),
         ("Dev", "Included, served from 8 to 10 in the garden room."),
         ("Cleo", "Can someone send the booking number before I call them?"),
         ("Dev", "It is GH-20931, under my name, two rooms for three nights.")]


def _export(pairs: list[tuple[str, str]]) -> str:
    return "\n".join(f"4/02/24, 7:{2 * k:02d} PM - {who}: {text}"
                     for k, (who, text) in enumerate(pairs)) + "\n"


def test_every_asking_voice_of_a_group_is_a_person(tmp_path, capsys):
    learned = learn_line_turns(_export(GROUP))
    assert learned is not None
    assert learned.roles == {"Ana": "user", "Ben": "assistant", "Cleo": "user",
                             "Dev": "assistant"}
    f = tmp_path / "group.txt"
    f.write_text(_export(GROUP), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    said = [t for who, t in GROUP if who in ("Ana", "Cleo")]
    assert len(asked) == len(said)
    assert all(any(a[:30] in s for s in said) for a in asked)


def test_two_voices_and_runs_are_no_group():
    two = [("Sam", "How do I run migrations before the rollout?"), ("Helper", "Add a release "
           "command."), ("Sam", "Can one machine keep running?"), ("Helper", "Set it to one.")]
    assert group_sides([w for w, _t in two], {}) is None
    # three sources that each write runs of lines, not turns: a log, not a group
    runs = ["api"] * 4 + ["db"] * 4 + ["worker"] * 4
    said = {k: ["is it up?"] for k in ("api", "db", "worker")}
    assert group_sides(runs, said) is None


def test_a_group_where_nobody_or_everybody_asks_keeps_its_two_sides():
    seq = ["a", "b", "c", "a", "b", "c"]
    assert group_sides(seq, {k: ["fine."] * 2 for k in "abc"}) is None
    assert group_sides(seq, {k: ["why?"] * 2 for k in "abc"}) is None


def test_a_group_under_header_lines_keeps_every_voice(tmp_path, capsys):
    """``[date time] author`` headers over the words: every asking author is a person."""
    lines: list[str] = []
    for k, (who, text) in enumerate(GROUP):
        lines += [f"[4/2/2024 7:{2 * k:02d} PM] {who.lower()}", text, ""]
    f = tmp_path / "channel.txt"
    f.write_text("\n".join(lines), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    said = [t for who, t in GROUP if who in ("Ana", "Cleo")]
    assert len(asked) == len(said)
    assert all(any(a[:30] in s for s in said) for a in asked)
