"""The argument parser every ``gapless`` command is built with: mistakes answered with a guess.

argparse says "invalid choice" or "unrecognized arguments" and stops there; a user who typed
``sumarize`` or ``--jsn`` wants to be told what they meant.
"""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

from gapless.engine import did_you_mean

_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")
_UNKNOWN = re.compile(r"unrecognized arguments: (.*)")


class GaplessParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors suggest the closest command, choice or flag."""

    def _flags(self) -> list[str]:
        return [s for a in self._actions for s in a.option_strings if s.startswith("--")]

    def error(self, message: str) -> NoReturn:
        choice = _CHOICE.search(message)
        if choice:
            options = [o.strip(" '") for o in choice.group(2).split(",")]
            message += did_you_mean(choice.group(1), options)
        unknown = _UNKNOWN.search(message)
        if unknown:
            first = unknown.group(1).split()[0]
            if first.startswith("-"):
                message += did_you_mean(first.split("=")[0], self._flags())
        super().error(message)


class HelpFormatter(argparse.HelpFormatter):
    """Help that states every option's default, unless the option's own text already does."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (action.option_strings and "default" not in text and text
                and default not in (None, False, argparse.SUPPRESS, [])):
            text += " (default: %(default)s)"
        return text
