"""Any other text: running prose, its most central sentences in order. Always detected
(the registry's last kind)."""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.kinds.base import ACCEPT, View
from gapless.engine.extractive.kinds.prose import ProseStyle
from gapless.engine.extractive.kinds.prose_kind import ProseKind


class DocumentKind(ProseKind):
    name = "document"
    style = ProseStyle("document")

    def detect(self, view: View) -> float:
        return ACCEPT

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool:
        return True
