"""Open questions: what the user or the agent asked and nobody answered.

Each question is checked against the replies after it, because a transcript is full of
questions that were answered, rhetorical or polite requests for work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.cues import QUESTION_END
from gapless.engine.extractive.display import shorten
from gapless.engine.extractive.units import Unit, is_voiced

_OPEN_CUE = re.compile(
    r"\b(?:TODO|FIXME|TBD|XXX)\b|(?i:\bnot sure\b|\bunclear\b|\bopen questions?\b|"
    r"\bstill need to\b|\bneeds? (?:to be )?(?:decided|investigated|confirmed)\b|"
    r"\bto be determined\b|\bremains? (?:open|unresolved|unknown)\b)|待定|不确定|未解决"
)
_DEFER = re.compile(
    r"\b(?:keep (?:that|this|it) open|leave (?:that|this|it) open|revisit|(?:remains?|still) "
    r"open|open question|take (?:that|this|it) to|park (?:that|this|it)|follow up on|"
    r"not (?:decide|decided) (?:it |that )?(?:here|yet|today))\b|待定|再议",
    re.IGNORECASE,
)

# A polite request ("Can you fix it?") is a task, not a question left open.
_REQUEST_Q = re.compile(
    r"^(?:and |so |also |then |ok(?:ay)?,? |now,? )?(?:can|could|would|will) (?:you|u)\b"
    r"(?! (?:tell|explain|confirm|clarify|check whether|let me know|say)\b)",
    re.IGNORECASE,
)

_AGENT_ROLES = frozenset(("assistant", "tool", "thinking"))


def find_open_questions(units: Sequence[Unit]) -> list[str]:
    """Questions nobody answered later in the text, and explicit TODO / not-sure notes, all
    from what the user or the agent said (never tool output, code or SQL placeholders).

    A user's question is answered once the agent replies in a later message; a polite request
    ("Can you fix it?") is a task, not a question. An agent's question stays open only when
    the agent handed the turn over after it (a question followed by its own tool call is
    rhetorical) and the user's later messages do not take it up."""
    found: list[tuple[int, str]] = []
    seen: set[str] = set()
    n = len(units)
    # The role of the first unit of the next message after each unit's message.
    next_role: list[str | None] = [None] * n
    following: str | None = None
    for i in range(n - 1, -1, -1):
        next_role[i] = following
        if i == 0 or units[i - 1].msg != units[i].msg:
            following = units[i].role
    for i, u in enumerate(units):
        if not is_voiced(u):
            continue
        text = u.text
        candidate = False
        if QUESTION_END.search(text) and len(u.terms) >= 2:
            if u.role == "user":
                candidate = (not _REQUEST_Q.match(text)
                             and not _answered(units, i, ("assistant",), any_reply=True))
            elif u.role == "assistant":
                candidate = (next_role[i] not in _AGENT_ROLES
                             and not _user_took_up(units, i))
            else:
                candidate = not _answered(units, i, ("text", "assistant", "user"))
        elif _OPEN_CUE.search(text) and len(u.terms) >= 2:
            candidate = True
        if _DEFER.search(text):
            # "let's keep that open": the latest question before it stays open.
            for k in range(i - 1, max(-1, i - 8), -1):
                prev = units[k]
                if (QUESTION_END.search(prev.text) and len(prev.terms) >= 2
                        and is_voiced(prev)):
                    shown_prev = shorten(prev.text, 200)
                    if shown_prev.lower() not in seen:
                        seen.add(shown_prev.lower())
                        found.append((k, shown_prev))
                    break
        if candidate:
            shown = shorten(text, 200)
            key = shown.lower()
            if key not in seen:
                seen.add(key)
                found.append((i, shown))
    found.sort(key=lambda item: item[0])
    return [q for _, q in found]


_YES_NO = re.compile(
    r"^(?:yes|yeah|yep|no|nope|nah|sure|ok(?:ay)?|agreed|correct|right|exactly|please do|"
    r"go ahead|do it|sounds good|let's do|don't|do not|not now|later|skip)\b"
    r"|^(?:好|可以|是的|不用|不要|行)",
    re.IGNORECASE,
)


def _user_took_up(units: Sequence[Unit], i: int) -> bool:
    """Whether the user answered the agent's question ``units[i]``: the user's next message is
    a yes/no ("yes, go ahead"), a few words, or shares a term with it; or a later one shares
    several."""
    q = units[i]
    qterms = set(q.terms)
    first_msg = -1
    first_words = 0
    first_shared = False
    first_yes_no = False
    for j in range(i + 1, min(len(units), i + 400)):
        u = units[j]
        if u.role != "user" or u.meta or u.msg == q.msg:
            continue
        shared = len(qterms & set(u.terms))
        if first_msg < 0 or u.msg == first_msg:
            if first_msg < 0:
                first_yes_no = _YES_NO.match(u.text) is not None
            first_msg = u.msg
            first_words += len(u.text.split())
            first_shared = first_shared or shared >= 1
            continue
        if shared >= max(2, len(qterms) // 2):
            return True
    return first_msg >= 0 and (first_shared or first_words <= 4 or first_yes_no)


def _answered(units: Sequence[Unit], i: int, roles: tuple[str, ...],
              any_reply: bool = False) -> bool:
    """Whether a later unit of one of ``roles`` (in a later message) picks up the question:
    with ``any_reply`` the first reply does; otherwise a reply that shares terms with it, or
    three replies of any kind."""
    q = units[i]
    qterms = set(q.terms)
    limit = min(len(units), i + 400)
    replies = 0
    for j in range(i + 1, limit):
        u = units[j]
        if u.msg == q.msg or u.role not in roles or u.noise < 0.3 or u.meta:
            continue
        if any_reply:
            if u.noise >= 0.5:
                return True
            continue
        replies += 1
        if len(qterms & set(u.terms)) >= max(1, len(qterms) // 3):
            return True
        if replies > 40:
            break
    # Any substantive reply in a later message counts as an answer in conversations.
    return not any_reply and replies >= 3
