"""Strategies: what to read and in what order; every call still goes through ``engine.run``.

``router`` picks among ``oneshot``, ``tree`` and ``recursive`` (whose model protocol is in
``protocol``); ``chunked`` is the sequential read of ``gapless read``; ``compact`` is agent
context compaction. May import ``engine.core``, ``engine.run``, ``engine.providers``,
``engine.sources`` and ``engine.config``; never the store, the journal or a front end.
"""
