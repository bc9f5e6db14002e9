"""The workbench's modal dialogs: help, a one-line prompt, the re-run of a scope.

Each has its .tcss beside it. Like the screens, a dialog may import ``engine`` (and its
event and state types), ``tui.viewmodel`` and ``tui.widgets``, never ``tui.app``: it returns
its answer with ``dismiss`` and its caller decides what follows.
"""
