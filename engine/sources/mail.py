"""E-mail: a mailbox (mbox, as mail clients and mailing-list archives save a thread) or one
message (``.eml``), read with the standard library's parser.

A thread is people writing to each other, not a user and an assistant: the chat reader of
labelled blocks took its first writer for the assistant, the others for the user, and the
mbox's ``From sender@host date`` separator lines for their asks. Each message is a record:
its writer (the ``From:`` name), subject and date head it, its text is said by its writer
paragraph by paragraph (``Dana Lee: …``, as a meeting's turns are), decoded from its
transfer encoding. What a reply quotes (``> `` lines), a signature (below ``-- ``) and
attachments leave the rendering, counted per message.
"""

from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr

from gapless.engine.core.account import Tally
from gapless.engine.sources.common import RenderOptions
from gapless.engine.sources.html_page import shown_lines
from gapless.engine.sources.plaintext import Chunk, group_lines
from gapless.engine.sources.sample import STRUCTURE, Sample

_HEADER = re.compile(rb"^([A-Za-z][A-Za-z0-9-]{1,40}):[ \t]?(.*)$")
_KNOWN = frozenset({b"from", b"to", b"cc", b"date", b"subject", b"message-id", b"received",
                    b"return-path", b"mime-version", b"in-reply-to", b"references",
                    b"delivered-to", b"content-type", b"reply-to", b"x-mailer"})
_SENT = frozenset({b"message-id", b"received", b"return-path", b"mime-version",
                   b"delivered-to"})  # a message as sent, not as a client prints it
_SEPARATOR = re.compile(rb"^From \S+ .*\d{4}\s*$")  # mbox: "From addr Wed May  1 09:00:00 2024"


def _headers(lines: list[bytes]) -> set[bytes]:
    """The names of the header lines that open ``lines`` (up to the first blank line)."""
    names: set[bytes] = set()
    for line in lines:
        if not line.strip():
            break
        m = _HEADER.match(line)
        if m:
            names.add(m.group(1).lower())
        elif line[:1] not in (b" ", b"\t"):  # (a folded header line goes on)
            return set()
    return names


def detect(sample: Sample) -> float:
    """A mailbox's separator line over a message's headers, or a message as sent (a header
    block with the fields a mail server writes). A thread printed from a mail client
    (``From:`` / ``Sent:`` / ``To:`` blocks, no message ids) is a chat export's text."""
    lines = sample.body.replace(b"\r\n", b"\n").split(b"\n")[:60]
    boxed = bool(lines) and bool(_SEPARATOR.match(lines[0]))
    names = _headers(lines[1:] if boxed else lines)
    if b"from" not in names or len(names & _KNOWN) < 3:
        return 0.0
    return STRUCTURE if boxed or names & _SENT else 0.0


def _messages(data: bytes) -> list[tuple[int, bytes]]:
    """The messages of a mailbox (or the one message), each with its first line's number."""
    lines = data.replace(b"\r\n", b"\n").split(b"\n")
    starts = [i for i, ln in enumerate(lines)
              if _SEPARATOR.match(ln) and (i == 0 or not lines[i - 1].strip())]
    if not starts:
        return [(1, data)]
    return [(s + 1, b"\n".join(lines[s + 1:e]))
            for s, e in zip(starts, [*starts[1:], len(lines)], strict=True)]


def _writer(sender: str) -> str:
    name, address = parseaddr(sender)
    return (name or address.replace(" at ", "@") or "unknown writer").strip()


def _read(raw: bytes, line: int, tally: Tally) -> tuple[str, str, str, str] | None:
    """A message's writer, subject, date and text (None when it has no sender). A header
    the parser's modern policy cannot take apart (it raises on some malformed addresses) is
    read again as the raw strings the older policy keeps."""
    try:
        message = BytesParser(policy=policy.default).parsebytes(raw)
        if not isinstance(message, EmailMessage) or not message.get("From"):
            return None
        return (_writer(str(message["From"])), _one_line(message.get("Subject", "")),
                _one_line(message.get("Date", "")), _text(message, line, tally))
    except (IndexError, ValueError, TypeError, AttributeError, LookupError):
        old = BytesParser(policy=policy.compat32).parsebytes(raw)
        if not old.get("From"):
            return None
        parts = [p for p in old.walk() if p.get_content_type() == "text/plain"]
        payload = parts[0].get_payload(decode=True) if parts else None
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
        return (_writer(str(old["From"])), _one_line(old.get("Subject", "")),
                _one_line(old.get("Date", "")), text)


def _one_line(value: object) -> str:
    return " ".join(str(value or "").split())


def _text(message: EmailMessage, line: int, tally: Tally) -> str:
    """The message's own words: its plain text (else its HTML's), attachments counted."""
    attached = sum(1 for _ in message.iter_attachments()) if message.is_multipart() else 0
    if attached:
        tally.part_dropped(line, "attachment", attached)
    body = message.get_body(preferencelist=("plain", "html"))
    if body is None:
        return ""
    try:
        text = str(body.get_content())
    except (LookupError, ValueError):  # an unknown charset: the bytes as they are
        payload = body.get_payload(decode=True)
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    if body.get_content_subtype() == "html":  # the words it shows, each block a paragraph
        return "\n\n".join(shown_lines(text))
    return text


def _paragraphs(text: str, line: int, tally: Tally) -> list[str]:
    """The paragraphs the writer wrote: quoted lines and the signature counted, not said."""
    lines = text.replace("\r\n", "\n").split("\n")
    if "-- " in lines:
        cut = lines.index("-- ")
        tally.part_dropped(line, "signature")
        lines = lines[:cut]
    quoted = sum(1 for ln in lines if ln.lstrip().startswith(">"))
    if quoted:
        tally.part_dropped(line, "quoted line", quoted)
    out: list[str] = []
    words: list[str] = []
    for ln in [*lines, ""]:
        if ln.strip() and not ln.lstrip().startswith(">"):
            words.append(ln.strip())
        elif words:
            out.append(" ".join(words))
            words = []
    return out


def _thread(subject: str) -> str:
    """A subject less its reply and forward marks: the thread it belongs to."""
    return re.sub(r"^(?:\s*(?:re|fwd?|aw|sv|wg)\s*:\s*)+", "", subject,
                  flags=re.IGNORECASE).strip().lower()


def render_chunks(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    """Every message's paragraphs, in order, as its writer's turns; a thread's subject and
    date above its first message."""
    lines: list[str] = []
    sources: list[int] = []
    subject = ""
    for line, raw in _messages(data):
        read = _read(raw, line, tally)
        if read is None:
            tally.dropped(line, "not a message", "text")
            continue
        writer, topic, stamp, text = read
        said = _paragraphs(text, line, tally)
        if not said:
            tally.dropped(line, "empty message", "conversation")
            continue
        tally.rendered(line, "conversation")
        if topic and _thread(topic) != subject:  # a new thread: its subject and start
            subject = _thread(topic)
            lines.append(f"# {topic}" + (f" ({stamp})" if stamp else ""))
            sources.append(line)
        for paragraph in said:
            lines.append(f"{writer}: {paragraph}")
            sources.append(line)
    return group_lines(lines, sources)
