"""tui/viewmodel."""
