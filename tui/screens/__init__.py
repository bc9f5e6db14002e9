"""The workbench screens."""
