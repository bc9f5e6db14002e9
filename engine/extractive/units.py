"""The unit of summarization: one sentence with its span, speaker role and noise.

Also the role weights, and who may be quoted as having said something, which every stage
(salience, headline, questions, selection) asks the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gapless.engine.extractive.limits import MAX_ENTITIES
from gapless.engine.extractive.noise import is_machine_text

ROLE_WEIGHT = {
    "user": 1.35,
    "assistant": 1.0,
    "text": 1.0,
    "thinking": 0.55,
    "tool": 0.15,
    "system": 0.2,
    "continuation": 0.5,  # text before the first message header: the tail of an unseen message
}


@dataclass(slots=True)
class Unit:
    """One sentence (or sentence-sized piece) of the text, with its character span."""

    start: int
    end: int
    text: str
    role: str
    msg: int
    order: int
    noise: float
    terms: list[str]
    meta: bool = False
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class Said:
    """Who said a span of text: its message's role and index, the noise its kind of line
    carries, and whether it is meta (injected, not written by the speaker)."""

    role: str
    msg: int
    noise: float
    meta: bool = False


@dataclass(slots=True)
class Parsed:
    """A segmented text: its units plus the entities its raw lines named."""

    units: list[Unit]
    files: dict[str, float]  # path -> mentions, weighted by the role that mentioned it
    file_order: list[str]
    commands: list[str]
    errors: list[str]
    messages: int
    roles_seen: set[str]
    speaker_turns: int = 0  # lines that opened with a ``Speaker:`` label (a transcript of talk)
    changed: list[str] = field(default_factory=list)  # files written by edits, patches, shells
    titled: bool = False  # the text opens with a markdown title ("# Name"): its first unit


class OrderedSet:
    """An insertion-ordered set of strings with a size cap (deterministic dedupe)."""

    __slots__ = ("_keys", "cap", "items")

    def __init__(self, cap: int = MAX_ENTITIES) -> None:
        self.items: list[str] = []
        self._keys: set[str] = set()
        self.cap = cap

    def add(self, item: str) -> None:
        item = item.strip()
        key = item.lower()
        if not item or key in self._keys or len(self.items) >= self.cap:
            return
        self._keys.add(key)
        self.items.append(item)


def is_prose(u: Unit) -> bool:
    """Worded text of a speaker or a document, not tool output or injected context."""
    return u.noise >= 0.5 and not u.meta and u.role not in ("tool", "system")


def is_voiced(u: Unit) -> bool:
    """Said by a person or the agent (or plain document text): the only units that may give
    a headline or an open question. Tool output, injected context, the agent's private
    reasoning and text of unknown speaker (a leaf that starts inside a message) never do."""
    return (u.noise >= 0.5 and not u.meta and u.role in ("user", "assistant", "text")
            and not is_machine_text(u.text))
