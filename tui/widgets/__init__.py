"""The workbench widgets and the run model they show (events folded by the engine reducer)."""
