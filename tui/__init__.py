"""Front ends over the engine's service layer: the ``gapless`` command line and the workbench."""
