"""Sizes that bound one extraction, kept together so that tuning happens in one place."""

from __future__ import annotations

CENTROID_TERMS = 50
MAX_UNIT_CHARS = 300  # longer sentences are cut into pieces of at most this size
MAX_DISPLAY = 280  # a quoted sentence is shortened to this many characters
MAX_ANCHORS = 20
MAX_PIECES = 17  # summary sentences, so that their anchors plus the headline's fit in 20
MAX_TOPICS = 8
MAX_QUESTIONS = 5
MAX_ENTITIES = 64
HEADLINE_CHARS = 100
LABEL_CHARS = 60
