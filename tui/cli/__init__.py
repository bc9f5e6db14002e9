"""The ``gapless`` command line: ``main`` and one module per command, shared flags defined once.

Commands reach the engine through its public surface (``engine``) and its event and state
types (``engine.core.*``), never its inner modules; they import no Textual at module level —
the workbench (``tui.app``) is started only by the ``tui`` and ``serve`` commands.
"""
