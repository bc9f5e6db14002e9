"""Meeting transcripts: one ``Speaker: text`` turn per line.

Recognised when most non-empty lines open with a speaker label. Each turn stays on its own
line with its speaker; transcription markup (``{disfmarker}``, ``{vocalsound}``, ``{gap}``,
``[laughter]``, ``(inaudible)`` ...) leaves the rendering and is counted: per turn in
``parts_dropped`` ("transcription markup"), and a turn that held nothing else is dropped
for that reason. Every rendered line knows the source line it came from (``line_map``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from gapless.engine.core.account import Tally
from gapless.engine.sources.common import RenderOptions
from gapless.engine.sources.padded_labels import padded_to_one_column
from gapless.engine.sources.plaintext import Chunk, group_lines
from gapless.engine.sources.sample import STRUCTURE, Sample

SNIFF_LINES = 200
SPEAKER_LABEL = re.compile(r"^([A-Z][^:\d\[\]{}<>=/\\|\n]{0,79}?(?: \d{1,3})?):(?:[ \t]|$)")
# bracketed cues of a transcription: "[laughter]", "(inaudible)"
_CUES = (
    r"\[(?:laughter|laughs?|laughing|noise|inaudible|unintelligible|crosstalk|applause|"
    r"music|silence|coughs?|coughing|sighs?|pause|background noise|overlapping|"
    r"indiscernible|static|beep|gap)\]"
    r"|\((?:inaudible|unintelligible|indiscernible|crosstalk|laughter|laughs|laughing|"
    r"coughs?|pause|silence|applause|noise)\)"
)
MARKUP = re.compile(r"\{[A-Za-z_]+\}|" + _CUES, re.IGNORECASE)
# The markup of a spoken turn in text not known to be a meeting (``gapless read`` of a raw
# file): the transcription corpora's own tokens and the cues, never an arbitrary ``{name}``
# that a chat line may quote.
SPOKEN_MARKUP = re.compile(
    r"\{(?:disfmarker|vocalsound|nonvocalsound|pause|gap|comment|laughter|noise)\}|" + _CUES,
    re.IGNORECASE,
)


def looks_like_meeting(text: str) -> bool:
    """Most of the first lines are ``Speaker: text`` with a few speakers that recur."""
    lines = [ln for ln in text.splitlines()[: SNIFF_LINES * 2] if ln.strip()][:SNIFF_LINES]
    if len(lines) < 4:
        return False
    labels = [m.group(1) for ln in lines if (m := SPEAKER_LABEL.match(ln))]
    if len(labels) < 0.7 * len(lines) or padded_to_one_column(lines, 0.5):
        return False  # (labels padded to one column are a record's fields: no speakers)
    counts = Counter(labels)
    return len(counts) >= 2 and counts.most_common(1)[0][1] >= 2


def detect(sample: Sample) -> float:
    """A text's structure score when its first lines are speaker turns."""
    return STRUCTURE if looks_like_meeting(sample.text) else 0.0


def render_chunks(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    """The meeting's turns, markup out, in messages of a few KB (every line counted)."""
    turns = render_meeting(data.decode("utf-8-sig"), tally)
    return group_lines(turns.lines, turns.sources)


@dataclass
class MeetingLines:
    """The rendered turns and, for each, the source line it came from."""

    lines: list[str] = field(default_factory=list)
    sources: list[int] = field(default_factory=list)


def render_meeting(text: str, tally: Tally) -> MeetingLines:
    """Every turn without its markup; each source line counted once in ``tally``."""
    out = MeetingLines()
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        m = SPEAKER_LABEL.match(raw)
        speaker, said = (m.group(1), raw[m.end():]) if m else ("", raw)
        marks = MARKUP.findall(said)
        clean = re.sub(r"[ \t]{2,}", " ", MARKUP.sub(" ", said)).strip() if marks else said.strip()
        if not re.search(r"\w", clean):
            reason = "transcription markup" if marks else "empty turn"
            tally.dropped(n, reason, "text")
            continue
        if marks:
            tally.part_dropped(n, "transcription markup", len(marks))
        out.lines.append(f"{speaker}: {clean}" if speaker else clean)
        out.sources.append(n)
        tally.rendered(n, "conversation")
    return out
