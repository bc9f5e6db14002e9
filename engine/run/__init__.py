"""The run: one lifecycle for every kind of run, and the one place every model call goes through.

Floors, bottom up: ``calibration`` (bytes per token on this input), ``calls`` (the call site:
budgets, concurrency, the window check, the record of every call), ``answers`` (usable
answers, the corrective retry, halting a useless model), ``context`` (the RunContext: memo
keys and each invocation's start and proven finish; ``memo`` holds outcomes and keys),
``leaf`` (a scope read in one call, split in two on an overflow) and ``fold`` (children
merged, packed by the pure rules of ``packing``). ``prompts`` holds the leaf and fold
prompts and the fences that keep transcript text as data; ``lifecycle`` starts and finishes
a run; ``collector`` runs Python's garbage collector less often while a run is live.
May import ``engine.core`` and ``engine.providers``; never the store or a strategy.
"""
