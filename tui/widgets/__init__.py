"""The workbench widgets: the coverage bar, the invocation tree, the node detail panes, the
run header and the step-through timeline.

A widget shows what it is given; it may import ``engine``'s event and state types and
``tui.viewmodel``, never a screen or the app.
"""
