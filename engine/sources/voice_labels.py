"""A field whose value is the same on every record of a voice is that voice's label.

A help desk writes beside each article who sent it as a mail header would (``Ana Costa
<ana@example.net>``, ``Lena via Support <support@example.org>``): a string of several words
that is never words said, since each voice carries its one value on record after record.
Words said are not repeated so: a field is a label when every voice that carries it has one
value there, and at least two voices carry it on more than one record each.
"""

from __future__ import annotations

MIN_VOICES = 2  # voices carrying the field on several records, at least


class VoiceValues:
    """The values one field takes on each voice's records."""

    __slots__ = ("by_voice", "counts")

    def __init__(self) -> None:
        self.by_voice: dict[str, set[str]] = {}
        self.counts: dict[str, int] = {}

    def see(self, voice: str | None, value: str) -> None:
        if voice is None:
            return
        self.by_voice.setdefault(voice, set()).add(value)
        self.counts[voice] = self.counts.get(voice, 0) + 1

    @property
    def label(self) -> bool:
        """One value for each voice, several records of at least two voices."""
        return (all(len(vs) == 1 for vs in self.by_voice.values())
                and sum(1 for c in self.counts.values() if c > 1) >= MIN_VOICES)
