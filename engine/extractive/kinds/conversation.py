"""A conversation with an agent: a user or an assistant speaks in it (rendered message
headers or role prefixes). Laid out as Asked / Done / Decided / Left open bullets; the files
it changed, the commands it ran and the errors it met are fields of their own."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.conversation import is_conversation
from gapless.engine.extractive.kinds.base import View, share
from gapless.engine.extractive.kinds.prose import ProseStyle
from gapless.engine.extractive.kinds.prose_kind import ProseKind
from gapless.engine.extractive.weights import CONVERSATION


class ConversationKind(ProseKind):
    name = "conversation"
    style = ProseStyle("conversation", sectioned=True)

    def detect(self, view: View) -> float:
        return 1.0 if is_conversation(view.parsed) else 0.0

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool:
        # children laid out in sections give a parent laid out the same way; so does an
        # input that opens with a conversation's messages, whatever its long tool output
        # in between reads like when a leaf starts inside it
        return share(parts, self.name) >= CONVERSATION.fold_share or bool(
            parts and parts[0].kind == self.name)
