"""Chat histories exported as text or HTML, read by their structure: a chat client's log in
tab columns, messages under a header of a stamp and a name (``engine.sources.header_turns``),
turns opened by a bold label on the line of their words (``inline_labels``), an HTML page's
sender and words elements (``html_turns``) and a mail thread's labelled blocks
(``field_blocks``). The person's asks are listed; a notice, an attachment's line, a reaction
pointing at an earlier message and a quoted earlier mail never are — and documents, logs and
web pages of the same look stay what they are."""

from __future__ import annotations

from gapless.engine.sources import detect_format, load_transcript
from gapless.engine.sources.field_blocks import learn_field_blocks
from gapless.engine.sources.header_turns import learn_header_turns
from gapless.engine.sources.html_turns import learn_html_turns
from gapless.engine.sources.inline_labels import learn_inline_labels
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["my deploy keeps failing with a health check timeout on port 8080, what should I check?",
        "how do I make the release command run the migrations before the new machines start?",
        "can I keep one machine always running so the first request isn't slow?"]
ANSWERS = ["Your app probably listens on 127.0.0.1. Bind to 0.0.0.0 on the internal port.",
           "Add a deploy section with a release command; it runs before the rollout.",
           "Yes: set the minimum of running machines to one and keep auto stop for the rest."]


def _write(tmp_path, name: str, text: str):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_a_chat_log_in_tab_columns(tmp_path, capsys):
    """``date time<TAB>nick<TAB>words``; joins, quits and actions have a symbol for a nick."""
    out = ["2024-06-03 18:09:02\t-->\tsam (~sam@host.example) has joined #help",
           "2024-06-03 18:09:40\t--\tmike_ is now known as mike"]
    for k in range(3):
        out.append(f"2024-06-03 18:{10 + k:02d}:11\tsam\t{ASKS[k]}")
        out.append(f"2024-06-03 18:{10 + k:02d}:40\t@helper\t{ANSWERS[k]}")
        if k == 0:
            out.append("2024-06-03 18:10:50\t *\tsam tries that")
    f = _write(tmp_path, "irc.libera.#help.weechatlog", "\n".join(out) + "\n")
    assert detect_format(f) == "chat-markdown"
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS,
                   ["has joined", "is now known as", "sam tries that"])


DISCORD = """\
==============================================================
Guild: Fly Community
Channel: Support / deploy-help
==============================================================

[6/3/2024 6:10 PM] sam_ortiz
{ask0}

{{Attachments}}
https://cdn.example.com/attachments/1101/2202/fly.toml

[6/3/2024 6:11 PM] Helper#8821
{answer0}

{{Reactions}}
🙏 (1)

[6/3/2024 6:12 PM] sam_ortiz
{ask1}

[6/3/2024 6:13 PM] Helper#8821
{answer1}

[6/3/2024 6:14 PM] sam_ortiz
{ask2}

[6/3/2024 6:15 PM] Helper#8821
{answer2}
"""


def test_messages_under_a_stamp_and_a_name(tmp_path, capsys):
    """``[date time] name`` headers with the words below; the attachment's link and the
    section labels are the app's asides."""
    text = DISCORD.format(**{f"ask{k}": ASKS[k] for k in range(3)},
                          **{f"answer{k}": ANSWERS[k] for k in range(3)})
    learned = learn_header_turns(text)
    assert learned is not None and learned.roles == {"sam_ortiz": "user",
                                                     "Helper#8821": "assistant"}
    f = _write(tmp_path, "deploy-help.txt", text)
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS,
                   ["https://cdn.example.com", "{Attachments}", "{Reactions}"])


def test_a_name_then_its_time_and_follow_ups_under_a_time_alone(tmp_path, capsys):
    """``Name  6:10 PM`` headers (a copied channel); ``6:11`` alone continues the sender."""
    out = []
    for k in range(3):
        out += [f"Sam Ortiz  6:{10 + 2 * k:02d} PM", ASKS[k]]
        if k == 0:
            out += ["6:11", "here is my config too"]
        out += [f"DeployBot APP  6:{11 + 2 * k:02d} PM", ANSWERS[k], "(edited)", "1"]
    f = _write(tmp_path, "thread.txt", "\n".join(out) + "\n")
    learned = learn_header_turns(f.read_text(encoding="utf-8"))
    assert learned is not None and learned.roles["Sam Ortiz"] == "user"
    asks_only_from(summarized_asks(tmp_path, f, capsys), [*ASKS, "here is my config too"],
                   ["(edited)"])


BILL = ["Here is a photo of my electricity bill. Why did the total jump so much in March?",
        "What would I save in a year if I moved the laundry to the night tariff?",
        "Write me a polite email to the supplier asking them to check the March reading."]
BILL_ANSWERS = ["Your March bill shows 612 kWh against 380 kWh in February, and the rate rose.",
                "At about 45 kWh a month and a night rate 11 cents lower, about 59 euros.",
                "Dear customer service, I would like to ask you to double-check my reading."]


def test_a_reaction_that_points_at_an_earlier_message_is_no_ask(tmp_path, capsys):
    """``HH:MM:SS From Name to Everyone:`` headers, the words indented below; a reaction
    and a reply's quote show the opening of an earlier message, cut with an ellipsis."""
    out = []
    for k in range(3):
        out += [f"00:{12 + 3 * k:02d}:00 From Lena Hoffmann to Everyone:", f"\t{BILL[k]}"]
        out += [f"00:{13 + 3 * k:02d}:10 From Priya Shah (Host) to Everyone:"]
        if k == 1:
            out.append('\tReplying to "What would I save in a year if I moved th..."')
        out.append(f"\t{BILL_ANSWERS[k]}")
        if k == 0:
            out += ["00:14:05 From Lena Hoffmann to Everyone:",
                    '\tReacted to "Your March bill shows ..." with 👍']
    f = _write(tmp_path, "meeting_saved_chat.txt", "\n".join(out) + "\n")
    text = load_transcript(f).data.decode()
    assert "### system · From Lena Hoffmann to Everyone" in text  # the reaction
    asks_only_from(summarized_asks(tmp_path, f, capsys), BILL, ["Reacted to", "Replying to"])


def test_a_stamp_alone_then_the_sender_on_the_next_line(tmp_path, capsys):
    """A date line (a read receipt in brackets beside it), the sender's line, the words; an
    attachment's path alone and a tapback quoting an earlier message are asides."""
    out = []
    for k in range(3):
        out += [f"Mar 15, 2024 9:{k * 7:02d}:00 PM", "Me"]
        if k == 0:
            out.append("/Users/lena/Library/Messages/Attachments/3f/IMG_4412.HEIC")
        out += [BILL[k], "", f"Mar 15, 2024 9:{k * 7 + 2:02d}:00 PM (Read by you)",
                "+15555550123", BILL_ANSWERS[k], ""]
        if k == 0:
            out += ["Mar 15, 2024 9:03:00 PM", "Me", "Loved “Your March bill shows 612 kWh…”",
                    ""]
    f = _write(tmp_path, "+15555550123.txt", "\n".join(out))
    learned = learn_header_turns(f.read_text(encoding="utf-8"))
    assert learned is not None and learned.roles == {"Me": "user", "+15555550123": "assistant"}
    asks_only_from(summarized_asks(tmp_path, f, capsys), BILL, ["IMG_4412", "Loved “"])


def test_turns_opened_by_a_bold_label_on_the_line(tmp_path, capsys):
    """``**You:** words`` / ``**ChatGPT:** words`` after a title; a markdown link alone in
    the person's turn is the attached file's, not an ask."""
    text = ("# Electricity bill\n\nExported on 6 May 2024\n\n---\n\n"
            f"**You:** {BILL[0]}\n\n[bill.jpg](https://files.example.com/file-abc123)\n\n"
            f"---\n\n**ChatGPT:** {BILL_ANSWERS[0]}\n\n---\n\n"
            f"**You:** {BILL[1]}\n\n---\n\n**ChatGPT:** {BILL_ANSWERS[1]}\n\n"
            "```python\nprint(45 * 0.11 * 12)\n```\n\n---\n\n"
            f"**You:** {BILL[2]}\n\n---\n\n**ChatGPT:** {BILL_ANSWERS[2]}\n")
    learned = learn_inline_labels(text)
    assert learned is not None and learned.roles == {"You": "user", "ChatGPT": "assistant"}
    f = _write(tmp_path, "Electricity bill.md", text)
    asks_only_from(summarized_asks(tmp_path, f, capsys), BILL, ["[bill.jpg]", "https://"])


def test_a_document_with_bold_lead_ins_stays_a_document():
    text = ("# Setup\n\n**Note:** install the tool first.\n\nRun it.\n\n"
            "**Warning:** it needs Python 3.11.\n\n**Note:** the cache lives in ~/.cache.\n")
    assert learn_inline_labels(text) is None


def _telegram(messages: list[tuple[str | None, str]]) -> str:
    body = ['<div class="message service" id="message1"><div class="body details">\n'
            "20 April 2024\n</div></div>\n"]
    for k, (who, words) in enumerate(messages, 2):
        name = f'<div class="from_name">\n{who}\n</div>\n' if who else ""
        joined = "" if who else " joined"
        body.append(f'<div class="message default clearfix{joined}" id="message{k}">\n'
                    f'<div class="body">\n<div class="pull_right date details">\n10:0{k}\n'
                    f'</div>\n{name}<div class="text">\n{words}\n</div>\n</div>\n</div>\n')
    return ('<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8"/>\n<title>Exported Data'
            '</title>\n</head>\n<body>\n<div class="history">\n' + "".join(body)
            + "</div>\n</body>\n</html>\n")


def test_an_html_export_of_sender_and_words_elements(tmp_path, capsys):
    """The sender's element and the words' element of one message sit side by side; a
    follow-up without a sender continues the one above; a service message is a notice."""
    msgs: list[tuple[str | None, str]] = [("Lena Hoffmann", "Hi! Quick question for you."),
                                          (None, BILL[0])]
    for k in range(3):
        msgs.append(("Bill Helper", BILL_ANSWERS[k]))
        if k < 2:
            msgs.append(("Lena Hoffmann", BILL[k + 1]))
    f = _write(tmp_path, "messages.html", _telegram(msgs))
    learned = learn_html_turns(f.read_text(encoding="utf-8"))
    assert learned is not None and learned.roles == {"Lena Hoffmann": "user",
                                                     "Bill Helper": "assistant"}
    asks_only_from(summarized_asks(tmp_path, f, capsys), ["Hi! Quick question for you.", *BILL],
                   ["20 April 2024"])


def test_a_web_page_with_names_in_running_text_is_no_chat():
    """Names inside a sentence or code (their parent has words of its own) are no senders."""
    rows = "".join(f'<p>Returns <a class="enum">{"Option" if k % 2 else "Result"}</a> when the '
                   f'value is <span class="kw">present</span> or absent in the list.</p>\n'
                   for k in range(8))
    assert learn_html_turns(f"<!DOCTYPE html>\n<html><body>\n{rows}</body></html>\n") is None


def test_a_mail_thread_its_quotes_and_signatures(tmp_path, capsys):
    """``From:`` / ``Sent:`` / ``To:`` blocks; the earlier mail quoted with ``>`` under an
    ``On … wrote:`` line, a signature after ``-- `` and an attachment's note are asides."""
    me, them = "Lena Hoffmann <lena@example.com>", "PowerCo Billing <billing@powerco.example>"
    out: list[str] = []
    prev = None
    for k in range(6):
        mine = k % 2 == 0
        words = BILL[k // 2] if mine else BILL_ANSWERS[k // 2]
        out += [f"From: {me if mine else them}", f"Sent: Mon, 18 Mar 2024 at {9 + k}:00",
                f"To: {them if mine else me}", "Subject: Re: March bill", "", words, ""]
        if k == 0:
            out += ["[Attachment: bill_march.jpg]", ""]
        out += ["-- ", "Lena" if mine else "PowerCo Customer Care", ""]
        if prev is not None:
            out += [f"On Mon, 18 Mar 2024, {prev[0]} wrote:", f"> {prev[1]}", ""]
        out += ["_" * 40, ""]
        prev = (me if mine else them, words)
    text = "\n".join(out)
    learned = learn_field_blocks(text)
    assert learned is not None and learned.roles[me] == "user"
    f = _write(tmp_path, "Re_ March bill.txt", text)
    asks_only_from(summarized_asks(tmp_path, f, capsys), BILL,
                   ["[Attachment", "wrote:", *BILL_ANSWERS])


def test_a_git_log_is_no_mail_thread():
    """Blocks of labelled lines whose words are indented under them: records, not mails."""
    out = []
    for k in range(6):
        out += [f"commit {k:040d}", f"Author: {'Ana <a@x.org>' if k % 2 else 'Bo <b@x.org>'}",
                f"Date:   Mon Jun 3 1{k}:00:00 2024 +0200", "", f"    Fix the parser, step {k}.",
                ""]
    assert learn_field_blocks("\n".join(out)) is None


def test_a_log_with_a_stamp_and_a_label_is_no_header_chat():
    """``Log started: date  time`` lines: a label and a value, no sender."""
    out = []
    for k in range(4):
        out += [f"Log started: 2025-06-2{k}  14:36:25", "Unpacking libfoo (1.2) ...",
                f"Log ended: 2025-06-2{k}  14:36:40", ""]
    assert learn_header_turns("\n".join(out)) is None
