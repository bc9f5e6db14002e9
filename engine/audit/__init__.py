"""engine/audit."""
