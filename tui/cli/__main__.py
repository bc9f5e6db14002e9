"""``python -m tui.cli``: the same entry point as the ``gapless`` script."""

import sys

from tui.cli.main import main

sys.exit(main())
