"""engine/strategies/chunked."""
