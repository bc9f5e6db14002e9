"""What a log's lines are once what wraps each of them is left out.

A terminal's colour codes (:mod:`.colour_codes`) and a collector's prefix
(:mod:`.collector_prefix`) wrap a program's own lines; what the log is (an access log, a
JSON log), and whether its templates are its routes, is told by the lines they wrap.
"""

from __future__ import annotations

from gapless.engine.extractive.logs.collector_prefix import behind, is_collected
from gapless.engine.extractive.logs.colour_codes import is_coloured, plain


def underlying(fmt: str) -> str:
    """The format of the program's own lines of a log of format ``fmt``."""
    while is_coloured(fmt) or is_collected(fmt):
        fmt = behind(plain(fmt))
    return fmt
