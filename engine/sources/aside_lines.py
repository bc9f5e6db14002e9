"""Lines of a text message that are not what its sender said: what the app wrote around it.

A chat saved as text keeps, inside a message, lines its sender never typed: an attachment
as its link or its path alone on a line (a markdown link too) or as a bracketed note naming
a file (``[Attachment: bill.jpg]``), a section label in braces or brackets alone
(``{Attachments}``), a count alone (a reaction's), and a reference to an earlier message —
a reaction or a reply shows the opening of the message it points at, in quotes, cut with an
ellipsis (``Reacted to "Your March bill shows ..." with 👍``). Such a line is an aside of the
app, never an ask nor an answer; the rest of the message stays the sender's words.
"""

from __future__ import annotations

import re

from gapless.engine.core.account import Tally
from gapless.engine.sources.line_turns import LineTurn

_ADDRESS = re.compile(r"^(?:[a-z][a-z0-9+.-]*://\S+|~?/\S+|[A-Za-z]:\\\S+"
                      r"|!?\[[^\]\n]*\]\(\S+\))$")  # a link, a path, a markdown link alone
_LABEL = re.compile(r"^[{\[<(][^\s{}\[\]<>()]{1,40}[}\]>)]$")
_COUNT = re.compile(r"^\d{1,4}$")
# a note in brackets alone naming a file (an attachment): ``[Attachment: bill.jpg]``
_FILE_NOTE = re.compile(r"^[\[<({][^\]>)}\n]{0,40}?[\w-]+\.[A-Za-z0-9]{2,5}[\]>)}]$")
# a quoted opening of another message, cut: "…", “…”, «…» ending in an ellipsis
_QUOTED = re.compile(r"[\"“«'‘]([^\"”»'’]{8,200}?)(?:\.\.\.|…)[\"”»'’]")
_MIN_ECHO = 8  # characters of an earlier message a reference repeats, at least


def _flat(text: str) -> str:
    return " ".join(text.split()).casefold()


def is_aside(line: str, earlier: list[str], alone: bool = False) -> bool:
    """Whether a message's line is the app's (an attachment's address, a label alone, a
    count after words, a quoted reference to one of the ``earlier`` messages), not the
    sender's words; ``alone``: the line is the whole message (a count is then a reply)."""
    s = line.strip()
    if not s:
        return False
    if _ADDRESS.match(s) or _LABEL.match(s) or _FILE_NOTE.match(s) \
            or (_COUNT.match(s) and not alone):
        return True
    m = _QUOTED.search(s)
    if m is None:
        return False
    head = _flat(m.group(1))
    return len(head) >= _MIN_ECHO and any(_flat(t).startswith(head) for t in earlier)


def split_asides(turn: LineTurn, earlier: list[str], tally: Tally) -> list[LineTurn]:
    """A message cut where the app's asides are (:func:`is_aside`): runs of its words keep
    its role, runs of asides become notices (a blank line stays in its run); each non-empty
    line counted once in ``tally``."""
    alone = sum(1 for _m, w in turn.body if w) == 1
    pieces: list[LineTurn] = []
    for m, words in turn.body:
        if not words.strip() and pieces:
            pieces[-1].body.append((m, words))
            continue
        aside = turn.role != "system" and is_aside(words, earlier, alone)
        role = "system" if aside or turn.role == "system" else turn.role
        if words.strip():
            tally.rendered(m, "harness" if role == "system" else "conversation")
        if not pieces or pieces[-1].role != role:
            first = not pieces
            pieces.append(LineTurn(role, turn.line if first else m, [], turn.note))
        pieces[-1].body.append((m, words))
    if all(p.role != turn.role for p in pieces):  # nothing the sender said: a notice
        return [LineTurn("system", turn.line, turn.body, turn.note)]
    if pieces[0].role != turn.role:  # the header stays with the sender's words
        pieces.insert(0, LineTurn(turn.role, turn.line, [], turn.note))
    return pieces
