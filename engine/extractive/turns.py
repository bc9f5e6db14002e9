"""A chat export's turn markers, as the leaf reads them: learned by the sources floor
(:mod:`engine.sources.turns`), which renders a whole export by the same markers, so a
leaf and its file never disagree on whose turn a line is."""

from __future__ import annotations

from gapless.engine.sources.turns import Turns, learn_turns

__all__ = ["Turns", "learn_turns"]
