"""Captions (WebVTT, SubRip): a recorded meeting or talk as video tools export its words.

A cue is a record: an optional identifier, a timing line (``00:01:02.500 --> 00:01:05.000``)
and its text. The timings and the markup leave the rendering; the words stay, as meeting
turns: a cue's speaker is its voice tag (``<v Dana Lee>``, as Teams writes it) or a
``Name:`` label in its text (as Zoom writes it), and a speaker's consecutive cues make one
turn (``Dana Lee: …``), so the meeting kind minutes it. A line a rolling caption repeats
from the cue before it is said once (counted: "repeated caption line"); a cue with no words
is dropped as such, and the file's header, notes and styles as "caption header".
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from gapless.engine.core.account import Tally
from gapless.engine.sources.common import RenderOptions
from gapless.engine.sources.meeting import SPEAKER_LABEL
from gapless.engine.sources.plaintext import Chunk, group_lines
from gapless.engine.sources.sample import STRUCTURE, Sample

_CLOCK = r"(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}"
TIMING = re.compile(rf"^\s*{_CLOCK}\s+-->\s+{_CLOCK}(?:\s.*)?$")
_VOICE = re.compile(r"<v(?:\.[\w.-]+)?\s+([^>]+)>")
_TAG = re.compile(r"</?[a-zA-Z][^>]*>|<\d{1,2}:\d{2}[:.\d]*>|\{\\[^}]*\}")
_HEADER_BLOCK = re.compile(r"^(?:WEBVTT|NOTE|STYLE|REGION)(?:\s|$)")
TURN_CHARS = 1500  # a long monologue's turn is cut at a cue boundary past this


def detect(sample: Sample) -> float:
    """WebVTT's header, or a start of numbered cues with timing lines (SubRip)."""
    text = sample.body.decode("utf-8", errors="replace")
    if text.startswith("WEBVTT"):
        return STRUCTURE
    lines = [ln.strip() for ln in text.splitlines()[:120]]
    timings = [i for i, ln in enumerate(lines) if TIMING.match(ln)]
    return STRUCTURE if len(timings) >= 3 and timings[0] <= 2 else 0.0


@dataclass
class _Turns:
    """The rendered turns: a speaker's consecutive cues joined, each with its first line."""

    lines: list[str] = field(default_factory=list)
    sources: list[int] = field(default_factory=list)
    speaker: str | None = None
    words: list[str] = field(default_factory=list)
    first: int = 0

    def add(self, speaker: str, said: str, line: int) -> None:
        if self.words and (speaker != self.speaker or
                           sum(len(w) + 1 for w in self.words) > TURN_CHARS):
            self.close()
        if not self.words:
            self.speaker, self.first = speaker, line
        self.words.append(said)

    def close(self) -> None:
        if self.words:
            said = " ".join(self.words)
            self.lines.append(f"{self.speaker}: {said}" if self.speaker else said)
            self.sources.append(self.first)
            self.words = []


def _blocks(text: str) -> list[tuple[int, list[str]]]:
    """The file's blocks (separated by blank lines), each with its first line's number."""
    out: list[tuple[int, list[str]]] = []
    block: list[str] = []
    start = 0
    for n, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            if not block:
                start = n
            block.append(raw.strip())
        elif block:
            out.append((start, block))
            block = []
    if block:
        out.append((start, block))
    return out


def render_chunks(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    """The cues' words as turns, in messages of a few KB (every block counted once)."""
    turns = _Turns()
    previous: tuple[str, list[str]] = ("", [])
    for line, block in _blocks(data.decode("utf-8").lstrip("\ufeff")):
        at = next((i for i, ln in enumerate(block) if TIMING.match(ln)), None)
        if at is None or at > 1:
            reason = "caption header" if _HEADER_BLOCK.match(block[0]) else "not a cue"
            tally.dropped(line, reason, "text")
            continue
        speaker, said, repeated = _cue_words(block[at + 1:], previous)
        if not said:
            tally.dropped(line, "repeated caption line" if repeated else "empty cue",
                          "conversation")
            continue
        if repeated:
            tally.part_dropped(line, "repeated caption line", repeated)
        previous = (speaker, said)
        tally.rendered(line, "conversation")
        turns.add(speaker, " ".join(said), line)
    turns.close()
    return group_lines(turns.lines, turns.sources)


def _cue_words(lines: list[str], previous: tuple[str, list[str]]) -> tuple[str, list[str], int]:
    """A cue's speaker (its voice tag or ``Name:`` label; "" for none), its lines of words,
    and how many of its first lines only repeat the last lines of the cue before it, of
    the same speaker (a rolling caption shows each line twice)."""
    who = ""
    said: list[str] = []
    for raw in lines:
        voice = _VOICE.search(raw)
        if voice:
            who = voice.group(1).strip()
        text = html.unescape(_TAG.sub("", raw)).strip()
        label = SPEAKER_LABEL.match(text)
        if label and not who:
            who, text = label.group(1), text[label.end():].strip()
        if re.search(r"\w", text):
            said.append(text)
    before_who, before = previous
    repeated = 0
    if who == before_who:
        repeated = next((k for k in range(min(len(said), len(before)), 0, -1)
                         if said[:k] == before[-k:]), 0)
    return who, said[repeated:], repeated
