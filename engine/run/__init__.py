"""The run: one lifecycle for every kind of run, and the one place every model call goes through.

``context`` holds the RunContext (calls, budgets, memo, coverage bookkeeping, leaf and fold
calls); ``prompts`` the leaf and fold prompts and the fences that keep transcript text as
data; ``collector`` runs Python's garbage collector less often while a run is live.
May import ``engine.core`` and ``engine.providers``; never the store or a strategy.
"""
