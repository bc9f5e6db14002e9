"""Gapless engine: coverage-guaranteed summarization of inputs larger than a context window.

This package is a library. It never imports Textual; front ends live in ``tui``.
"""

__version__ = "0.1.0"
