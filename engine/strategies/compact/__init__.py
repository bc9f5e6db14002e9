"""The compact strategy (``gapless compact``): summarize the head of a conversation, keep the tail.

``messages`` loads and renders conversations, ``entities`` finds what a summary must keep,
``summarize`` writes the summaries, ``validate`` checks them and falls back, ``memory``
builds the summary and working-memory messages and ``compaction`` is the algorithm.
"""
