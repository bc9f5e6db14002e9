"""Another voice's words carried again inside a record: a quote, not the record's own words.

An answer can keep, beside its own words, the very text of the ask it answers (under the
intent it inferred, the query it ran): read as the answer's words, the ask would be said
again by the agent. A string of a record that repeats, whole and word for word, a string
another voice said earlier is that voice's, quoted; it is dropped when the record keeps
words of its own besides, so a message that only repeats another's (two people saying the
same thing) is still said.
"""

from __future__ import annotations

MIN_WORDS = 3  # a shorter string ("ok thanks") is said alike by anyone


class Echoes:
    """The strings said so far, each with the voice that said it first."""

    def __init__(self) -> None:
        self._first: dict[str, str] = {}

    def own(self, voice: str, texts: list[str]) -> list[str]:
        """``texts`` without the strings another voice said before, when some remain;
        this voice's strings are remembered as said."""
        kept = [t for t in texts if self._first.get(t.strip(), voice) == voice]
        out = kept if kept else texts
        for t in out:
            key = t.strip()
            if len(key.split()) >= MIN_WORDS:
                self._first.setdefault(key, voice)
        return out
