"""A meeting: most lines open with a speaker's label (``Speaker: text``). Minuted: the
stated purpose, speakers quoted without fillers, decisions and actions with owners, a
``Topics:`` line (:mod:`engine.extractive.meeting`)."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.headline import is_speech
from gapless.engine.extractive.kinds.base import View, share
from gapless.engine.extractive.kinds.prose import ProseStyle
from gapless.engine.extractive.kinds.prose_kind import ProseKind
from gapless.engine.extractive.weights import MEETING


class MeetingKind(ProseKind):
    name = "meeting"
    style = ProseStyle("meeting", minutes=True)

    def detect(self, view: View) -> float:
        return 1.0 if is_speech(view.parsed) else 0.0

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool:
        return share(parts, self.name) >= MEETING.turn_share
