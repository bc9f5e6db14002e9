"""Groups in the HTML, bold-label and mail-block chat readers (:mod:`engine.sources.group_voices`):
three voices or more that take turns are each a side, so every asking voice's asks are listed
and no voice's words become a notice; a two-voice chat keeps its two sides. And two more
line shapes of a messenger's text export: the sender in a tab column after a time of day
alone, and the sender then the time, each in brackets."""

from __future__ import annotations

from gapless.engine.sources.field_blocks import learn_field_blocks
from gapless.engine.sources.html_turns import learn_html_turns
from gapless.engine.sources.inline_labels import learn_inline_labels
from gapless.engine.sources.line_turns import learn_line_turns
from tests.support.helpers import summarized_asks

GROUP = [("Ana Costa", "Does anyone know when the train to Porto leaves on Friday?"),
         ("Ben Okafor", "The first one is at 7:09 from Santa Apolonia, then every hour."),
         ("Cleo Martin", "Which hostel did we book in Porto in the end?"),
         ("Ben Okafor", "Gallery Hostel, a five minute walk from Rua das Flores."),
         ("Ana Costa", "Is breakfast included there or do we pay on the spot?"),
         ("Dev Rao", "Included, served from 8 to 10 in the garden room."),
         ("Cleo Martin", "Can someone send the booking number before I call them?"),
         ("Dev Rao", "It is GH-20931, under my name, two rooms for three nights.")]
TWO = [("Sam", "How do I run the migrations before the rollout?"),
       ("Helper", "Add a release command to the deploy section of the config."),
       ("Sam", "Can one machine keep running so the first request is fast?"),
       ("Helper", "Set the minimum of running machines to one.")]
ROLES = {"Ana Costa": "user", "Ben Okafor": "assistant", "Cleo Martin": "user",
         "Dev Rao": "assistant"}
ASKS = [t for who, t in GROUP if ROLES[who] == "user"]


def _html(pairs: list[tuple[str, str]]) -> str:
    body = "".join(f'<div class="message">\n <div class="from_name">\n{who}\n </div>\n'
                   f' <div class="text">\n{text}\n </div>\n</div>\n' for who, text in pairs)
    return f'<!DOCTYPE html>\n<html><body><div class="history">\n{body}</div></body></html>\n'


def _labels(pairs: list[tuple[str, str]]) -> str:
    return "# thread\n\n" + "".join(f"**{who}:** {text}\n\n" for who, text in pairs)


def _mails(pairs: list[tuple[str, str]]) -> str:
    out = []
    for k, (who, text) in enumerate(pairs):
        out += [f"From: {who} <{who.split()[0].lower()}@example.org>",
                f"Sent: Tuesday, April 2, 2024 {9 + k}:05 AM", "To: trip@example.org",
                f"Subject: {'Re: ' if k else ''}Porto weekend", "", text, ""]
        if k:
            out += [f"On Tue, Apr 2, 2024, {pairs[k - 1][0]} wrote:", f"> {pairs[k - 1][1]}",
                    ""]
    return "\n".join(out)


def _by_name(roles: dict[str, str]) -> dict[str, str]:
    """The roles by the sender's name (a mail's sender written with its address)."""
    return {k.split(" <")[0]: v for k, v in roles.items()}


def _said(tmp_path, capsys, name: str, text: str) -> list[str]:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return summarized_asks(tmp_path, f, capsys)


def test_a_group_in_each_reader_keeps_every_voice(tmp_path, capsys):
    for learn, render, name in ((learn_html_turns, _html, "messages.html"),
                                (learn_inline_labels, _labels, "thread.md"),
                                (learn_field_blocks, _mails, "thread.txt")):
        learned = learn(render(GROUP))
        assert learned is not None, name
        assert _by_name(learned.roles) == ROLES, name
        asked = _said(tmp_path, capsys, name, render(GROUP))
        assert len(asked) == len(ASKS), name
        assert all(any(a[:30] in s for s in ASKS) for a in asked), name


def test_two_voices_keep_their_two_sides():
    for learn, render in ((learn_html_turns, _html), (learn_inline_labels, _labels),
                          (learn_field_blocks, _mails)):
        learned = learn(render(TWO))
        assert learned is not None
        assert _by_name(learned.roles) == {"Sam": "user", "Helper": "assistant"}


def test_a_time_column_and_a_bracketed_sender_open_turns(tmp_path, capsys):
    columns = "Chat history\n\n2024/04/20(Sat)\n" + "".join(
        f"10:{k:02d}\t{who}\t{text}\n" for k, (who, text) in enumerate(TWO))
    brackets = "Talk with Helper\n\n" + "".join(
        f"[{who}] [10:{k:02d} AM] {text}\n" for k, (who, text) in enumerate(TWO))
    for name, text in (("line.txt", columns), ("talk.txt", brackets)):
        learned = learn_line_turns(text)
        assert learned is not None, name
        assert learned.roles == {"Sam": "user", "Helper": "assistant"}, name
        asked = _said(tmp_path, capsys, name, text)
        assert [a[:30] for a in asked] == [TWO[0][1][:30], TWO[2][1][:30]], name


def test_bracketed_levels_in_runs_are_no_turns():
    log = "".join(f"[{lvl}] [10:{k:02d} AM] job {k} done\n"
                  for k, lvl in enumerate(["INFO"] * 6 + ["WARN"] * 2 + ["INFO"] * 6))
    assert learn_line_turns(log) is None
