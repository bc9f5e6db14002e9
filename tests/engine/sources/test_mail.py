"""A mail thread is people writing to each other. A mailbox was read as a chat of labelled
blocks: its first writer the assistant, the others the user, and the mbox's ``From addr
date`` separators listed as their asks. Each message is now a record, its paragraphs said
by its writer (``Dana Lee: …``), decoded from base64 or quoted-printable; quotes of earlier
messages, signatures and attachments leave the rendering, counted."""

from __future__ import annotations

import base64
import json
import quopri
from pathlib import Path

import pytest

from gapless.engine.sources import load_transcript
from gapless.engine.sources.detect import detect_format
from tests.support.cli import isolate_cli, run_cli

PEOPLE = [("Dana Lee", "dana@example.org"), ("Omar Farouk", "omar@example.org"),
          ("Priya Shah", "priya@example.org")]
SAID = [
    "I propose we move the build farm to the new cluster next week. The old machines fail "
    "about once a day and the queue is three hours long at peak.",
    "Agreed on the move. We decided last month to keep one old machine as a fallback, so "
    "the move can be undone in an hour if the new cluster misbehaves.",
    "Who will update the runner configuration? I can take the monitoring dashboards.",
    "I will update the runner configuration by Thursday and send the diff to the list.",
    "Thanks. Please also check that the cache volume is large enough for the nightly jobs.",
    "The cache volume is 2 TB, the nightly jobs use 1.4 TB at most, so it fits.",
]


def _message(k: int, text: str) -> list[str]:
    name, addr = PEOPLE[k % 3]
    head = [f"From {addr} Mon Mar  {4 + k} 10:{k:02d}:00 2024",
            f"From: {name} <{addr}>", "To: infra@lists.example.org",
            f"Date: Mon, {4 + k} Mar 2024 10:{k:02d}:00 +0000",
            f"Subject: {'Re: ' if k else ''}[infra] Moving the build farm",
            f"Message-ID: <{k}.thread@example.org>", "MIME-Version: 1.0"]
    quote = [f"> {SAID[k - 1][:60]}", f"> {SAID[k - 1][60:120]}", ""] if k else []
    sign = ["", "-- ", name, "Infrastructure team"]
    if k == 2:  # a multipart message with an attachment, its text quoted-printable
        body = quopri.encodestring(("\n".join([*quote, text, *sign])).encode()).decode()
        png = base64.b64encode(b"\x89PNG\r\n" + bytes(range(200))).decode()
        return [*head, 'Content-Type: multipart/mixed; boundary="b1"', "", "--b1",
                "Content-Type: text/plain; charset=utf-8",
                "Content-Transfer-Encoding: quoted-printable", "", body, "--b1",
                'Content-Type: image/png; name="load.png"',
                'Content-Disposition: attachment; filename="load.png"',
                "Content-Transfer-Encoding: base64", "", png, "--b1--", ""]
    if k == 4:  # base64 text, as some clients send it
        body = base64.encodebytes(text.encode()).decode()
        return [*head, "Content-Type: text/plain; charset=utf-8",
                "Content-Transfer-Encoding: base64", "", body, ""]
    return [*head, "Content-Type: text/plain; charset=utf-8", "", *quote, text, *sign, ""]


def mbox() -> str:
    return "\n".join(line for k, text in enumerate(SAID) for line in _message(k, text))


def test_a_thread_reads_as_its_writers_paragraphs(tmp_path: Path) -> None:
    path = tmp_path / "infra-2024-March.mbox"
    path.write_text(mbox(), encoding="utf-8")
    assert detect_format(path) == "mail"
    t = load_transcript(path)
    text = t.text(0, len(t))
    turns = [ln for ln in text.splitlines() if not ln.startswith("# ")]
    assert turns == [f"{PEOPLE[k % 3][0]}: {s}" for k, s in enumerate(SAID)]
    assert text.startswith("# [infra] Moving the build farm (Mon, 04 Mar 2024")
    assert "From omar@example.org" not in text and "Infrastructure team" not in text
    records = t.account.records if t.account else None
    assert records is not None and records.total == records.rendered == 6
    assert records.parts_dropped == {"quoted line": 8, "signature": 5, "attachment": 1}


def test_one_message_and_the_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    one = tmp_path / "reply.eml"
    one.write_text("\n".join(_message(3, SAID[3])[1:]), encoding="utf-8")
    assert detect_format(one) == "mail"
    assert load_transcript(one).text(0, 10_000).splitlines()[1] == f"Dana Lee: {SAID[3]}"
    isolate_cli(tmp_path, monkeypatch)
    path = tmp_path / "thread.mbox"
    path.write_text(mbox(), encoding="utf-8")
    code, out = run_cli(capsys, "summarize", str(path))
    assert code == 0 and "complete" in out
    assert "Asked" not in out and "From dana@example.org" not in out
    code, out = run_cli(capsys, "summarize", str(path), "--json", "--force")
    assert json.loads(out)["entry"]["kind"] == "meeting"


def test_a_sender_the_parser_cannot_take_apart_is_still_read(tmp_path: Path) -> None:
    # the standard library's modern policy raises IndexError on an address cut after "<"
    raw = mbox().replace("From: Omar Farouk <omar@example.org>", "From: Omar Farouk <", 1)
    path = tmp_path / "cut.mbox"
    path.write_text(raw, encoding="utf-8")
    t = load_transcript(path)
    turns = [ln for ln in t.text(0, len(t)).splitlines() if not ln.startswith("# ")]
    assert turns[1] == f"Omar Farouk: {SAID[1]}"
    assert t.account is not None and t.account.records.rendered == 6


def test_a_body_only_in_html_says_the_words_it_shows(tmp_path: Path) -> None:
    # its styles had been said as words ("p { margin: 0 }"), its entities left coded
    html = ("<html><head><style>p { margin: 0; font-family: Arial }</style></head><body>"
            "<p>The nightly jobs use 1.4 TB &amp; the cache holds 2&nbsp;TB.</p>"
            "<script>track()</script><p>So it fits.</p></body></html>")
    head = _message(0, "")[:7]
    path = tmp_path / "html.eml"
    path.write_text("\n".join([*head[1:], "Content-Type: text/html; charset=utf-8", "",
                                html, ""]), encoding="utf-8")
    t = load_transcript(path)
    said = [ln for ln in t.text(0, len(t)).splitlines() if not ln.startswith("# ")]
    assert said == ["Dana Lee: The nightly jobs use 1.4 TB & the cache holds 2 TB.",
                    "Dana Lee: So it fits."]
