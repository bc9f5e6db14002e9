"""``python -m gapless.tui.cli``: the same entry point as the ``gapless`` script."""

import sys

from gapless.tui.cli.main import main

sys.exit(main())
