"""Gapless: summarize inputs larger than any context window, with proof that every byte was read.

The one installed name. The library is `gapless.engine` (the repository's `engine/`) and the
front ends — the command line, the workbench, the MCP server — are `gapless.tui` (`tui/`).
"""
