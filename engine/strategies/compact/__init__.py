"""engine/strategies/compact."""
