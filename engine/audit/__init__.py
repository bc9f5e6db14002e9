"""The audit: why a run produced what it did, and re-running one failed scope of it.

``why`` renders the persisted invocation tree from the stored events; ``rerun`` re-runs a
subtree as a new linked run and recomposes its ancestors. May import every engine room
below the front ends (store, journal, strategies, run, core).
"""
