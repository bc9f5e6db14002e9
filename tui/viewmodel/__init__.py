"""The workbench's view of a run, with no Textual in it: ``run_model`` (the events read from
the store and their fold by the engine's reducer), ``stepper`` (the state after step k),
``bars`` (what a coverage bar shows) and ``formatting`` (glyphs, percentages, sizes, one line
per event).

It may import ``engine`` and its event, state and span types, and nothing of ``tui``'s but
itself.
"""
