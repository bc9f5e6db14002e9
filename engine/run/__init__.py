"""engine/run."""
