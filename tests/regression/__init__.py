"""Recorded command-line outputs: the byte-for-byte comparison for the restructuring."""
