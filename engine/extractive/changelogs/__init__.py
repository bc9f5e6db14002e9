"""Rules of the changelog kind (:mod:`engine.extractive.kinds.changelog`) kept apart, one
module a rule."""
