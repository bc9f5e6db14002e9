"""A log kept as a terminal received it: its lines hold the terminal's colour codes.

A console logger colours its level and its message (``\\x1b[32mINFO\\x1b[39m``), and a log
saved from a terminal, a container's output or a CI job keeps those codes. Each code sits
between a header's fields or inside them, so no field reads as written and every template
holds codes of its own. By structure: when a good share of the sampled lines hold a control
sequence, the log's format is learned from the lines without them and kept behind
:data:`PREFIX`, and every line is read without them; the bytes read are the file's, whose
codes a reader's terminal shows as colours.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from gapless.engine.extractive.logs.formats import Parser, Record

PREFIX = "colour:"
_CODE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
_SHARE = 0.3  # of the sampled lines holding a code: a coloured log (the rest plain lines)


def coloured(lines: Sequence[str]) -> bool:
    """Whether a good share of ``lines`` hold a terminal's control sequence."""
    return bool(lines) and sum(1 for ln in lines if "\x1b[" in ln) >= _SHARE * len(lines)


def without_codes(text: str) -> str:
    return _CODE.sub("", text) if "\x1b" in text else text


def is_coloured(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def plain(fmt: str) -> str:
    """The format a coloured log's lines have once their codes are left out."""
    return fmt[len(PREFIX):] if fmt.startswith(PREFIX) else fmt


def coloured_parser(parse: Parser) -> Callable[[str], Record | None]:
    """``parse`` of a line without its codes."""
    def read(line: str) -> Record | None:
        return parse(without_codes(line))
    return read
