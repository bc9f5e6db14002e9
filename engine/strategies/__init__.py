"""Strategies: oneshot, tree, recursive (and the router that picks one)."""
