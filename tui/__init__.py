"""Gapless's front ends: the ``gapless`` command line (``tui.cli``), the Textual workbench
(``tui.app`` and its screens, widgets and view model) and the MCP server (``tui.mcp``,
started by ``gapless mcp``).

The front ends use the engine only through its public surface, ``engine`` (its ``__all__``),
plus the event and state types themselves: ``engine.core.events`` (and ``run_info``, the
typed details a run's start carries), ``engine.core.state``, ``engine.core.spans`` and
``engine.core.transcript`` (pinned by tests/tui/test_layers.py).
Within the workbench the imports go one way: ``tui.app`` -> ``tui.screens`` ->
``tui.widgets`` -> ``tui.viewmodel``; ``tui.launcher``, ``tui.messages`` and
``tui.workbench`` serve the app and the screens and import no screen.
"""
