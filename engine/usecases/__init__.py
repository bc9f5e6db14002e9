"""The use cases: every kind of stored run, as the front ends start it.

A front end (the command line, the workbench, the MCP server) parses, calls one of these
and prints; none of them opens a store or an event writer itself. Each run here goes through
:func:`engine.usecases.stored.stored_run`: open the store, keep the run's events, close both,
whatever happens. The top floor of the engine: it may import every room below it.
"""
