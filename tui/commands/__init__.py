"""One module per ``gapless`` command.

Each module defines ``NAME``, ``HELP``, ``register(parser)`` and ``run(args) -> int``
(``run`` may be a coroutine function). The command line discovers them here.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def command_modules() -> list[ModuleType]:
    mods = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(mod, "register") and hasattr(mod, "run"):
            mods.append(mod)
    return mods
