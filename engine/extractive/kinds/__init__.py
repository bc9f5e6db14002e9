"""Kinds of input, each behind one protocol (:class:`~.base.Kind`), in one ordered registry
(:mod:`.registry`).

A kind detects itself from a text's structure (a score, never a file's or a product's
name), summarizes a leaf into an :class:`~engine.core.extraction.Extraction` that carries
its ``kind``, merges children of its kind in a fold, and folds their answers to a question.
The registry asks the kinds in order: ``log`` (lines that share a line-start shape),
``code``, ``meeting`` (speaker turns), ``conversation`` (a user and an agent), ``changelog``
(a repeated release heading, learned from the text) and ``document`` (anything else).
Each kind's weights are named in :mod:`engine.extractive.weights`.

Adding a kind: its module (detect, summarize, claims, merge, answer), one line in
:data:`.registry.REGISTRY`, its tests.

This package's ``__init__`` imports nothing: the registry is :mod:`.registry`. The weights
live beside the package (importing nothing), so the modules that do a kind's work
(``logs``, ``code``, ``headline``) read them without a cycle through the registry.
"""
