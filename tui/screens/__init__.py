"""The workbench screens, each with its .tcss beside it: the journal and the runs (home), one
run (live, stepping, re-run), the skip audit, the settings; the modal dialogs in ``dialogs``.
(``CSS_PATH`` is the absolute path of that file, so a subclass defined elsewhere finds it.)

A screen may import ``engine`` (and its event and state types), ``tui.viewmodel``,
``tui.widgets``, ``tui.messages`` and ``tui.workbench`` — never ``tui.app``: it reaches the
shared state with ``tui.workbench.workbench(self)`` and asks the app for what only the app
does (open a run, start one) by posting a message from ``tui.messages``.
"""
