"""The use cases: every kind of stored run as the front ends start it, and the stored
records as they read them.

A front end (the command line, the workbench, the MCP server) parses, calls one of these
and prints; none of them opens a store or an event writer itself (tests/test_architecture.py
pins it). ``stored`` starts runs — summarize, read, compact, re-run, the journal — each on a
store opened and closed here whatever happens (a run that keeps its own events through
:func:`engine.usecases.stored.stored_run`, a writer); ``records`` is the read side: runs,
their events, the journal, why and verify through one handle, ``open_records(db)``; ``plan``
is a run's plan before it starts; ``summarize_path`` is ``summarize PATH``'s front door,
light to import, so the server is asked before the run's modules load. The top floor of
the engine: it may import every room below it.
"""
