"""Chat histories in text whose lines open their turns (:mod:`engine.sources.line_turns`):
a messaging app's export (a stamp, a name, a colon) and an agent's terminal transcript (two
symbols that take turns) read as conversations — the person's asks listed, never a tool's
output or the app's notice — while documents that merely quote with ``> `` stay documents."""

from __future__ import annotations

from gapless.engine.sources import detect_format, load_transcript
from gapless.engine.sources.line_turns import learn_line_turns
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["Plan a three day trip to Lisbon for two people in early May, we like food.",
        "Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without flights?"]
ANSWERS = ["Day 1: Alfama and the castle. Day 2: Belém. Day 3: a day trip to Sintra.",
           "Baixa or Chiado: central, flat from the metro and lively but safe at night.",
           "About 180 to 230 euros a day for two, a mid-range hotel included."]


def test_a_messaging_export_of_stamped_lines(tmp_path, capsys):
    """``[date, time] Name: words`` lines, a notice first, a reply on several lines, an
    attachment's placeholder written by the app: the asker is the person."""
    notice = "\u200eMessages and calls are end-to-end encrypted, no one else can read them."
    lines = [f"[20/04/2024, 09:58:02] Trip Bot: {notice}"]
    for k in range(3):
        lines.append(f"[20/04/2024, 10:{k * 3:02d}:14] Lena Hoffmann: {ASKS[k]}")
        if k == 0:
            lines.append("[20/04/2024, 10:01:40] Lena Hoffmann: \u200eimage omitted")
        lines.append(f"[20/04/2024, 10:{k * 3 + 1:02d}:14] Trip Bot: "
                     + ANSWERS[k].replace(" Day", "\nDay"))
    f = tmp_path / "chat.txt"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    learned = learn_line_turns(f.read_text(encoding="utf-8"))
    assert learned is not None and learned.roles == {"Lena Hoffmann": "user",
                                                     "Trip Bot": "assistant"}
    text = load_transcript(f).data.decode()
    assert "### system · Lena Hoffmann" in text  # the placeholder is the app's, not hers
    assert "Day 2: Belém.\nDay 3" in text  # a continuation stays in its message
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, [notice, "image omitted"])


def test_a_messaging_export_of_another_locale(tmp_path):
    """``date, time AM - Name: words`` lines with a system line that names no sender."""
    lines = ["3/12/24, 9:58\u202fAM - Messages to this chat are now secured.",
             "3/12/24, 10:00\u202fAM - Sam Ortiz: my deploy keeps failing, what should I check?",
             "3/12/24, 10:01\u202fAM - Helper: Bind to 0.0.0.0 on the internal port.",
             "3/12/24, 10:02\u202fAM - Sam Ortiz: how do I run migrations before the rollout?",
             "3/12/24, 10:03\u202fAM - Helper: Add a release command to the deploy section.",
             "3/12/24, 10:04\u202fAM - Sam Ortiz: can one machine keep running at all times?",
             "3/12/24, 10:05\u202fAM - Helper: Set the minimum of running machines to one."]
    f = tmp_path / "export.txt"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert detect_format(f) == "chat-markdown"
    text = load_transcript(f).data.decode()
    assert text.startswith("### system · 3/12/24")
    assert "### user · Sam Ortiz" in text and "### assistant · Helper" in text


AGENT_EXPORT = """\
╭──────────────────────────────╮
│ ✻ Welcome!                   │
╰──────────────────────────────╯

> I have a Flask app that returns 500 on /login since the upgrade. Can you find out why?

⏺ I'll look at the login view and run its test first.

⏺ Read(app/views.py)
  ⎿  from flask import Blueprint
     def login():
         session.permanent = True

⏺ Bash(pytest tests/test_login.py -x -q)
  ⎿  E   AttributeError: 'Blueprint' object has no attribute 'lifetime'
     1 failed in 0.42s

⏺ The view sets the lifetime on the blueprint, which the new version no longer allows.

> Please apply that fix and add a regression test for the remember-me checkbox.

⏺ Write(app/__init__.py)
  ⎿  Wrote 14 lines to app/__init__.py

⏺ Done: the lifetime is configured on the app and a test covers it.

> Could you also write a short changelog entry for the release notes?

⏺ Fixed a 500 error on /login (the session lifetime is now configured on the app).
"""


def test_an_agent_transcript_of_two_symbols_taking_turns(tmp_path, capsys):
    """``> `` opens the person's turns, ``⏺ `` the agent's; what a tool printed is indented
    under ``⎿`` and is the tool's, never an ask."""
    f = tmp_path / "session.txt"
    f.write_text(AGENT_EXPORT, encoding="utf-8")
    assert detect_format(f) == "chat-markdown"
    text = load_transcript(f).data.decode()
    assert "### tool\n→ Read: app/views.py\n← result\nfrom flask import Blueprint\n" \
           "def login():\n    session.permanent = True" in text
    said = [ln[2:] for ln in AGENT_EXPORT.splitlines() if ln.startswith("> ")]
    foreign = ["from flask import Blueprint", "E   AttributeError", "Wrote 14 lines"]
    asks_only_from(summarized_asks(tmp_path, f, capsys), said, foreign)


def test_a_document_that_quotes_stays_a_document(tmp_path):
    """Blockquotes between paragraphs, even beside lines opened by another symbol, are a
    document's: the two symbols do not open nearly every line."""
    doc = "# Release notes\n\n" + "".join(
        f"Paragraph {k} explains the change in some detail for the reader.\n\n"
        f"> Note {k}: this quote is from the design document.\n\n"
        f"→ See section {k} for the migration steps.\n\n" for k in range(6))
    f = tmp_path / "README.md"
    f.write_text(doc, encoding="utf-8")
    assert learn_line_turns(doc) is None
    assert detect_format(f) == "text"


def test_quotes_of_one_symbol_only_are_no_turns():
    """Only ``> `` lines (an email's quoted reply): one symbol takes no turns with itself."""
    mail = "".join(f"> line {k} of the quoted message\n" for k in range(12))
    assert learn_line_turns(mail + "Thanks, that works.\n") is None


def test_a_log_of_stamped_lines_without_senders_is_no_chat():
    lines = "".join(f"[2024-03-12 14:05:{k:02d}] - worker started batch {k}\n"
                    for k in range(20))
    assert learn_line_turns(lines) is None
