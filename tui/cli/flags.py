"""The flags many commands share: ``--db`` (every command that reads or writes the
database), ``--json``; and how their output is printed."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_db_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="FILE",
                        help="database file (default: $GAPLESS_DB or the user data directory)")


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON on stdout")


def print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, default=str))


def wide_when_piped() -> int | None:
    """A console width for tables: the terminal's, or no limit when the output is piped.

    A table cut to 80 columns is useless to ``grep`` or ``cut``; a file has no width.
    """
    return None if sys.stdout.isatty() else 10_000
